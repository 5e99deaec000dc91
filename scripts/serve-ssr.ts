// The shell with its pages rendered on the server (decision 1302):
// `tsx scripts/serve-ssr.ts [--port N]` (the storefront on 8080 in `npm start`) serves shell/dist's files and answers every page with
// the shell server (shell/dist-server/server.js), as Hosting with a rewrite to it would.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { appDir, appPage } from './lib/apps';
import { headersOf, hostingSite } from './lib/hosting';
import { startStaticServer } from './lib/staticServer';

const { values } = parseArgs({ options: { port: { type: 'string' } } });
const port = values.port ? Number(values.port) : Number(process.env.SHOP_SSR_PORT ?? 8080);
const shell = appDir('shell');
const distDir = join(shell, 'dist');
const require = createRequire(__filename);
const { createPageHandler } = require(join(shell, 'dist-server/server.js')) as {
  createPageHandler: (options: {
    distDir: string;
    publicReadTtlMs?: number;
    renderCacheTtlMs?: number;
  }) => (req: IncomingMessage, res: ServerResponse) => Promise<void>;
};

/** A duration in ms from the environment; unset: undefined (the server's default). */
function msFromEnv(name: string): number | undefined {
  const value = process.env[name];
  if (value === undefined || value === '') return undefined;
  const ms = Number(value);
  if (!Number.isFinite(ms) || ms < 0) {
    console.error(`${name}=${value} is not a duration in ms`);
    process.exit(1);
  }
  return ms;
}

startStaticServer({
  root: distDir,
  port,
  // The shell's Hosting site's headers (firebase.json), on its files and its pages.
  headers: headersOf(hostingSite('shell')),
  page: appPage('shell'),
  spaFallback: true,
  // SHOP_SSR_PUBLIC_READ_MS: how long public reads are reused; SHOP_SSR_RENDER_CACHE_MS: how long
  // rendered public pages are (0: never, a render for every page; the benchmark's cache misses).
  pages: createPageHandler({
    distDir,
    publicReadTtlMs: msFromEnv('SHOP_SSR_PUBLIC_READ_MS'),
    renderCacheTtlMs: msFromEnv('SHOP_SSR_RENDER_CACHE_MS'),
  }),
}).then(
  () => console.log(`shell (server-rendered) serving ${distDir} on http://localhost:${port}`),
  (error: unknown) => {
    console.error(`the shell server could not listen on ${port}:`, error);
    process.exit(1);
  },
);
