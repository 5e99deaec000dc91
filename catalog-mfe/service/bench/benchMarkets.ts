// How long the query service takes to index a big catalog and how much memory the index holds,
// for the root market alone and for every market (decision 5101: the markets share one index),
// when it is ready and once the searches built after it (a second language's) are. Runs in
// this process over the derived catalog of `npm run seed` (scripts/lib/seedCatalog.ts), no
// database and no ports:
//   NODE_OPTIONS=--expose-gc npx tsx catalog-mfe/service/bench/benchMarkets.ts \
//     [--products 100000] [--markets root|all]
import { parseArgs } from 'node:util';
import {
  catalogIds,
  deriveProduct,
  readSeedProducts,
  type SeedRecord,
} from '../../../scripts/lib/seedCatalog';
import { CatalogIndex } from '../src/catalogIndex';
import { CatalogMarkets } from '../src/catalogMarkets';

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '100000' },
    markets: { type: 'string', default: 'all' },
  },
});
const count = Number(values.products);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc (see the header)');

const seeds = readSeedProducts();
const byId = new Map(seeds.map((seed) => [seed.id, seed]));
const newest = Math.max(...seeds.map((seed) => seed.createdAt));
/** The records one by one, as the feed's snapshot hands them on (never all at once). */
function* records(): Generator<[string, SeedRecord]> {
  for (const id of catalogIds(seeds, count)) {
    const match = /^(.*)-v(\d+)$/.exec(id);
    const seed = byId.get(match ? match[1]! : id)!;
    yield [id, match ? deriveProduct(seed, Number(match[2]), newest) : seed];
  }
}

gc();
const before = process.memoryUsage().heapUsed;
const markets =
  values.markets === 'root' ? CatalogMarkets.only(new CatalogIndex()) : CatalogMarkets.of();
const started = performance.now();
const cpuStarted = process.cpuUsage();
const loading = markets.startLoad();
for (const [id, record] of records()) loading.add(id, record);
loading.finish();
const indexed = performance.now() - started;
// CPU time too: on a shared machine the wall clock says as much about the neighbours.
const cpu = process.cpuUsage(cpuStarted);
const cpuMs = (cpu.user + cpu.system) / 1000;
const warmStarted = performance.now();
markets.warmUp();
const warm = performance.now() - warmStarted;
gc();
const heapMb = (process.memoryUsage().heapUsed - before) / 2 ** 20;
const served = markets.served;
const per = served.map((id) => `${id} ${markets.index(id)!.size}`).join(', ');
const rssMb = () => Math.round(process.memoryUsage().rss / 2 ** 20);
console.log(
  `${count} products, markets ${served.join('+')}: indexed in ${Math.round(indexed)} ms ` +
    `(${Math.round(cpuMs)} ms of CPU) ` +
    `(warm-up ${Math.round(warm)} ms), index heap ${Math.round(heapMb)} MB ` +
    `(${per}), rss ${rssMb()} MB`,
);

// The searches built after the service is ready (a second language's: `LazySearch`).
const searchStarted = performance.now();
const searchCpu = process.cpuUsage();
let searches = '';
void markets
  .buildSearches({ built: (id, ms) => (searches += ` ${id} ${Math.round(ms)} ms`), collect: gc })
  .then(() => {
    const searchCpuMs = (({ user, system }) => (user + system) / 1000)(process.cpuUsage(searchCpu));
    gc();
    const builtMb = (process.memoryUsage().heapUsed - before) / 2 ** 20;
    console.log(
      `searches built after:${searches || ' none'} ` +
        `(${Math.round(performance.now() - searchStarted)} ms, ${Math.round(searchCpuMs)} ms of ` +
        `CPU), index heap ${Math.round(builtMb)} MB, rss ${rssMb()} MB`,
    );
  });
