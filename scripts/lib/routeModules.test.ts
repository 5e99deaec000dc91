// One route-module convention for the four remotes (shared/CONTRACT.md §9 "Route modules"): a
// page's exposed module in src/routes/ only assembles the page; its loader and action live next to
// the page in a `*Route.ts(x)` file. Read from every remote's route list, so a new page is checked
// as soon as it is listed.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { REMOTE_NAMES, appDir } from './apps';

interface Entry {
  module: string;
  file: string;
}

const modules = REMOTE_NAMES.flatMap((app) => {
  const dir = appDir(app);
  const list = JSON.parse(readFileSync(join(dir, 'src/routes/routes.json'), 'utf8')) as Entry[];
  return list.map((entry) => ({
    name: `${app} ${entry.module}`,
    file: resolve(dir, entry.file),
  }));
});

const ALLOWED_EXPORTS = new Set(['handle', 'loader', 'action', 'Component', 'ErrorBoundary']);

/** The names a module exports (`export const|function|async function NAME`). */
function exportedNames(source: string): string[] {
  return [...source.matchAll(/^export (?:const|(?:async )?function) (\w+)/gm)].map((m) => m[1]!);
}

/** Where `name` is imported from in `source`, or null. */
function importedFrom(source: string, name: string): string | null {
  for (const m of source.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'([^']+)'/g)) {
    const names = m[1]!.split(',').map((part) => part.trim().replace(/^type\s+/, ''));
    if (names.includes(name)) return m[2]!;
  }
  return null;
}

it('finds the route modules of the four remotes', () => {
  expect(new Set(modules.map((m) => m.name.split(' ')[0])).size).toBe(4);
  for (const m of modules) expect(existsSync(m.file)).toBe(true);
});

describe.each(modules)('$name', ({ file }) => {
  const source = readFileSync(file, 'utf8');

  it('exports only handle, loader, action, Component and ErrorBoundary', () => {
    expect(exportedNames(source).filter((name) => !ALLOWED_EXPORTS.has(name))).toEqual([]);
  });

  it('takes its loader and action from a *Route file next to the page', () => {
    for (const kind of ['loader', 'action']) {
      const assigned = new RegExp(`^export const ${kind} = (\\w+);`, 'm').exec(source);
      const inline = new RegExp(`^export (?:async )?function ${kind}\\b`, 'm').test(source);
      expect({ kind, inline }).toEqual({ kind, inline: false });
      if (!assigned) continue;
      const from = importedFrom(source, assigned[1]!);
      expect(from).toMatch(/^\.\.\/[\w-]+\/\w+Route$/);
      const target = resolve(dirname(file), from!);
      expect(existsSync(`${target}.ts`) || existsSync(`${target}.tsx`)).toBe(true);
    }
  });
});

// A remote's standalone page (src/bootstrap.tsx) hands every module of its route list to
// routesFromList, which refuses to start without one (a page added to routes.json alone broke the
// account's standalone page). The catalog keeps its map in src/routes/routeModules.ts.
it.each(REMOTE_NAMES)("%s's standalone page knows every module of its route list", (app) => {
  const dir = appDir(app);
  const list = JSON.parse(readFileSync(join(dir, 'src/routes/routes.json'), 'utf8')) as Entry[];
  const map = ['src/bootstrap.tsx', 'src/routes/routeModules.ts']
    .map((file) => join(dir, file))
    .filter((file) => existsSync(file))
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n');
  const missing = [...new Set(list.map((entry) => entry.module))].filter(
    (module) => !map.includes(`'${module}':`),
  );
  expect({ app, missing }).toEqual({ app, missing: [] });
});
