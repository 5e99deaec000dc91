// The back office's index of orders, `staffOrders/{orderKey}` (decision 5204): written by the order
// function once the order is stored, and moved on by the status function once its compare-and-set
// has won. Neither can be one write with the order: each order write is a conditional PUT of one
// location (`if-match`, which the REST protocol offers for PUT and DELETE only), and that
// condition is what makes an order exactly once (decision 1401) and a move safe from a race
// (decision 5201). So the entry follows right after, from the order as written; a failure is
// logged, and the next move writes the whole entry again.
import { ORDER_TRANSITIONS, type OrderStatus } from '@shop/shared/order/orderVocabulary';
import {
  STAFF_PATHS,
  type StaffOrderEntry,
  staffOrderEntryOf,
} from '@shop/shared/staff/staffVocabulary';
import type { OrderRecord } from './orderRecord';
import type { DatabaseClient } from './restDatabase';

/** Tries of the entry's compare-and-set before it is left to the next move. */
const INDEX_TRIES = 5;

/**
 * A new order's entry; only written when there is none (a staff move may have come first).
 * Whether it was written.
 */
export async function indexNewOrder(
  database: DatabaseClient,
  order: OrderRecord,
  log: (message: string) => void,
): Promise<boolean> {
  try {
    return (await database.create(STAFF_PATHS.order(order.id), staffOrderEntryOf(order))).created;
  } catch (error) {
    log(`staff order index: new order ${order.number}: ${String(error)}`);
    return false;
  }
}

/** Whether an order that is `from` can become `to` by one or more moves of ORDER_TRANSITIONS. */
function comesAfter(to: OrderStatus, from: OrderStatus): boolean {
  const seen = new Set<OrderStatus>();
  const next = [...ORDER_TRANSITIONS[from]];
  for (let status = next.pop(); status !== undefined; status = next.pop()) {
    if (status === to) return true;
    if (!seen.has(status)) next.push(...ORDER_TRANSITIONS[status]);
    seen.add(status);
  }
  return false;
}

/**
 * The entry of an order a staff member just moved. Two moves in quick succession may write their
 * entries in either order, so the entry is compared-and-set and never goes back: an entry already
 * at a later status stays. A missing entry is written whole.
 */
export async function indexStatusChange(
  database: DatabaseClient,
  order: OrderRecord,
  log: (message: string) => void,
): Promise<void> {
  const path = STAFF_PATHS.order(order.id);
  const entry = staffOrderEntryOf(order);
  try {
    for (let attempt = 0; attempt < INDEX_TRIES; attempt += 1) {
      const { value, etag } = await database.getWithEtag<StaffOrderEntry>(path);
      if (value && comesAfter(value.status, entry.status)) return;
      if ((await database.putIfMatch(path, entry, etag)).written) return;
    }
    log(`staff order index: ${order.number} kept changing; left to its next move`);
  } catch (error) {
    log(`staff order index: ${order.number} to ${order.status}: ${String(error)}`);
  }
}
