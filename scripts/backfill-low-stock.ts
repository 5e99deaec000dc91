// `npm run backfill:low-stock [-- --database <url>] [--page 200]`: writes the low-stock index
// (`lowStock/`, decision 5207) from the catalog's counts: every tracked size with LOW_STOCK_LEFT
// or fewer left, sold-out ones included, and removes entries no longer low. Safe to run again.
import { backfillLowStock } from '../functions/src/lowStockBackfill';
import { runBackfill } from './lib/backfillCommand';

runBackfill('backfill:low-stock', async (database, pageSize) => {
  const { products, listed, noted } = await backfillLowStock(database, pageSize);
  return `${products} products read: ${listed} sizes low or sold out, ${noted} entries written.`;
});
