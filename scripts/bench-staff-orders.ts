// The back office's order list and dashboard at 45 and 100,000 orders (decisions 5204, 5207):
// seeds each size into a fresh database server started in this process (or, with --database, into
// a running one, on top of what it holds), writes the low-stock index from its catalog, and prints
// the median of 5 latencies of the reads the `staffOrders` and `staffDashboard` functions make,
// through the same modules (functions/src/staffOrderQuery.ts, staffDashboardQuery.ts) and client:
//   npm run bench:staff-orders [-- --sizes 45,100000 --runs 5 --database http://127.0.0.1:9000]
// Before each timed read an unrelated write empties the server's cache of rendered reads, as the
// shop's own writes do all day: every figure is a read the server computes. The last row writes
// one order's index entry instead (as every new order does): the query index's patch path
// (decision 5206).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startDatabaseServer } from '../database/src/createServer';
import { backfillLowStock } from '../functions/src/lowStockBackfill';
import { restDatabase } from '../functions/src/restDatabase';
import {
  parseStaffDashboardQuery,
  readDay,
  readLowStock,
  readStaffDashboard,
} from '../functions/src/staffDashboardQuery';
import { findStaffOrders, parseStaffOrdersQuery } from '../functions/src/staffOrderQuery';
import { STAFF_PATHS, type StaffOrderEntry } from '../shared/src/staff/staffVocabulary';
import { seedOrders, type SeededOrder } from './lib/seedOrders';
import { median } from './lib/stats';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '45,100000' },
    runs: { type: 'string', default: '5' },
    database: { type: 'string' },
  },
});
const SIZES = values.sizes.split(',').map(Number);
const RUNS = Number(values.runs);
const DAY = 86_400_000;

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The cases: a name and the query parameters, as the back office would send them. */
function cases(now: number, sample: SeededOrder): Array<[string, Record<string, string>]> {
  return [
    ['first page', {}],
    ['status filter (shipped)', { status: 'shipped' }],
    [
      'status + dates (delivered, 30 days)',
      { status: 'delivered', from: day(now - 90 * DAY), to: day(now - 61 * DAY) },
    ],
    ['find by number', { q: sample.order.number }],
    ['find by e-mail', { q: sample.order.personalInformation.email }],
  ];
}

async function measure(
  url: string,
  now: number,
  sample: SeededOrder,
): Promise<Array<[string, number, number]>> {
  const database = restDatabase({ url, credential: async () => 'owner' });
  const tick = () => database.put('benchTick', Math.random());
  /** The median of RUNS reads, each after `write`, and the rows the last one found. */
  const timedRead = async (read: () => Promise<number>, write = tick) => {
    const times: number[] = [];
    let rows = 0;
    for (let run = 0; run < RUNS; run += 1) {
      await write();
      const started = performance.now();
      rows = await read();
      times.push(performance.now() - started);
    }
    return [median(times), rows] as const;
  };
  const timed = (params: Record<string, string>, write = tick) =>
    timedRead(
      async () => (await findStaffOrders(database, parseStaffOrdersQuery(params))).orders.length,
      write,
    );
  const figures: Array<[string, number, number]> = [];
  for (const [name, params] of cases(now, sample)) figures.push([name, ...(await timed(params))]);
  // The dashboard: today's orders (one placedAt range), the low sizes, and both as it answers.
  const today = parseStaffDashboardQuery({}, now);
  figures.push([
    "dashboard: today's orders",
    ...(await timedRead(async () => (await readDay(database, today.startMs)).orders)),
  ]);
  figures.push([
    'dashboard: low stock + names',
    ...(await timedRead(async () => (await readLowStock(database)).lowStock.length)),
  ]);
  figures.push([
    'dashboard: whole answer',
    ...(await timedRead(async () => (await readStaffDashboard(database, today)).orders)),
  ]);
  // The 10th page: the cursor of the 9th, found by paging once (none when there are fewer pages).
  let before: string | undefined;
  for (let page = 1; page < 10 && (page === 1 || before); page += 1) {
    before = (await findStaffOrders(database, parseStaffOrdersQuery(before ? { before } : {})))
      .next;
  }
  if (before) figures.push(['10th page via cursors', ...(await timed({ before }))]);
  // One entry of the index written again (a new node, the same data) before each read.
  const entryPath = STAFF_PATHS.order(sample.order.id);
  const entry = await database.get<StaffOrderEntry>(entryPath);
  const rewrite = () => database.put(entryPath, entry);
  figures.push(['first page after an entry write', ...(await timed({}, rewrite))]);
  return figures;
}

async function atSize(size: number): Promise<void> {
  const dataDir = values.database ? null : mkdtempSync(join(tmpdir(), 'shop-bench-orders-'));
  const server = dataDir ? await startDatabaseServer({ port: 0, dataDir, log: false }) : null;
  const url = values.database ?? server?.url ?? '';
  try {
    const now = Date.now();
    const seeded = await seedOrders({ databaseUrl: url, count: size, now });
    await backfillLowStock(restDatabase({ url, credential: async () => 'owner' }));
    const sample = seeded.samples[Math.floor(seeded.samples.length / 2)] as SeededOrder;
    const figures = await measure(url, now, sample);
    console.log(
      `\n${size.toLocaleString('en-US')} orders (seeded in ${(seeded.ms / 1000).toFixed(1)} s), ` +
        `median of ${RUNS} ms:`,
    );
    console.table(figures.map(([read, ms, rows]) => ({ read, 'median ms': ms.toFixed(1), rows })));
  } finally {
    await server?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  for (const size of SIZES) await atSize(size);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
