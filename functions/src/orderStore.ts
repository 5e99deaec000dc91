// Storing a new order and what it leaves besides itself, for the order function and for a card
// payment that became an order (decision 5301): one way, whichever path stored it.
import type { FirstOrderOwner } from './firstOrder';
import { markOrdered } from './firstOrder';
import { indexGuestOrder } from './guestOrders';
import type { OrderRecord } from './orderRecord';
import { createNumberedOrder } from './orderStatus';
import type { DatabaseClient } from './restDatabase';
import { indexNewOrder } from './staffOrderIndex';

export interface NewOrderPlace {
  /** Where the order is stored (the caller's orders, under the checkout's key). */
  path: string;
  owner: FirstOrderOwner;
  /** The anonymous session a guest's order is kept for; null for an account's. */
  guestSession: string | null;
}

/**
 * Creates the order under its key with a number of its own, once: another request that stored it
 * first wins and its order is answered (`stored: false`). A new order is then indexed for the back
 * office (decision 5204), marked as ordered for first-order codes and, a guest's, indexed by email
 * (decision 4401); those are logged when they fail, the order is stored either way.
 */
export async function storeNewOrder(
  database: DatabaseClient,
  order: OrderRecord,
  place: NewOrderPlace,
  newNumber: () => string,
  log: (message: string) => void,
): Promise<{ order: OrderRecord; stored: boolean }> {
  const created = await createNumberedOrder(database, place.path, order, newNumber);
  if (!created.created) return { order: created.existing as OrderRecord, stored: false };
  await indexNewOrder(database, created.order, log);
  await markOrdered(database, place.owner, order.id).catch((error: unknown) => {
    // A missing mark only lets one more first-order code through.
    log(`orders: could not mark ${order.id} as ordered: ${String(error)}`);
  });
  if (place.guestSession) {
    await indexGuestOrder(database, created.order, place.guestSession).catch((error: unknown) => {
      // A missing entry: the order stays the guest's until `npm run backfill:guest-orders`.
      log(`orders: could not index guest order ${order.id}: ${String(error)}`);
    });
  }
  return { order: created.order, stored: true };
}
