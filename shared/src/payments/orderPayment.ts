// A card order's payment as the order carries it (decision 5301): what the shopper's order pages
// and the back office show, written only by the functions. No card data: the provider keeps it.
import { translatable } from '../i18n/translatable';
import type { Money } from './money';

/** Where the order's money stands: held on the card, taken, released, or given back. */
export type OrderPaymentStatus =
  'authorised' | 'captured' | 'cancelled' | 'partly-refunded' | 'refunded';

/** One move of the money, in minor units of the payment's currency. */
export interface OrderPaymentStep {
  at: number;
  step: 'authorised' | 'captured' | 'cancelled' | 'refunded';
  amount: number;
}

export interface OrderPayment {
  provider: 'local' | 'stripe';
  /** The provider's id of the payment. */
  id: string;
  /** The order's total, in minor units, in the currency charged. */
  amount: Money;
  status: OrderPaymentStatus;
  /** Minor units taken, and given back of them. */
  captured: number;
  refunded: number;
  history: OrderPaymentStep[];
}

/** How each step reads on an order page, in English: the page shows it in its language. */
export const PAYMENT_STEP_LABELS: Record<OrderPaymentStep['step'], string> = {
  authorised: translatable('Card payment authorised'),
  captured: translatable('Payment taken'),
  cancelled: translatable('Card payment released'),
  refunded: translatable('Refunded'),
};

/** What a guest's receipt shows of it (decision 5301): no provider or payment id. */
export type PaymentSummary = Pick<OrderPayment, 'amount' | 'status' | 'refunded' | 'history'>;
