// A stored card order's money, moved with the order's life (decision 5301): shipped captures what
// was authorised, cancelled before shipping releases it, refunded gives back what is left, and a
// part refund gives back an amount, never more than was captured. Each move is a step of the
// order's payment; the provider's idempotency keys make a repeated call move the money once.
import type { OrderPayment, OrderPaymentStep } from '@shop/shared/payments/orderPayment';
import type { OrderStatus } from '@shop/shared/order/orderVocabulary';
import type { OrderRecord } from '../orderRecord';
import { type DatabaseClient, updateIfMatch } from '../restDatabase';
import { type PaymentProvider, ProviderRefusal } from './paymentProvider';

const withStep = (
  payment: OrderPayment,
  step: OrderPaymentStep,
  change: Partial<OrderPayment>,
): OrderPayment => ({ ...payment, ...change, history: [...payment.history, step] });

/** What is left to give back (minor units). */
export const refundable = (payment: OrderPayment): number => payment.captured - payment.refunded;

/** The order's payment once `to` has moved it; null when the move moves no money. */
export async function paymentAfterMove(
  provider: PaymentProvider,
  order: OrderRecord,
  to: OrderStatus,
  at: number,
): Promise<OrderPayment | null> {
  const payment = order.payment;
  if (!payment) return null;
  if (to === 'shipped' && payment.status === 'authorised') {
    const taken = await provider.capture(payment.id);
    return withStep(
      payment,
      { at, step: 'captured', amount: taken.captured },
      { status: 'captured', captured: taken.captured },
    );
  }
  if (to === 'cancelled' && payment.status === 'authorised') {
    await provider.cancel(payment.id);
    return withStep(
      payment,
      { at, step: 'cancelled', amount: payment.amount.amount },
      { status: 'cancelled' },
    );
  }
  if (to === 'refunded' && refundable(payment) > 0) {
    return refundPart(provider, order.id, payment, refundable(payment), at);
  }
  return null;
}

/**
 * Gives back `amount` of a captured payment; refused beyond what is left. The key is the amount
 * refunded before, so the same refund asked twice (a double click, a retry) refunds once.
 */
export async function refundPart(
  provider: PaymentProvider,
  orderKey: string,
  payment: OrderPayment,
  amount: number,
  at: number,
): Promise<OrderPayment> {
  if (!Number.isSafeInteger(amount) || amount <= 0 || amount > refundable(payment)) {
    throw new ProviderRefusal(
      'amount_too_large',
      `At most ${refundable(payment)} minor units are left to refund.`,
    );
  }
  await provider.refund(payment.id, amount, `${orderKey}-refund-from-${payment.refunded}`);
  const refunded = payment.refunded + amount;
  return withStep(
    payment,
    { at, step: 'refunded', amount },
    { refunded, status: refunded === payment.captured ? 'refunded' : 'partly-refunded' },
  );
}

/** Writes the payment onto the order, whatever else changed (compare-and-set, again on a race). */
export async function recordPayment(
  database: DatabaseClient,
  path: string,
  payment: OrderPayment,
): Promise<void> {
  await updateIfMatch<OrderRecord>(
    database,
    path,
    (order) => (order ? { ...order, payment } : null),
    10,
  );
}
