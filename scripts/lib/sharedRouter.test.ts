// The apps share react-router-dom as a list of names (tooling/shared/react-router-dom.mjs). A name
// an app imports but the list lacks would be undefined in the browser, so every value an app
// imports from 'react-router-dom' must be on the list, and the list must name real exports.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import * as reactRouterDom from 'react-router-dom';
import { APP_NAMES, ROOT, appDirName } from './apps';
import { namesIn } from './importNames';

const APP_SOURCES = ['shared', ...APP_NAMES.map(appDirName)];
const LIST = join(ROOT, 'tooling/shared/react-router-dom.mjs');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

function sharedNames(): string[] {
  const text = readFileSync(LIST, 'utf8');
  return [...text.matchAll(/export\s*\{([^}]*)\}\s*from/g)].flatMap((match) => namesIn(match[1]!));
}

/** Value imports from 'react-router-dom' in code the browser runs (tests run in jest). */
function importedNames(): Map<string, string> {
  const used = new Map<string, string>();
  for (const app of APP_SOURCES) {
    for (const file of sourceFiles(join(ROOT, app, 'src'))) {
      // The shell server (src/server) runs in Node with the whole react-router-dom.
      if (/\.test\.tsx?$/.test(file) || file.includes('/testing/') || file.includes('/src/server/'))
        continue;
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(
        /import\s+(type\s+)?\{([^}]*)\}\s*from\s*'react-router-dom'/g,
      )) {
        if (match[1]) continue; // import type { ... }
        for (const name of namesIn(match[2]!)) used.set(name, file.slice(ROOT.length + 1));
      }
    }
  }
  return used;
}

describe('the shared react-router-dom list', () => {
  it('names only real react-router-dom exports', () => {
    const names = sharedNames();
    expect(names.length).toBeGreaterThan(10);
    const missing = names.filter((name) => !(name in reactRouterDom));
    expect(missing).toEqual([]);
  });

  it('holds every name the apps import', () => {
    const shared = new Set(sharedNames());
    const used = importedNames();
    expect(used.size).toBeGreaterThan(10);
    const notShared = [...used]
      .filter(([name]) => !shared.has(name))
      .map(([n, f]) => `${n} (${f})`);
    expect(notShared).toEqual([]);
  });
});
