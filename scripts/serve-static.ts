// Serves one app's production build (a remote's: its site of releases): `tsx scripts/serve-static.ts <app> [--port N] [--root DIR]`.
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { headersOf, hostingSite } from './lib/hosting';
import { startStaticServer } from './lib/staticServer';
import { siteDirOf } from './lib/releases';
import { APP_NAMES, appDir, appPage, appPort, type AppName } from './lib/apps';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { port: { type: 'string' }, root: { type: 'string' } },
});
const requested = (positionals[0] ?? '').replace(/-mfe$/, '');
if (!APP_NAMES.includes(requested as AppName)) {
  console.error(`usage: serve-static <${APP_NAMES.join('|')}> [--port N] [--root DIR]`);
  process.exit(2);
}
const app = requested as AppName;
const port = values.port ? Number(values.port) : appPort(app);
// A remote's site is its kept releases and the pointer to the current one (decision 4901).
const root = values.root ?? (app === 'shell' ? join(appDir(app), 'dist') : siteDirOf(app));

// Product images live with the shell; a remote's standalone page shows them too (as in dev).
const mounts: Record<string, string> =
  app === 'shell' ? {} : { '/images': join(appDir('shell'), 'public/images') };

// The headers of the app's Hosting site (firebase.json): what we deploy is what runs here.
const headers = headersOf(hostingSite(app));

startStaticServer({ root, port, headers, page: appPage(app), spaFallback: true, mounts }).then(
  () => console.log(`${app} serving ${root} on http://localhost:${port}`),
  (error: unknown) => {
    console.error(`${app} could not listen on ${port}:`, error);
    process.exit(1);
  },
);
