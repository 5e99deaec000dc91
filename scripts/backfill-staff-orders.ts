// `npm run backfill:staff-orders [-- --database <url>] [--page 200]`: gives each numbered order
// stored before the staff order index existed its entry (`staffOrders/`, decision 5204), so the
// back office lists the shop's whole history. Safe to run again.
import { backfillStaffOrders } from '../functions/src/staffOrderBackfill';
import { runBackfill } from './lib/backfillCommand';

runBackfill('backfill:staff-orders', async (database, pageSize) => {
  const { numbers, indexed } = await backfillStaffOrders(database, pageSize);
  return `${numbers} numbered orders read: ${indexed} entries written.`;
});
