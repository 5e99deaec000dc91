// One route-module convention for every remote (shared/CONTRACT.md §9 "Route modules",
// decision 5502): a page's route module is one file next to its page, `src/<feature>/<name>Route.tsx`,
// holding its handle, loader, action, Component and ErrorBoundary; the standalone page's map of
// them is generated from the route list. Read from every remote's route list, so a new page is
// checked as soon as it is listed.
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { REMOTE_NAMES, appDir } from './apps';

interface RouteModulesGenerator {
  MAP_FILE: string;
  checkRouteModules(appDir: string): void;
  routeModulesSource(list: Entry[]): string;
  writeRouteModules(appDir: string): boolean;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the generator is CommonJS (tooling/), as the builds read it
const generator = require('../../tooling/routeModules.cjs') as RouteModulesGenerator;
const { MAP_FILE, checkRouteModules, routeModulesSource, writeRouteModules } = generator;

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

it('finds the route modules of every remote', () => {
  expect(new Set(modules.map((m) => m.name.split(' ')[0])).size).toBe(REMOTE_NAMES.length);
  for (const m of modules) expect(existsSync(m.file)).toBe(true);
});

describe.each(modules)('$name', ({ file }) => {
  const source = readFileSync(file, 'utf8');

  it('exports only handle, loader, action, Component and ErrorBoundary', () => {
    expect(exportedNames(source).filter((name) => !ALLOWED_EXPORTS.has(name))).toEqual([]);
  });

  it('is a *Route.tsx file of a feature folder, beside the page it renders', () => {
    expect(file).toMatch(/[/\\]src[/\\][\w-]+[/\\][a-z]\w*Route\.tsx$/);
    expect(file).not.toMatch(/[/\\]src[/\\]routes[/\\]/);
  });

  it('holds its own loader and action (declared here, not re-exported)', () => {
    for (const kind of ['loader', 'action']) {
      const reexported = new RegExp(`^export const ${kind} = `, 'm').test(source);
      expect({ kind, reexported }).toEqual({ kind, reexported: false });
    }
  });
});

// A remote's standalone page and its tests take its route modules from src/routes/routeModules.ts,
// generated from the route list; the remote's build refuses a stale one.
it.each(REMOTE_NAMES)("%s's module map is what its route list gives", (app) => {
  expect(() => checkRouteModules(appDir(app))).not.toThrow();
});

describe('the generated module map', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'route-modules-'));
    cpSync(join(appDir('checkout'), 'src/routes'), join(dir, 'src/routes'), { recursive: true });
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const addPage = () => {
    const listFile = join(dir, 'src/routes/routes.json');
    const list = JSON.parse(readFileSync(listFile, 'utf8')) as Entry[];
    list.push({ module: './gift-wrap', file: './src/gift-wrap/giftWrapRoute.tsx' });
    writeFileSync(listFile, JSON.stringify(list));
  };

  it('fails the check, naming the command, once the list has a page the map lacks', () => {
    addPage();
    expect(() => checkRouteModules(dir)).toThrow(
      /src\/routes\/routeModules\.ts does not match src\/routes\/routes\.json: run `npm run routes:generate`/,
    );
  });

  it('imports and maps every listed module once, and is written again from the list', () => {
    addPage();
    expect(writeRouteModules(dir)).toBe(true);
    const source = readFileSync(join(dir, MAP_FILE), 'utf8');
    expect(source).toContain("import * as giftWrap from '../gift-wrap/giftWrapRoute';");
    expect(source).toContain("  './gift-wrap': giftWrap,");
    expect(() => checkRouteModules(dir)).not.toThrow();
    expect(writeRouteModules(dir)).toBe(false);
  });

  it('names one import for a module that serves several paths', () => {
    const source = routeModulesSource([
      { module: './category', file: './src/category/categoryRoute.tsx' },
      { module: './category', file: './src/category/categoryRoute.tsx' },
    ]);
    expect(source.match(/import \* as category /g)).toHaveLength(1);
  });
});
