// Remote entries are built without the federation runtime's core and read it from the page
// (tooling/federationRuntime/, decision 1310). A name their runtime imports but the provider
// lacks would be undefined in the browser, the failure surfacing only when a remote loads. So
// every name the runtime packages bundled into a remote entry import from
// '@module-federation/runtime-core' must be provided, under the same name.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './apps';
import { namesIn } from './importNames';

const PROVIDED = join(ROOT, 'tooling/federationRuntime/core.mjs');
const CORE = '@module-federation/runtime-core';
/** The packages a remote entry bundles that import the core (webpack's bundler runtime and its runtime). */
const BUNDLED = ['@module-federation/runtime', '@module-federation/webpack-bundler-runtime'];
/**
 * Entry points of those packages that re-export the whole core. No browser build imports them
 * (the bundler runtime imports `@module-federation/runtime` and its `/helpers`).
 */
const WHOLE_CORE_ENTRIES = ['@module-federation/runtime/dist/core.js'];

/** `import * as x from` or `export * from` the core: every name, which no list can cover. */
const TAKES_ALL = new RegExp(`(import\\s*\\*\\s*as\\s+\\w+|export\\s*\\*)\\s*from\\s*"${CORE}"`);

function packageDir(name: string): string {
  return join(ROOT, 'node_modules', name);
}

/** Value names imported from the core, file by file, and the files that take all of it. */
function coreImports(): { used: Map<string, string>; whole: string[] } {
  const used = new Map<string, string>();
  const whole: string[] = [];
  for (const pkg of BUNDLED) {
    const dist = join(packageDir(pkg), 'dist');
    for (const entry of readdirSync(dist, { recursive: true, encoding: 'utf8' })) {
      if (!entry.endsWith('.js')) continue;
      const file = join(dist, entry);
      const relative = file.slice(join(ROOT, 'node_modules').length + 1);
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*"([^"]+)"/g)) {
        if (match[2] === CORE) for (const name of namesIn(match[1]!)) used.set(name, relative);
      }
      if (TAKES_ALL.test(text) && !WHOLE_CORE_ENTRIES.includes(relative)) whole.push(relative);
    }
  }
  return { used, whole };
}

/** The names `core.mjs` re-exports from the core: what the page provides. */
function providedNames(): string[] {
  const text = readFileSync(PROVIDED, 'utf8');
  return [
    ...text.matchAll(new RegExp(`export\\s*\\{([^}]*)\\}\\s*from\\s*'${CORE}'`, 'g')),
  ].flatMap((match) => namesIn(match[1]!));
}

describe('the federation runtime the page provides to remote entries', () => {
  it('provides every name the bundled runtime imports from the core', () => {
    const { used } = coreImports();
    // The bundler runtime's own runtime imports the federation class and its helpers.
    expect(used.has('ModuleFederation')).toBe(true);
    expect(used.has('helpers')).toBe(true);
    const provided = providedNames();
    expect(provided.length).toBeGreaterThan(5);
    const missing = [...used.entries()]
      .filter(([name]) => !provided.includes(name))
      .map(([name, file]) => `${name} (imported by ${file})`);
    expect(missing).toEqual([]);
  });

  it('finds no bundled module that takes the whole core, which no list could cover', () => {
    expect(coreImports().whole).toEqual([]);
  });
});
