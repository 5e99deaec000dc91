// The cost of a page at every catalog size (decision 3601): builds catalogs of 45, 2,000,
// 20,000 and 100,000 products in one database and prints, for each, the HTML bytes of the pages,
// their time to first byte, pages/s and p99 at 20 connections, the search's latency through the
// endpoint the browser uses, the query service's memory and how long its index takes to be ready
// (and its other languages' searches, built after it is ready: pages and memory are measured once
// they are).
//   npm run bench:catalog [-- --sizes 45,2000 --runs 3 --seconds 5 --check]
// Needs production builds (`npm run build`) and the storefront stopped: the builds name the
// database's and the query service's ports, so it starts its own database (fresh, in a temp dir)
// and a query service per size on those ports, the catalog remote's files and a shell server.
// `--check` exits 1 when a budget (printed at the end) is missed.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { BACKEND, ROOT, appDir, appPort } from './lib/apps';
import { distDirOf, publishBuildIfNew, siteOf } from './lib/releases';
import { seedCatalog } from './lib/seedCatalog';
import { isPortOpen, startQueryService, stopChild, waitForPort } from './lib/services';
import { residentMb } from './lib/processTree';
import { median, percentile } from './lib/stats';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '45,2000,20000,100000' },
    runs: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '20' },
    check: { type: 'boolean', default: false },
  },
});
const SIZES = values.sizes.split(',').map(Number);
const RUNS = Number(values.runs);
const SECONDS = Number(values.seconds);
const CONNECTIONS = Number(values.connections);

const DB_PORT = BACKEND.databasePort;
const SERVICE_PORT = BACKEND.catalogServicePort;
/** The shell server's own port (not 8080: its load generator measures it alone). */
const SHELL_PORT = 8096;
const TSX = join(ROOT, 'node_modules/tsx/dist/cli.mjs');

const BUDGET = {
  gzipBytes: 60 * 1024,
  rawBytes: 400 * 1024,
  listingShareOf45: 0.9,
  searchP99Ms: 50,
  memoryMb: 512,
  readyS: 10,
};

function start(args: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, [TSX, ...args], {
    cwd: ROOT,
    stdio: 'ignore',
    env: { ...process.env, ...env },
  });
}

/** One GET over a raw socket: time to first byte, compressed and raw sizes. */
function fetchPage(
  url: string,
): Promise<{ status: number; ttfbMs: number; gzip: number; raw: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let ttfb = 0;
    httpGet(url, { headers: { 'Accept-Encoding': 'gzip', Accept: 'text/html' } }, (res) => {
      const chunks: Buffer[] = [];
      res.once('data', () => (ttfb = performance.now() - started));
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        const gzipped = res.headers['content-encoding'] === 'gzip';
        resolve({
          status: res.statusCode ?? 0,
          ttfbMs: ttfb,
          gzip: body.length,
          raw: gzipped ? gunzipSync(body).length : body.length,
        });
      });
      res.on('error', reject);
    }).on('error', reject);
  });
}

async function load(url: string): Promise<{ perSecond: number; p99: number; errors: number }> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { accept: 'text/html', 'accept-encoding': 'gzip' },
  });
  return {
    perSecond: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/**
 * Seconds from `started` until the service's health says `done`: ready (200), or also every
 * market's own search built after it (`searchesBuilt`; decision 5101).
 */
async function waitHealth(
  child: ChildProcess,
  started: number,
  done: (health: { searchesBuilt?: boolean }, status: number) => boolean,
): Promise<number> {
  for (;;) {
    if (child.exitCode !== null) throw new Error('the query service exited while indexing');
    const reached = await fetch(`http://127.0.0.1:${SERVICE_PORT}/v1/health`).then(
      async (r) => done((await r.json()) as { searchesBuilt?: boolean }, r.status),
      () => false,
    );
    if (reached) return (performance.now() - started) / 1000;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Distinct searches (each a miss of the service's answer cache) and one asked again (hits). */
const SEARCHES = ['sneaker', 'boot', 'merino', 'red dress', 'linen', 'sneakr', 'jacket', 'cap'];
/**
 * Pages whose pages/s is not held to their 45-product figure: a product page is no listing, and
 * "search sneaker" lists 6 products at 45 and a full page of 24 beyond (its answer grows by design;
 * its bytes are held to the page budgets). "search women" is the search listing like for like.
 */
const NOT_HELD_TO_45 = new Set(['product', 'search sneaker']);

interface SearchFigures {
  missP50: number;
  missP99: number;
  hitP99: number;
  /** The slowest first ask and what it asked (where a p99 over budget comes from). */
  slowest: string;
}
async function searchLatency(): Promise<SearchFigures> {
  const base = `http://127.0.0.1:${SERVICE_PORT}/v1/products`;
  const misses: number[] = [];
  let slowest = { ms: 0, asked: '' };
  for (const q of SEARCHES) {
    for (const sort of ['relevance', 'price-asc', 'newest']) {
      for (const page of [1, 2]) {
        const started = performance.now();
        await fetch(`${base}?${new URLSearchParams({ q, sort, page: String(page) })}`).then((r) =>
          r.arrayBuffer(),
        );
        const ms = performance.now() - started;
        misses.push(ms);
        if (ms > slowest.ms) slowest = { ms, asked: `q=${q} sort=${sort} page=${page}` };
      }
    }
  }
  const hits = await autocannon({
    url: `${base}?q=sneaker`,
    connections: CONNECTIONS,
    duration: 3,
  });
  return {
    missP50: median(misses),
    missP99: percentile(misses, 99),
    hitP99: hits.latency.p99,
    slowest: `${slowest.asked} ${slowest.ms.toFixed(1)} ms`,
  };
}

interface SizeFigures {
  size: number;
  seedS: number;
  readyS: number;
  /** Seconds from start until every market's own search was built (after ready). */
  searchesS: number;
  memoryMb: number;
  pages: Record<
    string,
    { gzip: number; raw: number; ttfbMs: number; perSecond: number; p99: number; errors: number }
  >;
  search: SearchFigures;
}

async function main(): Promise<void> {
  const serverFile = join(appDir('shell'), 'dist-server/server.js');
  if (!existsSync(serverFile))
    throw new Error(`${serverFile} is missing: run \`npm run build\` first.`);
  for (const port of [DB_PORT, SERVICE_PORT, SHELL_PORT]) {
    if (await isPortOpen(port)) {
      throw new Error(`port ${port} is in use: stop the storefront (the benchmark needs the port)`);
    }
  }
  const catalogOpen = await isPortOpen(appPort('catalog'));
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-bench-catalog-'));
  const databaseUrl = `http://127.0.0.1:${DB_PORT}`;
  const children: ChildProcess[] = [];
  const figures: SizeFigures[] = [];
  try {
    const database = start(['database/src/server.ts'], {
      SHOP_DB_PORT: String(DB_PORT),
      SHOP_DB_DATA_DIR: dataDir,
    });
    children.push(database);
    await waitForPort(DB_PORT, 60, database);
    // The shell server renders with the catalog's server container, from the catalog's files.
    if (!catalogOpen) {
      await publishBuildIfNew({ ...siteOf('catalog'), distDir: distDirOf('catalog') });
      const catalog = start(['scripts/serve-static.ts', 'catalog'], {});
      children.push(catalog);
      await waitForPort(appPort('catalog'), 30, catalog);
    }
    const shell = start(['scripts/serve-ssr.ts', '--port', String(SHELL_PORT)], {});
    children.push(shell);
    await waitForPort(SHELL_PORT, 30, shell);

    for (const size of SIZES) {
      const seeded = performance.now();
      await seedCatalog({ databaseUrl, products: size });
      const seedS = (performance.now() - seeded) / 1000;
      // As the stack starts it (scripts/lib/services.ts): one full collection after the snapshot.
      const service = startQueryService(ROOT, SERVICE_PORT, databaseUrl);
      try {
        const started = performance.now();
        const readyS = await waitHealth(service, started, (_, status) => status === 200);
        // Pages and memory are measured once the service has settled: its other languages'
        // searches are built after it is ready, in resting steps (decision 5101).
        const searchesS = await waitHealth(service, started, (health) => !!health.searchesBuilt);
        const memoryMb = residentMb(service.pid!);
        const newest = (await (
          await fetch(`http://127.0.0.1:${SERVICE_PORT}/v1/products?sort=newest`)
        ).json()) as { products: Array<{ id: string }> };
        const pages: Record<string, string> = {
          '/': '/',
          '/men': '/men',
          collection: '/collections/fall',
          'search sneaker': '/search?q=sneaker',
          // A full first page at every size (24 women's products at 45): like for like, where
          // "sneaker" lists 6 products at 45 and 24 beyond.
          'search women': '/search?q=women',
          product: `/products/${newest.products[0]!.id}`,
        };
        const pageFigures: SizeFigures['pages'] = {};
        for (const [name, path] of Object.entries(pages)) {
          const url = `http://127.0.0.1:${SHELL_PORT}${path}`;
          const probes = [];
          for (let i = 0; i < 5; i += 1) probes.push(await fetchPage(url));
          if (probes[0]!.status !== 200) throw new Error(`${path} answered ${probes[0]!.status}`);
          await load(url).catch(() => undefined); // warm-up
          const loads = [];
          for (let run = 0; run < RUNS; run += 1) loads.push(await load(url));
          pageFigures[name] = {
            gzip: probes[0]!.gzip,
            raw: probes[0]!.raw,
            ttfbMs: median(probes.map((p) => p.ttfbMs)),
            perSecond: median(loads.map((l) => l.perSecond)),
            p99: median(loads.map((l) => l.p99)),
            errors: loads.reduce((sum, l) => sum + l.errors, 0),
          };
        }
        const search = await searchLatency();
        figures.push({ size, seedS, readyS, searchesS, memoryMb, pages: pageFigures, search });
        console.log(`${size} products measured (seeded in ${seedS.toFixed(1)} s)`);
      } finally {
        await stopChild(service);
      }
    }
  } finally {
    await Promise.all(children.map((child) => stopChild(child)));
    rmSync(dataDir, { recursive: true, force: true });
  }
  report(figures);
}

function report(figures: SizeFigures[]): void {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const misses: string[] = [];
  const first = figures[0];
  console.log(
    `\nPages at ${CONNECTIONS} connections, ${SECONDS} s a run, medians of ${RUNS} runs:`,
  );
  for (const size of figures) {
    console.log(`\n${size.size.toLocaleString('en-US')} products`);
    console.table(
      Object.entries(size.pages).map(([page, p]) => {
        const base = first?.pages[page];
        const share = base && base.perSecond > 0 ? p.perSecond / base.perSecond : 1;
        if (p.gzip > BUDGET.gzipBytes || p.raw > BUDGET.rawBytes) {
          misses.push(`${size.size}: ${page} is ${kb(p.gzip)} gzip / ${kb(p.raw)} raw`);
        }
        if (!NOT_HELD_TO_45.has(page) && share < BUDGET.listingShareOf45) {
          misses.push(
            `${size.size}: ${page} serves ${(share * 100).toFixed(0)} % of its 45-product pages/s`,
          );
        }
        return {
          page,
          gzip: kb(p.gzip),
          raw: kb(p.raw),
          'TTFB ms': Math.round(p.ttfbMs),
          'pages/s': Math.round(p.perSecond),
          'of 45': `${(share * 100).toFixed(0)} %`,
          'p99 ms': p.p99,
          errors: p.errors,
        };
      }),
    );
    console.log(
      `search: first asks p50 ${size.search.missP50.toFixed(1)} ms, p99 ${size.search.missP99.toFixed(1)} ms ` +
        `(slowest: ${size.search.slowest}); ` +
        `asked again p99 ${size.search.hitP99} ms · query service: ${size.memoryMb} MB resident, ` +
        `ready ${size.readyS.toFixed(1)} s after start, its other searches built after ` +
        `${size.searchesS.toFixed(1)} s · seeding took ${size.seedS.toFixed(1)} s`,
    );
    if (size.search.missP99 > BUDGET.searchP99Ms) {
      misses.push(`${size.size}: search p99 ${size.search.missP99.toFixed(1)} ms`);
    }
    if (size.memoryMb > BUDGET.memoryMb) misses.push(`${size.size}: ${size.memoryMb} MB resident`);
    if (size.readyS > BUDGET.readyS)
      misses.push(`${size.size}: ready after ${size.readyS.toFixed(1)} s`);
  }
  console.log(
    `\nBudgets: every page ≤ 60 KB gzip and ≤ 400 KB raw; listings ≥ 90 % of their ` +
      `45-product pages/s (the search listing: "search women", like for like); search p99 ≤ 50 ms; ≤ 512 MB; ready ≤ 10 s.`,
  );
  console.log(misses.length === 0 ? 'All budgets held.' : `Missed:\n- ${misses.join('\n- ')}`);
  if (values.check && misses.length > 0) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
