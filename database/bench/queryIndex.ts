/**
 * The query index alone (decision 5206), in-process, no HTTP or SQLite: a node of N staff-like
 * entries, one page `orderBy="placedAt"&endAt=…&limitToLast=26`, median of 5 ms, for the old full
 * sort (`applyQuery` on a plain copy), the index's first query (its build), a query after no
 * write, after one written entry (the patch path), after one entry written by a root the index was
 * not told of (every child compared by identity) and after a 1,000-location PATCH.
 *   npx tsx database/bench/queryIndex.ts [--size 100000]
 */
import targaryen, { type DataNode } from 'targaryen';
import { locationTree, mergeLocations } from '../src/locations';
import { QueryIndexes } from '../src/queryIndex';
import { applyQuery, type Node, type Query } from '../src/tree';

const sizeArg = process.argv[process.argv.indexOf('--size') + 1];
const SIZE = process.argv.includes('--size') && sizeArg ? Number(sizeArg) : 100_000;
const RUNS = 5;
const START = 1_750_000_000_000;

const entry = (i: number) => ({
  number: `TL-${i.toString(36).toUpperCase()}`,
  placedAt: START + i * 300_000,
  status: ['placed', 'shipped', 'delivered'][i % 3] as string,
  statusKey: `${['placed', 'shipped', 'delivered'][i % 3]}|${START + i * 300_000}`,
  email: `customer${i % 3000}@example.com`,
  total: (i % 500) + 0.99,
  units: 1 + (i % 4),
  method: 'card',
});

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const time = (run: () => void): number => {
  const started = performance.now();
  run();
  return performance.now() - started;
};

function main(): void {
  const data: Record<string, unknown> = {};
  for (let i = 0; i < SIZE; i++) data[`-O${String(i).padStart(8, '0')}`] = entry(i);
  let root: DataNode = targaryen.store({ staffOrders: data });
  const path = ['staffOrders'];
  const query: Query = {
    orderBy: { kind: 'child', path: ['placedAt'] },
    endAt: START + (SIZE / 2) * 300_000,
    limitToLast: 26,
  };
  const rows: Array<[string, number]> = [];
  const measure = (name: string, before: (run: number) => void, read: () => void) => {
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      before(run);
      times.push(time(read));
    }
    rows.push([name, median(times)]);
  };
  const node = () => root.$child('staffOrders');
  let indexes = new QueryIndexes();
  const ask = () => indexes.answer(root, path, node(), query);
  const write = (run: number, count: number, told: boolean) => {
    // Existing entries moved to new times, as the server's PATCH builds them (decision 0003).
    const ops = Array.from({ length: count }, (_, i) => ({
      path: [...path, `-O${String(run * count + i).padStart(8, '0')}`],
      value: entry(SIZE + run * count + i) as Node,
    }));
    const next = mergeLocations(root, locationTree(ops), (value) => targaryen.store(value));
    if (told) indexes.noteWrite(root, next, ops);
    root = next;
  };
  measure(
    'full sort (before: applyQuery on a copy)',
    () => undefined,
    () => applyQuery(node().$value(), query),
  );
  measure('first query (builds the index)', () => (indexes = new QueryIndexes()), ask);
  measure('query after no write', () => undefined, ask);
  measure('query after one entry written', (run) => write(run, 1, true), ask);
  measure('same, root not announced (identity diff)', (run) => write(run, 1, false), ask);
  measure('query after a 1,000-location PATCH', (run) => write(run, 1000, true), ask);
  console.log(`\n${SIZE.toLocaleString('en-US')} children, median of ${RUNS} ms:`);
  console.table(rows.map(([read, ms]) => ({ read, 'median ms': ms.toFixed(2) })));
}

main();
