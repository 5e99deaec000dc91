// `npm run backfill:staff-orders [-- --database <url>] [--page 200]`: gives each numbered order
// stored before the staff order index existed its entry (`staffOrders/`, decision 5204), so the
// back office lists the shop's whole history. As an operator: the database's REST protocol with
// the admin token (`owner` locally, `SHOP_DATABASE_ADMIN_TOKEN` for a real project, e.g.
// `gcloud auth print-access-token`). Safe to run again.
import { parseArgs } from 'node:util';
import { restDatabase } from '../functions/src/restDatabase';
import { backfillStaffOrders } from '../functions/src/staffOrderBackfill';
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
    console.error('usage: npm run backfill:staff-orders -- [--database <url>] [--page <1..1000>]');
    process.exit(2);
  }
  const token = process.env.SHOP_DATABASE_ADMIN_TOKEN ?? 'owner';
  const database = restDatabase({ url: values.database, credential: async () => token });
  const { numbers, indexed } = await backfillStaffOrders(database, pageSize);
  console.log(`${numbers} numbered orders read: ${indexed} entries written.`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
