// `npm start`: builds the five apps for production, then runs the whole storefront on embedded
// defaults (every port in tooling/apps.json: shell 8080, the remotes 8081–8084, the database,
// the Auth and Functions emulators). `npm run dev` runs webpack-dev-server instead of the builds.
// Logs are prefixed per app; Ctrl+C stops everything.
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { buildAll } from './lib/build';
import { LOCAL_URLS, ROOT, appOrigin } from './lib/apps';
import {
  ALL_SERVICES,
  isPortOpen,
  portsOf,
  serviceSpec,
  spawnService,
  stopChild,
  waitForService,
} from './lib/services';

async function main() {
  const dev = process.argv.includes('--dev');
  const skipBuild = process.argv.includes('--no-build');
  const dataDir = process.env.SHOP_DATA_DIR ?? join(ROOT, '.data');
  if (!dev && !skipBuild) await buildAll();

  const children: ChildProcess[] = [];
  let stopping = false;
  const stopAll = async (code: number) => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping the storefront…');
    await Promise.all(children.map((child) => stopChild(child)));
    process.exit(code);
  };
  process.on('SIGINT', () => void stopAll(0));
  process.on('SIGTERM', () => void stopAll(0));

  // `npm run dev` serves every app with webpack-dev-server (pages rendered in the browser).
  const specs = ALL_SERVICES.filter((name) => !(dev && name === 'browser-rendered')).map((name) =>
    serviceSpec(name, { dataDir, dev }),
  );
  for (const spec of specs) {
    for (const port of portsOf(spec)) {
      if (await isPortOpen(port)) {
        console.error(
          `Port ${port} (${spec.name}) is already in use; stop whatever uses it and try again.`,
        );
        await stopAll(1);
        return;
      }
    }
  }
  await Promise.all(
    specs.map(async (spec, index) => {
      await spec.prepare?.();
      const child = spawnService(spec, index);
      children.push(child);
      child.once('exit', (code, signal) => {
        if (!stopping) console.error(`[${spec.name}] stopped (${signal ?? `exit ${code}`}).`);
      });
      await waitForService(spec, child);
    }),
  ).catch(async (error: unknown) => {
    console.error('The storefront could not start:', error);
    await stopAll(1);
  });
  console.log(
    dev
      ? `\nThe storefront is up: ${appOrigin('shell')}  (Ctrl+C stops everything)\n`
      : `\nThe storefront is up: ${appOrigin('shell')} (pages rendered on the server; ` +
          `rendered in the browser: ${LOCAL_URLS.browserRendered}; ` +
          `the shell's Hosting site as deployed: ${LOCAL_URLS.hostingEmulator})  (Ctrl+C stops everything)\n`,
  );
}

void main();
