// The order function's card path (decision 5301): a new card order becomes a hold and a payment;
// the same checkout asking again learns from the provider where its payment stands and gets the
// order once the card is authorised.
import { toMinorUnits } from '@shop/shared/payments/money';
import { type CardPaymentNeeded, type OrderRecord, currencyOf } from '../orderRecord';
import type { NewOrderPlace } from '../orderStore';
import { reserveStock, type StockNeed } from '../stock';
import {
  CARD_HOLD_MS,
  type CardHold,
  type HoldContext,
  HoldRefusal,
  PAYMENT_PATHS,
  type PaymentReference,
  completeHold,
  paymentNeeded,
  releaseStock,
  retakeStock,
} from './cardHolds';

export type CardOutcome =
  | { kind: 'order'; order: OrderRecord; replayed: boolean }
  | { kind: 'payment'; payment: CardPaymentNeeded };

/**
 * Where the caller's open hold for this key stands: the order (authorised), the payment still to
 * confirm (its stock taken again if a decline gave it back), or null when the provider cancelled
 * it (the hold ends; the checkout starts a new one).
 */
export async function continueHold(ctx: HoldContext, hold: CardHold): Promise<CardOutcome | null> {
  const payment = await ctx.provider.retrieve(hold.payment.id);
  if (payment.status === 'authorised' || payment.status === 'captured') {
    const { order, stored } = await completeHold(ctx, hold, payment);
    return { kind: 'order', order, replayed: !stored };
  }
  if (payment.status === 'cancelled') {
    await releaseStock(ctx, hold.uid, 'cancelled');
    return null;
  }
  const held = await retakeStock(ctx, hold).catch(async (error: unknown) => {
    await releaseStock(ctx, hold.uid, 'sold-out');
    await ctx.provider.cancel(hold.payment.id).catch(() => undefined);
    throw error;
  });
  return { kind: 'payment', payment: paymentNeeded(held, payment) };
}

export interface NewHold {
  order: OrderRecord;
  needs: StockNeed[];
  uid: string;
  place: NewOrderPlace;
  /** The caller's hold before this one (ended, ordered, or replaced), if any. */
  previous: CardHold | null;
}

/**
 * A new card order: its stock is taken, a payment of its total is made with the provider, and the
 * hold is written. Nothing of it is left when a step fails: the stock goes back and the payment
 * is cancelled.
 */
export async function startHold(ctx: HoldContext, input: NewHold): Promise<CardOutcome> {
  const { order, previous } = input;
  const attempt = previous?.key === order.id ? previous.attempt + 1 : 1;
  const reservation = await reserveStock(ctx.database, input.needs, ctx.log);
  let paymentId: string | null = null;
  try {
    // The order's own currency, the one it was priced in (decision 5101).
    const currency = currencyOf(order);
    const amount = { amount: toMinorUnits(order.totalPrice, currency), currency };
    const created = await ctx.provider.create({
      amount,
      reference: order.id,
      description: `Threadline order ${order.number}`,
      idempotencyKey: `${order.id}-${attempt}`,
    });
    paymentId = created.payment.id;
    const hold: CardHold = {
      key: order.id,
      uid: input.uid,
      order,
      orderPath: input.place.path,
      owner: input.place.owner,
      guestSession: input.place.guestSession,
      needs: input.needs,
      attempt,
      payment: {
        provider: ctx.provider.name,
        id: paymentId,
        clientSecret: created.clientSecret,
        amount,
      },
      stockHeld: true,
      holdUntil: ctx.now() + CARD_HOLD_MS,
      state: 'open',
    };
    const reference: PaymentReference = { uid: input.uid, key: order.id, amount };
    await ctx.database.put(PAYMENT_PATHS.payment(paymentId), reference);
    await writeNewHold(ctx, hold);
    return { kind: 'payment', payment: paymentNeeded(hold) };
  } catch (error) {
    await reservation.release();
    if (paymentId) await ctx.provider.cancel(paymentId).catch(() => undefined);
    throw error;
  }
}

/** Writes the hold unless another checkout of the caller wrote an open one meanwhile. */
async function writeNewHold(ctx: HoldContext, hold: CardHold): Promise<void> {
  const path = PAYMENT_PATHS.hold(hold.uid);
  const { value, etag } = await ctx.database.getWithEtag<CardHold>(path);
  const written =
    value?.state === 'open' && value.key !== hold.key
      ? { written: false }
      : await ctx.database.putIfMatch(path, hold, etag);
  if (!written.written) {
    throw new HoldRefusal(
      'payment-cancelled',
      'Another checkout of this basket is paying right now. Please finish or close it first.',
    );
  }
}
