// Production builds of the five apps, two at a time (the machines have two cores).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { APP_NAMES, ROOT, appDir, type AppName } from './apps';

const WEBPACK = join(ROOT, 'node_modules/webpack-cli/bin/cli.js');

export function buildApp(
  app: AppName,
  env: Record<string, string> = {},
  outputPath?: string,
  { sideBySide = true }: { sideBySide?: boolean } = {},
): Promise<void> {
  return buildFolder(appDir(app), env, outputPath, app, { sideBySide });
}

/**
 * A production build of the app whose webpack config is in `dir` (e.g. a changed copy): its
 * browser build and its server build when it has one (`webpack.server.cjs`, decision 1302). A
 * remote's server build goes to `server/` inside the browser build's folder (which the browser
 * build's clean keeps), so one folder is the whole deploy. `sideBySide`: the two builds run at
 * once, one per core, for an app built alone; `buildAll` builds two apps at once instead.
 */
export async function buildFolder(
  dir: string,
  env: Record<string, string> = {},
  outputPath?: string,
  app = dir,
  { sideBySide = true }: { sideBySide?: boolean } = {},
): Promise<void> {
  const browser = () => runWebpack(dir, env, outputPath ? ['--output-path', outputPath] : [], app);
  if (!existsSync(join(dir, 'webpack.server.cjs'))) return browser();
  const serverOutput =
    outputPath && app !== 'shell' ? ['--output-path', join(outputPath, 'server')] : [];
  const server = () =>
    runWebpack(dir, env, ['-c', 'webpack.server.cjs', ...serverOutput], `${app} (server)`);
  if (sideBySide) {
    await Promise.all([browser(), server()]);
  } else {
    await browser();
    await server();
  }
}

function runWebpack(
  dir: string,
  env: Record<string, string>,
  extra: string[],
  app: string,
): Promise<void> {
  const args = [WEBPACK, '--mode', 'production', ...extra];
  return new Promise((resolveBuild, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: dir,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.once('exit', (code) =>
      code === 0 ? resolveBuild() : reject(new Error(`build of ${app} failed (exit ${code})`)),
    );
  });
}

export async function buildAll(
  apps: readonly AppName[] = APP_NAMES,
  concurrency = 2,
): Promise<void> {
  const queue = [...apps];
  // Fewer apps than builds at once: each app's two builds take the free cores.
  const sideBySide = apps.length < concurrency;
  const started = Date.now();
  console.log(`Building ${apps.join(', ')}…`);
  await Promise.all(
    Array.from({ length: Math.min(concurrency, queue.length) }, async () => {
      for (let app = queue.shift(); app; app = queue.shift()) {
        const t0 = Date.now();
        await buildApp(app, {}, undefined, { sideBySide });
        console.log(`built ${app} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
      }
    }),
  );
  console.log(`All builds done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
