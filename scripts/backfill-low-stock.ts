// `npm run backfill:low-stock [-- --database <url>] [--page 200]`: writes the low-stock index
// (`lowStock/`, decision 5207) from the catalog's counts: every tracked size with LOW_STOCK_LEFT
// or fewer left, sold-out ones included, and removes entries no longer low. As an operator: the
// database's REST protocol with the admin token (`owner` locally, `SHOP_DATABASE_ADMIN_TOKEN` for
// a real project, e.g. `gcloud auth print-access-token`). Safe to run again.
import { parseArgs } from 'node:util';
import { backfillLowStock } from '../functions/src/lowStockBackfill';
import { restDatabase } from '../functions/src/restDatabase';
import { DEFAULT_DATABASE_URL } from './lib/seedCatalog';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      database: { type: 'string', default: DEFAULT_DATABASE_URL },
      page: { type: 'string', default: '200' },
    },
  });
  const pageSize = Number(values.page);
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 1000) {
    console.error('usage: npm run backfill:low-stock -- [--database <url>] [--page <1..1000>]');
    process.exit(2);
  }
  const token = process.env.SHOP_DATABASE_ADMIN_TOKEN ?? 'owner';
  const database = restDatabase({ url: values.database, credential: async () => token });
  const { products, listed, noted } = await backfillLowStock(database, pageSize);
  console.log(
    `${products} products read: ${listed} sizes low or sold out, ${noted} entries written.`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
