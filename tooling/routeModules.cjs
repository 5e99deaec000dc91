// A remote's module map (src/routes/routeModules.ts), generated from its route list: each listed
// module name with the file that serves it, for the remote's standalone page and its tests (the
// assembled shop loads the same files through Module Federation). Written by
// `npm run routes:generate`; the remote's build refuses a map that its route list does not give
// (webpack.factory.cjs), so a page added to routes.json cannot be missing from the standalone page.
const fs = require('node:fs');
const path = require('node:path');

const MAP_FILE = 'src/routes/routeModules.ts';
const LIST_FILE = 'src/routes/routes.json';

/** `./src/product/productRoute.tsx` → `../product/productRoute` (from src/routes/). */
function importPath(file) {
  const fromRoutes = path.posix.relative('src/routes', path.posix.normalize(file));
  const bare = fromRoutes.replace(/\.tsx?$/, '');
  return bare.startsWith('.') ? bare : `./${bare}`;
}

/** `./order-detail` → `orderDetail`. */
function bindingName(module) {
  return module
    .replace(/^\.\//, '')
    .replace(/[-_](\w)/g, (_, letter) => letter.toUpperCase())
    .replace(/^\d/, (digit) => `_${digit}`);
}

/** The map's source for a route list (Prettier's layout, so `prettier --check` passes). */
function routeModulesSource(routeList) {
  // One module may serve several paths (the catalog's "./category": /men and /women).
  const files = new Map();
  for (const { module, file } of routeList) {
    if (!file) throw new Error(`routes.json: ${module} names no file`);
    if (files.has(module) && files.get(module) !== file) {
      throw new Error(`routes.json: ${module} names two files, ${files.get(module)} and ${file}`);
    }
    files.set(module, file);
  }
  const entries = [...files].map(([module, file]) => ({ module, file, name: bindingName(module) }));
  const imports = entries.map(
    ({ name, file }) => `import * as ${name} from '${importPath(file)}';`,
  );
  const map = entries.map(({ module, name }) => `  '${module}': ${name},`);
  return [
    '// Generated from routes.json by `npm run routes:generate`: do not edit. The build checks it.',
    "import type { RouteListEntry, RouteModuleExports } from '@shop/shared';",
    ...imports,
    "import routeList from './routes.json';",
    '',
    '// JSON literal types are wider than the entry type: readRouteList checks the shape in tests.',
    'export const ROUTE_LIST = routeList as RouteListEntry[];',
    '',
    'export const ROUTE_MODULES: Record<string, RouteModuleExports> = {',
    ...map,
    '};',
    '',
  ].join('\n');
}

function readList(appDir) {
  return JSON.parse(fs.readFileSync(path.join(appDir, LIST_FILE), 'utf8'));
}

/** Writes the app's map from its route list; true when the file changed. */
function writeRouteModules(appDir) {
  const file = path.join(appDir, MAP_FILE);
  const source = routeModulesSource(readList(appDir));
  const before = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
  if (before === source) return false;
  fs.writeFileSync(file, source);
  return true;
}

/** Throws when the app's map is not what its route list gives. */
function checkRouteModules(appDir) {
  const file = path.join(appDir, MAP_FILE);
  const expected = routeModulesSource(readList(appDir));
  const actual = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
  if (actual !== expected) {
    throw new Error(
      `${path.relative(process.cwd(), file)} does not match ${LIST_FILE}: ` +
        'run `npm run routes:generate` and commit the result.',
    );
  }
}

module.exports = { MAP_FILE, routeModulesSource, writeRouteModules, checkRouteModules };
