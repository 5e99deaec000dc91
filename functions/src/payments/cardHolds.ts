// A card order before its card is authorised (decision 5301): a hold on the stock the order needs,
// kept as `paymentHolds/{caller}` (one per caller: one basket, one card payment at a time), and
// the payment made for it. The hold becomes the order once the provider says the payment is
// authorised for exactly its amount; a decline gives the stock back; a hold no one completes
// ends after CARD_HOLD_MS. Every change of a hold is a compare-and-set, so the browser's ask,
// the provider's notification and the sweep may meet on one hold and it changes once.
import type { Money } from '@shop/shared/payments/money';
import type { OrderPayment } from '@shop/shared/payments/orderPayment';
import type { FirstOrderOwner } from '../firstOrder';
import type { CardPaymentNeeded, OrderRecord } from '../orderRecord';
import { storeNewOrder } from '../orderStore';
import { type DatabaseClient, updateIfMatch } from '../restDatabase';
import { OutOfStock, type StockNeed, reserveStock, restoreStock } from '../stock';
import type { PaymentProvider, ProviderPayment } from './paymentProvider';

/** How long stock is held for a card that is not authorised (an abandoned second step). */
export const CARD_HOLD_MS = 15 * 60_000;
/** Expired holds one request or notification ends at most (the work of a request is bounded). */
export const SWEEP_BATCH = 10;

/** Where payments keep their records; functions only (closed in the rules). */
export const PAYMENT_PATHS = {
  holds: 'paymentHolds',
  hold: (uid: string) => `paymentHolds/${uid}`,
  /** `{paymentId}` = the caller whose hold it is, for notifications. */
  payment: (paymentId: string) => `paymentRefs/${paymentId}`,
  /** `{eventId}` = when it was handled: a notification is handled once. */
  events: 'paymentEvents',
  event: (eventId: string) => `paymentEvents/${eventId}`,
} as const;

/** What the order function keeps of each payment it made, for its notifications. */
export interface PaymentReference {
  uid: string;
  key: string;
  amount: Money;
}

export type HoldEnd = 'declined' | 'expired' | 'replaced' | 'sold-out' | 'cancelled';

export interface CardHold {
  /** The checkout's order key. */
  key: string;
  uid: string;
  /** The order as it will be stored (priced by the server), and where. */
  order: OrderRecord;
  orderPath: string;
  owner: FirstOrderOwner;
  guestSession: string | null;
  needs: StockNeed[];
  /** Holds made for this key so far (a hold that ended is followed by a new payment). */
  attempt: number;
  payment: { provider: PaymentProvider['name']; id: string; clientSecret: string; amount: Money };
  /** Whether the hold has the stock now (a decline gives it back; a retry takes it again). */
  stockHeld: boolean;
  /** When the hold ends unless completed; 0 once it is not open (the sweep's index). */
  holdUntil: number;
  state: 'open' | 'ordered' | 'ended';
  ended?: HoldEnd;
}

export interface HoldContext {
  database: DatabaseClient;
  provider: PaymentProvider;
  now: () => number;
  newNumber: () => string;
  log: (message: string) => void;
}

export class HoldRefusal extends Error {
  constructor(
    readonly code: 'out-of-stock' | 'payment-mismatch' | 'payment-cancelled',
    message: string,
  ) {
    super(message);
  }
}

export async function readHold(database: DatabaseClient, uid: string): Promise<CardHold | null> {
  return database.get<CardHold>(PAYMENT_PATHS.hold(uid));
}

/**
 * Changes the caller's hold with `change` (null: leave it) by compare-and-set; a caller without a
 * hold is left alone. Answers the hold as written (or as found, unchanged).
 */
export function updateHold(
  database: DatabaseClient,
  uid: string,
  change: (hold: CardHold) => CardHold | null,
): Promise<CardHold | null> {
  return updateIfMatch<CardHold>(database, PAYMENT_PATHS.hold(uid), (hold) =>
    hold ? change(hold) : null,
  );
}

/** What the browser is answered while the card is not authorised. */
export const paymentNeeded = (hold: CardHold, payment?: ProviderPayment): CardPaymentNeeded => ({
  provider: hold.payment.provider,
  clientSecret: hold.payment.clientSecret,
  amount: hold.payment.amount,
  ...(payment?.lastError ? { lastError: payment.lastError } : {}),
});

/** Gives the hold's stock back, once: only the change that clears `stockHeld` restores it. */
export async function releaseStock(ctx: HoldContext, uid: string, end?: HoldEnd): Promise<void> {
  let released: CardHold | null = null;
  await updateHold(ctx.database, uid, (hold) => {
    if (hold.state !== 'open') return null;
    released = hold.stockHeld ? hold : null;
    return end
      ? { ...hold, stockHeld: false, holdUntil: 0, state: 'ended', ended: end }
      : hold.stockHeld
        ? { ...hold, stockHeld: false }
        : null;
  });
  const held = released as CardHold | null;
  if (held) await restoreStock(ctx.database, held.needs, ctx.log);
}

/**
 * Takes the hold's stock again (after a decline gave it back) and starts a new CARD_HOLD_MS; an
 * OutOfStock goes to the caller. The stock taken is given back if the hold changed meanwhile.
 */
export async function retakeStock(ctx: HoldContext, hold: CardHold): Promise<CardHold> {
  if (hold.stockHeld) return hold;
  const reservation = await reserveStock(ctx.database, hold.needs, ctx.log);
  let taken = false;
  const now = await updateHold(ctx.database, hold.uid, (current) => {
    if (current.state !== 'open' || current.stockHeld || current.key !== hold.key) return null;
    taken = true;
    return { ...current, stockHeld: true, holdUntil: ctx.now() + CARD_HOLD_MS };
  });
  if (!taken) await reservation.release();
  return now ?? hold;
}

/** The payment the order stores: the authorised amount, and the step that authorised it. */
function orderPaymentOf(hold: CardHold, at: number): OrderPayment {
  const { amount } = hold.payment;
  return {
    provider: hold.payment.provider,
    id: hold.payment.id,
    amount,
    status: 'authorised',
    captured: 0,
    refunded: 0,
    history: [{ at, step: 'authorised', amount: amount.amount }],
  };
}

/** True when the provider's payment is the hold's: its reference, amount and currency. */
export const matchesHold = (hold: CardHold, payment: ProviderPayment): boolean =>
  payment.id === hold.payment.id &&
  payment.reference === hold.key &&
  payment.amount.amount === hold.payment.amount.amount &&
  payment.amount.currency === hold.payment.amount.currency;

/**
 * An authorised payment becomes the order, stored `paid` with its payment. The hold's stock
 * becomes the order's; a hold whose stock was given back takes it again, and when it cannot, the
 * authorisation is released and the shopper told the items sold out meanwhile.
 */
export async function completeHold(
  ctx: HoldContext,
  hold: CardHold,
  payment: ProviderPayment,
): Promise<{ order: OrderRecord; stored: boolean }> {
  if (!matchesHold(hold, payment)) {
    ctx.log(`payments: payment ${payment.id} does not match the hold of ${hold.key}`);
    throw new HoldRefusal('payment-mismatch', 'The payment does not match this order.');
  }
  const held = await retakeStock(ctx, hold).catch(async (error: unknown) => {
    await ctx.provider.cancel(payment.id).catch(() => undefined);
    await releaseStock(ctx, hold.uid, 'sold-out');
    throw error instanceof OutOfStock ? new HoldRefusal('out-of-stock', error.message) : error;
  });
  const at = ctx.now();
  const order: OrderRecord = {
    ...held.order,
    status: 'paid',
    timestamp: at,
    statusHistory: [{ at, to: 'paid' }],
    payment: orderPaymentOf(held, at),
  };
  const place = { path: held.orderPath, owner: held.owner, guestSession: held.guestSession };
  const result = await storeNewOrder(ctx.database, order, place, ctx.newNumber, ctx.log);
  await updateHold(ctx.database, held.uid, (current) =>
    current.key === held.key && current.state === 'open'
      ? { ...current, state: 'ordered', stockHeld: false, holdUntil: 0 }
      : null,
  );
  return result;
}

/**
 * Ends an open hold that no one will complete (replaced by another checkout, expired): the payment
 * is cancelled first, so it can never be authorised later; a payment that was authorised meanwhile
 * is not lost: it becomes the order. Answers the order when it did.
 */
export async function endHold(
  ctx: HoldContext,
  hold: CardHold,
  end: HoldEnd,
): Promise<OrderRecord | null> {
  const payment = await ctx.provider.retrieve(hold.payment.id);
  if (payment.status === 'authorised') return (await completeHold(ctx, hold, payment)).order;
  if (payment.status !== 'cancelled') {
    const cancelled = await ctx.provider.cancel(hold.payment.id).catch(async (error: unknown) => {
      const now = await ctx.provider.retrieve(hold.payment.id);
      if (now.status === 'authorised') return now;
      throw error;
    });
    if (cancelled.status === 'authorised') {
      return (await completeHold(ctx, hold, cancelled)).order;
    }
  }
  await releaseStock(ctx, hold.uid, end);
  return null;
}

/**
 * Ends the holds whose time is up, at most SWEEP_BATCH of them (decision 5301: every order request
 * and notification runs it, so no scheduler is needed and no call does unbounded work).
 */
export async function sweepExpiredHolds(ctx: HoldContext): Promise<number> {
  const expired = await ctx.database.query<CardHold>(PAYMENT_PATHS.holds, {
    orderBy: 'holdUntil',
    startAt: 1,
    endAt: ctx.now(),
    limitToFirst: SWEEP_BATCH,
  });
  let ended = 0;
  for (const hold of Object.values(expired)) {
    if (hold.state !== 'open') continue;
    try {
      await endHold(ctx, hold, 'expired');
      ended += 1;
    } catch (error) {
      ctx.log(`payments: could not end the expired hold of ${hold.key}: ${String(error)}`);
    }
  }
  return ended;
}

/** How often order requests and notifications also end expired holds, per instance. */
export const REQUEST_SWEEP_EVERY_MS = 60_000;

/**
 * The sweep the order requests and notifications run: at most once per REQUEST_SWEEP_EVERY_MS
 * on an instance (a clock set back counts as due), so an order costs one query more a minute,
 * not one more each. Failures are logged: the order or notification goes on.
 */
export function requestSweeper(ctx: HoldContext, who: string): () => Promise<void> {
  let sweptAt = Number.NEGATIVE_INFINITY;
  return async () => {
    const at = ctx.now();
    if (at >= sweptAt && at - sweptAt < REQUEST_SWEEP_EVERY_MS) return;
    sweptAt = at;
    await sweepExpiredHolds(ctx).catch((error: unknown) => {
      ctx.log(`${who}: the sweep of card holds failed: ${String(error)}`);
    });
  };
}
