// `npm run backfill:guest-orders [-- --database <url>] [--page 200]`: indexes the guest orders
// placed before the order function indexed them by email (decision 4401), so an account verified
// with that email claims them too. Reads `orderNumbers/` page by page as an operator. Safe to run
// again: it only creates entries that are missing, and never one for an order an account has
// claimed.
import { backfillGuestOrders } from '../functions/src/guestOrders';
import { runBackfill } from './lib/backfillCommand';

runBackfill('backfill:guest-orders', async (database, pageSize) => {
  const { read, indexed } = await backfillGuestOrders(database, pageSize);
  return `${read} numbered orders read, ${indexed} guest orders indexed by email.`;
});
