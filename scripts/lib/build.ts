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
): Promise<void> {
  return buildFolder(appDir(app), env, outputPath, app);
}

/**
 * A production build of the app whose webpack config is in `dir` (e.g. a changed copy): its
 * browser build, then its server build when it has one (`webpack.server.cjs`, decision 1302). A
 * remote's server build goes to `server/` inside the browser build's folder, so one folder is
 * the whole deploy.
 */
export async function buildFolder(
  dir: string,
  env: Record<string, string> = {},
  outputPath?: string,
  app = dir,
): Promise<void> {
  await runWebpack(dir, env, outputPath ? ['--output-path', outputPath] : [], app);
  if (existsSync(join(dir, 'webpack.server.cjs'))) {
    const serverOutput =
      outputPath && app !== 'shell' ? ['--output-path', join(outputPath, 'server')] : [];
    await runWebpack(dir, env, ['-c', 'webpack.server.cjs', ...serverOutput], `${app} (server)`);
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
  const started = Date.now();
  console.log(`Building ${apps.join(', ')}…`);
  await Promise.all(
    Array.from({ length: Math.min(concurrency, queue.length) }, async () => {
      for (let app = queue.shift(); app; app = queue.shift()) {
        const t0 = Date.now();
        await buildApp(app);
        console.log(`built ${app} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
      }
    }),
  );
  console.log(`All builds done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
