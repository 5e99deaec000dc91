// `npm run backfill:staff-orders` (decision 5204): gives each order stored before the staff order
// index existed its entry, so the back office lists a shop's whole history from its first day.
// Walks `orderNumbers` page by page (every numbered order has one, naming where the order lives),
// reads each order and creates its entry when there is none (the order function's own conditional
// create: an entry a staff move wrote meanwhile is never overwritten). Safe to run again.
import { ORDER_PATHS } from '@shop/shared/order/orderVocabulary';
import type { OrderRecord } from './orderRecord';
import type { OrderNumberEntry } from './orderStatus';
import type { DatabaseClient } from './restDatabase';
import { indexNewOrder } from './staffOrderIndex';

/** Orders read at once. */
const PARALLEL = 8;

export async function backfillStaffOrders(
  database: DatabaseClient,
  pageSize = 200,
  log: (message: string) => void = console.error,
): Promise<{ numbers: number; indexed: number }> {
  let numbers = 0;
  let indexed = 0;
  let startAt: string | undefined;
  for (;;) {
    // startAt is inclusive: one more than a page, the first of which was the last one read.
    const page = await database.first<OrderNumberEntry>(
      ORDER_PATHS.orderNumbers,
      pageSize + 1,
      startAt,
    );
    const found = Object.keys(page)
      .filter((number) => number !== startAt)
      .sort();
    for (let first = 0; first < found.length; first += PARALLEL) {
      const written = await Promise.all(
        found.slice(first, first + PARALLEL).map(async (number) => {
          const path = page[number]?.path;
          const order = typeof path === 'string' ? await database.get<OrderRecord>(path) : null;
          if (!order || order.number !== number) return false;
          // Orders stored before statuses existed (decision 1401) were placed and never moved.
          return indexNewOrder(database, { ...order, status: order.status ?? 'placed' }, log);
        }),
      );
      indexed += written.filter(Boolean).length;
    }
    numbers += found.length;
    if (found.length < pageSize) return { numbers, indexed };
    startAt = found[found.length - 1];
  }
}
