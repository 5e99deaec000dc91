// `npm run routes:generate`: writes each remote's module map (src/routes/routeModules.ts) from its
// route list (src/routes/routes.json), for its standalone page and its tests. A remote's build
// refuses a map its list does not give (tooling/routeModules.cjs, decision 5502).
import { relative } from 'node:path';
import { REMOTE_NAMES, ROOT, appDir } from './lib/apps';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the generator is CommonJS (tooling/), as the builds read it
const { MAP_FILE, writeRouteModules } = require('../tooling/routeModules.cjs') as {
  MAP_FILE: string;
  writeRouteModules(appDir: string): boolean;
};

for (const app of REMOTE_NAMES) {
  const changed = writeRouteModules(appDir(app));
  const file = relative(ROOT, `${appDir(app)}/${MAP_FILE}`);
  console.log(`${file}: ${changed ? 'written' : 'up to date'}`);
}
