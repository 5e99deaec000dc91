// The query service alone, as the catalog benchmark starts it (scripts/bench-catalog.ts), without
// production builds: a database seeded with a big catalog, then the service started and measured
// a few times: seconds (and CPU seconds) to a ready `/v1/health`, resident memory of its process
// tree then, the first German search (which waits for that market's search, decision 5101) and
// the memory once it is built, and a few searches' latency.
//   npx tsx catalog-mfe/service/bench/benchService.ts [--products 100000] [--runs 3] \
//     [--service-root .[,../other-checkout]] [--port 19480]
// `--service-root`: the checkouts whose catalog-mfe/service/src/main.ts is run (another worktree,
// to compare; runs alternate between them); the database is this checkout's.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { seedCatalog } from '../../../scripts/lib/seedCatalog';
import { startQueryService, stopChild, waitForPort } from '../../../scripts/lib/services';
import { cpuSeconds, residentMb } from '../../../scripts/lib/processTree';
import { median } from '../../../scripts/lib/stats';

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '3' },
    'service-root': { type: 'string', default: '.' },
    port: { type: 'string', default: '19480' },
  },
});
const ROOT = resolve(import.meta.dirname, '../../..');
const DB_PORT = Number(values.port);
const SERVICE_PORT = DB_PORT + 1;
const SERVICE_ROOTS = values['service-root'].split(',').map((root) => resolve(root));
const service = `http://127.0.0.1:${SERVICE_PORT}`;

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function timed(path: string): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  const response = await fetch(`${service}${path}`);
  await response.arrayBuffer();
  return { ms: performance.now() - started, status: response.status };
}

interface Run {
  readyS: number;
  readyCpuS: number;
  readyMb: number;
  germanFirstMs: number;
  builtMb: number;
  settledMb: number;
  searchMs: Record<string, number>;
}

const SEARCHES = [
  'q=boot',
  'q=red dress&sort=price-asc',
  'market=uk&q=linen',
  'market=de&q=Mantel',
];

async function measure(child: ChildProcess): Promise<Run> {
  const started = performance.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error('the query service exited while indexing');
    const ok = await fetch(`${service}/v1/health`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) break;
    await sleep(50);
  }
  const readyS = (performance.now() - started) / 1000;
  const readyCpuS = cpuSeconds(child.pid!);
  const readyMb = residentMb(child.pid!);
  const german = await timed('/v1/products?market=de&q=Kleider');
  if (german.status !== 200) throw new Error(`a German search answered ${german.status}`);
  const builtMb = residentMb(child.pid!);
  await sleep(5_000);
  const settledMb = residentMb(child.pid!);
  const searchMs: Record<string, number> = {};
  for (const search of SEARCHES) {
    const times: number[] = [];
    // Each page a first ask (no kept answer): the engine's work, not the answer cache's.
    for (let page = 1; page <= 5; page += 1) {
      times.push((await timed(`/v1/products?${search}&page=${page}`)).ms);
    }
    searchMs[search] = median(times);
  }
  return { readyS, readyCpuS, readyMb, germanFirstMs: german.ms, builtMb, settledMb, searchMs };
}

async function runService(root: string, databaseUrl: string): Promise<Run> {
  const child = startQueryService(root, SERVICE_PORT, databaseUrl);
  try {
    return await measure(child);
  } finally {
    await stopChild(child);
  }
}

function report(root: string, runs: readonly Run[]): void {
  const of = (pick: (run: Run) => number) => median(runs.map(pick)).toFixed(1);
  console.log(
    `${root}, ${values.products} products, medians of ${runs.length}: ` +
      `ready ${of((r) => r.readyS)} s (${of((r) => r.readyCpuS)} s of CPU), ` +
      `${of((r) => r.readyMb)} MB resident then; ` +
      `first German search ${of((r) => r.germanFirstMs)} ms, ${of((r) => r.builtMb)} MB ` +
      `after it, ${of((r) => r.settledMb)} MB 5 s later; searches (ms): ` +
      SEARCHES.map((search) => `${search} ${of((r) => r.searchMs[search]!)}`).join(', '),
  );
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'catalog-service-bench-'));
  const databaseUrl = `http://127.0.0.1:${DB_PORT}`;
  const database = spawn(process.execPath, ['--import', 'tsx', 'database/src/server.ts'], {
    cwd: ROOT,
    stdio: 'ignore',
    env: { ...process.env, SHOP_DB_PORT: String(DB_PORT), SHOP_DB_DATA_DIR: dataDir },
  });
  try {
    await waitForPort(DB_PORT, 60, database);
    await seedCatalog({ databaseUrl, products: Number(values.products) });
    const runs = new Map<string, Run[]>(SERVICE_ROOTS.map((root) => [root, []]));
    for (let run = 0; run < Number(values.runs); run += 1) {
      for (const root of SERVICE_ROOTS) {
        const figures = await runService(root, databaseUrl);
        console.log(JSON.stringify({ root, ...figures }));
        runs.get(root)!.push(figures);
      }
    }
    for (const [root, figures] of runs) report(root, figures);
  } finally {
    await stopChild(database);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

void main();
