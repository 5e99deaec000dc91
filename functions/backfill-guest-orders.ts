// `npm run backfill:guest-orders [-- --database <url>] [--page 200]`: indexes the guest orders
// placed before the order function indexed them by email (decision 4401), so an account verified
// with that email claims them too. Reads `orderNumbers/` page by page as an operator (the
// database's REST protocol with the admin token: `owner` locally, `SHOP_DATABASE_ADMIN_TOKEN` for
// a real project, e.g. `gcloud auth print-access-token`). Safe to run again: it only creates
// entries that are missing, and never one for an order an account has claimed.
import { parseArgs } from 'node:util';
import apps from '../tooling/apps.json';
import { backfillGuestOrders } from './src/guestOrders';
import { restDatabase } from './src/restDatabase';

/** The local database server (`npm start`), as `npm run seed` and `npm run vitals` default to. */
const DEFAULT_DATABASE_URL = `http://127.0.0.1:${apps.backend.databasePort}`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      database: { type: 'string', default: DEFAULT_DATABASE_URL },
      page: { type: 'string', default: '200' },
    },
  });
  const pageSize = Number(values.page);
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 1000) {
    console.error('usage: npm run backfill:guest-orders -- [--database <url>] [--page <1..1000>]');
    process.exit(2);
  }
  const token = process.env.SHOP_DATABASE_ADMIN_TOKEN ?? 'owner';
  const database = restDatabase({ url: values.database, credential: async () => token });
  const { read, indexed } = await backfillGuestOrders(database, pageSize);
  console.log(`${read} numbered orders read, ${indexed} guest orders indexed by email.`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
