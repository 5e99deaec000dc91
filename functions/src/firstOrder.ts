// A first-order code (WELCOME15: `firstOrderOnly` in its `discounts/{code}` record) is honoured on
// an account's first order, or a guest's on the first order of the checkout email (decision 3901).
// Every placed order marks its email (hashed) and its account under `firstOrders/`, with a
// conditional create: the first order's key stays there. An order with such a code claims both
// marks before it takes stock; a mark that names another order refuses the code. A claim is given
// back when the order is not stored after all.
import { createHash } from 'node:crypto';
import { ORDER_PATHS, normaliseEmail } from '@shop/shared/order/orderVocabulary';
import type { DatabaseClient } from './restDatabase';

export const FIRST_ORDERS_PATH = ORDER_PATHS.firstOrders;

export interface FirstOrderOwner {
  email: string;
  /** The account's uid; null for a guest (an anonymous session). */
  account: string | null;
}

function marks(owner: FirstOrderOwner): { path: string; what: 'account' | 'email address' }[] {
  const email = createHash('sha256').update(normaliseEmail(owner.email)).digest('hex');
  return [
    ...(owner.account
      ? [{ path: `${FIRST_ORDERS_PATH}/accounts/${owner.account}`, what: 'account' as const }]
      : []),
    { path: `${FIRST_ORDERS_PATH}/emails/${email}`, what: 'email address' as const },
  ];
}

/** Records `orderKey` as the owner's first order where none is recorded yet. */
export async function markOrdered(
  database: DatabaseClient,
  owner: FirstOrderOwner,
  orderKey: string,
): Promise<void> {
  await Promise.all(marks(owner).map((mark) => database.create(mark.path, orderKey)));
}

export type FirstOrderClaim =
  | { entitled: true; release: () => Promise<void> }
  | { entitled: false; orderedBefore: 'account' | 'email address' };

/**
 * Claims the owner's first order for `orderKey`. `earlierOrders` are the keys of the account's
 * orders already stored (orders placed before the marks existed count too).
 */
export async function claimFirstOrder(
  database: DatabaseClient,
  owner: FirstOrderOwner,
  orderKey: string,
  earlierOrders: string[],
): Promise<FirstOrderClaim> {
  const taken: string[] = [];
  const release = async () => {
    await Promise.all(
      taken.splice(0).map(async (path) => {
        const { value, etag } = await database.getWithEtag<unknown>(path);
        if (value === orderKey) await database.putIfMatch(path, null, etag);
      }),
    );
  };
  if (owner.account && earlierOrders.some((key) => key !== orderKey)) {
    return { entitled: false, orderedBefore: 'account' };
  }
  for (const mark of marks(owner)) {
    const claim = await database.create(mark.path, orderKey);
    if (claim.created) {
      taken.push(mark.path);
    } else if (claim.existing !== orderKey) {
      await release();
      return { entitled: false, orderedBefore: mark.what };
    }
  }
  return { entitled: true, release };
}
