// `npm start -w @shop/catalog-service`-style entry: the catalog's query service on its port,
// fed by the database's event stream (decision 3601). Local defaults come from tooling/apps.json;
// a deployment sets PORT (Cloud Run) and SHOP_FIREBASE_DATABASE_URL.
import apps from '../../../tooling/apps.json';
import { CatalogMarkets } from './catalogMarkets';
import { startCatalogFeed } from './catalogFeed';
import { createCatalogServer } from './catalogService';

const env = process.env;
const port = Number(env.SHOP_CATALOG_SERVICE_PORT || env.PORT || apps.backend.catalogServicePort);
const host = env.SHOP_CATALOG_SERVICE_HOST || (env.PORT ? '0.0.0.0' : '127.0.0.1');
const databaseUrl =
  env.SHOP_FIREBASE_DATABASE_URL || `http://127.0.0.1:${apps.backend.databasePort}`;

const started = Date.now();
// Every market (decision 5101), each answering in its currency and language over one index.
const index = CatalogMarkets.of();
let ready = false;
/** A full garbage collection, when started with --expose-gc (as the stack starts it). */
const gc = (globalThis as { gc?: () => void }).gc;
const log = (line: string) => console.log(`[catalog-service] ${line}`);
const feed = startCatalogFeed({ databaseUrl, index, log });
void feed.ready.then(() => {
  // The search engine compiled before the first shopper asks (CatalogIndex.warmUp).
  index.warmUp();
  // The first snapshot's records are garbage once indexed: one full collection gives their memory
  // back before the service counts as ready (started with --expose-gc; without it, V8 gives it
  // back in its own time).
  gc?.();
  ready = true;
  const mb = () => Math.round(process.memoryUsage().rss / 2 ** 20);
  log(`ready in ${Date.now() - started} ms: ${index.size} products, ${mb()} MB resident`);
  // Ready means the root market is: another language's search is built now, between requests
  // (a search in that language waits for it; decision 5101), its garbage given back as it goes.
  void index
    .buildSearches({
      built: (market, ms) => log(`${market} search built in ${Math.round(ms)} ms`),
      ...(gc ? { collect: gc } : {}),
    })
    .then(() => {
      gc?.();
      log(`searches built: ${mb()} MB resident`);
    });
});
const server = createCatalogServer({ index, isReady: () => ready });
server.listen(port, host, () => log(`listening on http://${host}:${port}, fed by ${databaseUrl}`));

const stop = () => {
  feed.close();
  server.close();
  server.closeAllConnections();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
