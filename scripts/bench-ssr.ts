// The shell server under load (decisions 1302 and 3701): pages/s and latency p50/p99 of the home
// page and a product page at 50 connections asking for gzip, served from the render cache ("ours
// hit": the default cache, warmed first) and rendered for every request ("ours miss":
// SHOP_SSR_RENDER_CACHE_MS=0), against the same pages of the Tractor Store blueprint (a local
// checkout at SHOP_BLUEPRINT_DIR, default /work/tractor-store-blueprint, started here with
// `USE_LOCAL_IMAGES=true npm start` on 127.0.0.1:3000; without it, ours alone). Every server is
// measured in every run, in turn (the order rotates), medians of the runs; then the aims below.
// Requests for one address that arrive during its render share that render, with or without the
// cache; so that every "miss" answer is a render of its own, each asks its own address (`?render=N`).
//   npm run bench:ssr [-- --runs 5 --seconds 8 --connections 50]
// The blueprint is neuland/tractor-store-blueprint checked out outside this repository (none of it
// is committed here), its dependencies installed. Its server reads nothing from the network (with
// USE_LOCAL_IMAGES its pages name its own images; their fonts are a browser's concern), and
// scripts/lib/loopbackOnly.cjs keeps it off the machine's other interfaces.
// Needs production builds (`npm run build`); starts the database, the catalog query service and
// the catalog remote unless the storefront is running. Each server runs in its own process (ours:
// scripts/serve-ssr.ts with NODE_ENV=production, as deployed), one at a time, on a port of its
// own, so the load generator shares no event loop with it.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { ROOT, appDir } from './lib/apps';
import { ensureStack } from './lib/benchStack';
import { isPortOpen, stopChild, waitForPort } from './lib/services';
import { median } from './lib/stats';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    seconds: { type: 'string', default: '8' },
    connections: { type: 'string', default: '50' },
  },
});
const RUNS = Number(values.runs);
const SECONDS = Number(values.seconds);
const CONNECTIONS = Number(values.connections);
const WARM_UP_SECONDS = 2;

const serverFile = join(appDir('shell'), 'dist-server/server.js');
if (!existsSync(serverFile)) {
  console.error(`${serverFile} is missing: run \`npm run build\` first.`);
  process.exit(1);
}

const BLUEPRINT_DIR = process.env.SHOP_BLUEPRINT_DIR || '/work/tractor-store-blueprint';
/** Where our shell server listens (one server runs at a time). */
const OURS_PORT = 8095;
/** The blueprint's port: fixed in its src/server.node.js. */
const BLUEPRINT_PORT = 3000;
/** Makes the blueprint listen on 127.0.0.1 only (it names no host: every interface). */
const LOOPBACK_ONLY = join(ROOT, 'scripts/lib/loopbackOnly.cjs');

// The aims the runs are checked against.
const HIT_P99_MS = 25;
const MISS_PRODUCT_PAGES_PER_S = 2 * 291;

type PageName = 'home' | 'product';
const PAGES: { name: PageName; ours: string; blueprint: string }[] = [
  { name: 'home', ours: '/', blueprint: '/' },
  // A product with four variants, as our sweater has colours and sizes.
  { name: 'product', ours: '/products/cable-knit-sweater', blueprint: '/product/AU-03' },
];
const HEADERS = { accept: 'text/html', 'accept-encoding': 'gzip' };

type ServerName = 'ours hit' | 'ours miss' | 'blueprint';
interface Server {
  name: ServerName;
  port: number;
  pathOf(page: PageName): string;
  start(): ChildProcess;
  stop(child: ChildProcess): Promise<void>;
  /** Throws unless the page is what this server should answer (checked before every load). */
  check(url: string): Promise<void>;
}

interface Figures {
  pagesPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  /** Bytes per answer on the wire, headers included. */
  bytes: number;
}

/** `unique`: every request its own address (`?render=N`), so no answer shares another's render. */
async function load(url: string, seconds: number, unique = false): Promise<Figures> {
  let count = 0;
  const path = new URL(url).pathname;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    headers: HEADERS,
    ...(unique
      ? {
          requests: [
            {
              setupRequest: (request) => ({ ...request, path: `${path}?render=${(count += 1)}` }),
            },
          ],
        }
      : {}),
  });
  return {
    pagesPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    bytes: result.requests.average > 0 ? result.throughput.average / result.requests.average : 0,
  };
}

async function get(url: string): Promise<{ response: Response; html: string }> {
  const response = await fetch(url, { headers: HEADERS });
  return { response, html: await response.text() };
}

/** Our shell server; renderCacheMs 0: no render cache (undefined: the default). */
function ours(name: ServerName, renderCacheMs: number | undefined): Server {
  return {
    name,
    port: OURS_PORT,
    pathOf: (page) => PAGES.find((p) => p.name === page)!.ours,
    start() {
      const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production' };
      delete env.SHOP_SSR_PUBLIC_READ_MS;
      delete env.SHOP_SSR_RENDER_CACHE_MS;
      if (renderCacheMs !== undefined) env.SHOP_SSR_RENDER_CACHE_MS = String(renderCacheMs);
      return spawn(
        process.execPath,
        [
          join(ROOT, 'node_modules/tsx/dist/cli.mjs'),
          'scripts/serve-ssr.ts',
          '--port',
          String(OURS_PORT),
        ],
        { cwd: ROOT, stdio: 'ignore', env },
      );
    },
    stop: (child) => stopChild(child),
    async check(url) {
      // Rendered on the server, public, gzip; the second answer from the cache or rendered again.
      const first = await get(url);
      const second = await get(url);
      const timing = second.response.headers.get('server-timing') ?? '';
      const problem =
        first.response.status !== 200 || !first.html.includes('data-rendered="server"')
          ? `answered ${first.response.status} without server-rendered content`
          : !first.response.headers.get('cache-control')?.startsWith('public')
            ? 'is not a public page (it would never be kept)'
            : first.response.headers.get('content-encoding') !== 'gzip'
              ? 'was not sent gzipped'
              : renderCacheMs === 0 && !timing.startsWith('render')
                ? `was not rendered again (Server-Timing: ${timing})`
                : renderCacheMs !== 0 && !timing.startsWith('cache;desc=hit')
                  ? `was not served from the cache (Server-Timing: ${timing})`
                  : null;
      if (problem) throw new Error(`${name}: ${url} ${problem}`);
    },
  };
}

/** The Tractor Store blueprint as its README runs it, with local images, on loopback only. */
function blueprint(): Server {
  return {
    name: 'blueprint',
    port: BLUEPRINT_PORT,
    pathOf: (page) => PAGES.find((p) => p.name === page)!.blueprint,
    start() {
      // Not our npm's variables (npm_config_local_prefix would make its npm use our repo).
      const env = Object.fromEntries(
        Object.entries(process.env).filter(
          ([key]) => !/^npm_/i.test(key) && key !== 'INIT_CWD' && key !== 'NODE_OPTIONS',
        ),
      );
      env.USE_LOCAL_IMAGES = 'true';
      env.NODE_OPTIONS = `--require ${JSON.stringify(LOOPBACK_ONLY)}`;
      // Its own process group: npm runs `sh -c "node …"`, and stopping npm alone leaves node.
      const child = spawn('npm', ['start'], {
        cwd: BLUEPRINT_DIR,
        stdio: 'ignore',
        env,
        detached: true,
      });
      const killGroup = () => signalGroup(child, 'SIGKILL');
      process.once('exit', killGroup);
      child.once('exit', () => process.off('exit', killGroup));
      return child;
    },
    async stop(child) {
      signalGroup(child, 'SIGTERM');
      const deadline = Date.now() + 10_000;
      while (
        (child.exitCode === null && child.signalCode === null) ||
        (await isPortOpen(BLUEPRINT_PORT))
      ) {
        if (Date.now() > deadline) {
          signalGroup(child, 'SIGKILL');
          break;
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    async check(url) {
      const { response, html } = await get(url);
      if (response.status !== 200 || !html.includes('data-boundary-page')) {
        throw new Error(`blueprint: ${url} answered ${response.status} without its page`);
      }
    },
  };
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

/** Why the blueprint is not measured, or null when its checkout is there and installed. */
function blueprintMissing(): string | null {
  if (!existsSync(join(BLUEPRINT_DIR, 'src/server.node.js'))) {
    return `no checkout of the Tractor Store blueprint at ${BLUEPRINT_DIR} (SHOP_BLUEPRINT_DIR)`;
  }
  if (!existsSync(join(BLUEPRINT_DIR, 'node_modules/hono'))) {
    return `the blueprint at ${BLUEPRINT_DIR} is not installed (run \`npm install\` there)`;
  }
  return null;
}

const key = (page: PageName, server: ServerName) => `${page} ${server}`;

/** One server: started, then each page checked, warmed up and measured; stopped. */
async function measureServer(server: Server, run: number): Promise<Map<string, Figures>> {
  const figures = new Map<string, Figures>();
  const child = server.start();
  try {
    await waitForPort(server.port, 30, child);
    for (const page of PAGES) {
      const url = `http://127.0.0.1:${server.port}${server.pathOf(page.name)}`;
      await server.check(url);
      const unique = server.name === 'ours miss';
      await load(url, WARM_UP_SECONDS, unique);
      const measured = await load(url, SECONDS, unique);
      // Still the same page afterwards (a storefront stopped mid-run would serve the fallback).
      await server.check(url);
      figures.set(key(page.name, server.name), measured);
      console.log(
        `run ${run}/${RUNS} · ${page.name} · ${server.name}: ` +
          `${Math.round(measured.pagesPerSecond)} pages/s, p99 ${measured.p99} ms`,
      );
    }
  } finally {
    await server.stop(child);
  }
  return figures;
}

async function main(): Promise<void> {
  const missing = blueprintMissing();
  const servers = [ours('ours hit', undefined), ours('ours miss', 0)];
  if (!missing) servers.push(blueprint());
  for (const port of new Set(servers.map((s) => s.port))) {
    if (await isPortOpen(port)) throw new Error(`port ${port} is busy: stop whatever uses it`);
  }
  if (missing) console.log(`Blueprint not measured: ${missing}.`);

  const stack = await ensureStack(['database', 'catalog-service', 'catalog']);
  const runs = new Map<string, Figures[]>();
  try {
    for (let run = 1; run <= RUNS; run += 1) {
      // Every server in every run, the order rotating: a shared machine's drift hits all alike.
      const order = servers.map((_, i) => servers[(i + run - 1) % servers.length]!);
      for (const server of order) {
        for (const [name, figures] of await measureServer(server, run)) {
          runs.set(name, [...(runs.get(name) ?? []), figures]);
        }
      }
    }
  } finally {
    await stack.stop();
  }

  const result = (page: PageName, server: ServerName) => {
    const measured = runs.get(key(page, server));
    if (!measured) return null;
    return {
      pagesPerSecond: Math.round(median(measured.map((r) => r.pagesPerSecond))),
      p50: median(measured.map((r) => r.p50)),
      p99: median(measured.map((r) => r.p99)),
      errors: measured.reduce((sum, r) => sum + r.errors, 0),
      kB: median(measured.map((r) => r.bytes)) / 1000,
    };
  };
  console.log(
    `\n${CONNECTIONS} connections, gzip asked, ${SECONDS} s per measurement after ` +
      `${WARM_UP_SECONDS} s of warm-up, medians of ${RUNS} runs:`,
  );
  console.table(
    PAGES.flatMap((page) =>
      servers.map((server) => {
        const r = result(page.name, server.name)!;
        return {
          page: `${page.name} ${server.pathOf(page.name)}`,
          server: server.name,
          'pages/s': r.pagesPerSecond,
          'p50 ms': r.p50,
          'p99 ms': r.p99,
          'errors (all runs)': r.errors,
        };
      }),
    ),
  );
  console.log(
    'kB per answer on the wire (headers included): ' +
      PAGES.flatMap((page) =>
        servers.map((s) => `${page.name} ${s.name} ${result(page.name, s.name)!.kB.toFixed(1)}`),
      ).join(', ') +
      (missing ? '.' : ' (the blueprint does not compress its pages).'),
  );
  if (missing) console.log(`Ours alone: ${missing}.`);

  const mark = (ok: boolean) => (ok ? '✓' : '✗');
  console.log('\nAims:');
  for (const page of PAGES) {
    const hit = result(page.name, 'ours hit')!;
    const theirs = result(page.name, 'blueprint');
    console.log(
      theirs
        ? `${mark(hit.pagesPerSecond >= theirs.pagesPerSecond)} ${page.name}: cache hits ≥ the ` +
            `blueprint's pages/s (${hit.pagesPerSecond} vs ${theirs.pagesPerSecond})`
        : `– ${page.name}: cache hits ≥ the blueprint's pages/s: not measured (no blueprint)`,
    );
  }
  for (const page of PAGES) {
    const hit = result(page.name, 'ours hit')!;
    console.log(
      `${mark(hit.p99 <= HIT_P99_MS)} ${page.name}: p99 ≤ ${HIT_P99_MS} ms on cache hits (${hit.p99} ms)`,
    );
  }
  const miss = result('product', 'ours miss')!;
  console.log(
    `${mark(miss.pagesPerSecond >= MISS_PRODUCT_PAGES_PER_S)} product: cache misses ≥ ` +
      `${MISS_PRODUCT_PAGES_PER_S} pages/s, 2× the 291 measured before (${miss.pagesPerSecond})`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
