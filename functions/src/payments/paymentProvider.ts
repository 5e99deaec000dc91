// The trusted side's view of a card payment provider (decision 5301). placeOrder, the payment
// notifications and the order's life (changeOrderStatus) speak to this interface only; the local
// test provider (payment-provider/, `npm start` and the tests) and Stripe (stripeProvider.ts) are
// its two implementations, chosen by configuration (paymentConfig.ts).
import type { Money } from '@shop/shared/payments/money';
import type { HttpRequest } from '../http';

/**
 * Where a payment stands, in the provider's words mapped to ours:
 * - `awaiting-card`: created, or the last card was declined: a card may be (re)tried;
 * - `awaiting-action`: the card's bank asks the shopper for a second step (3-D Secure);
 * - `authorised`: the amount is held on the card, nothing taken yet;
 * - `captured`: taken (some of it may since be refunded);
 * - `cancelled`: released; nothing was or will be taken.
 */
export type PaymentStatus =
  'awaiting-card' | 'awaiting-action' | 'authorised' | 'captured' | 'cancelled';

export interface ProviderPayment {
  /** The provider's id of the payment. */
  id: string;
  status: PaymentStatus;
  /** What the payment is for: the order's server-priced total. */
  amount: Money;
  /** Minor units taken so far (0 until captured). */
  captured: number;
  /** Minor units given back so far (≤ captured). */
  refunded: number;
  /** Our reference: the order's key. */
  reference: string;
  /** Why the last card tried was refused, in words a shopper may read (a decline). */
  lastError?: { code: string; message: string };
}

/** A new payment, and the secret the shopper's browser confirms it with in the provider's fields. */
export interface CreatedPayment {
  payment: ProviderPayment;
  clientSecret: string;
}

export type NotificationType =
  'authorised' | 'declined' | 'action-required' | 'captured' | 'cancelled' | 'refunded';

/** A provider's notification, once its signature and age have been checked. */
export interface PaymentNotification {
  /** The provider's id of the event: the same notification delivered twice has the same id. */
  id: string;
  type: NotificationType;
  payment: ProviderPayment;
}

export type NotificationCheck =
  | { ok: true; notification: PaymentNotification }
  /**
   * Not accepted. `ignore`: genuine, but not about a payment of ours (another event type, another
   * integration's payment): answered 200 so the provider stops sending it; otherwise refused.
   */
  | { ok: false; reason: string; ignore?: true };

/** A provider's refusal (an unknown payment, a refund over what was captured, a bad state). */
export class ProviderRefusal extends Error {
  constructor(
    /** The provider's code, e.g. `amount_too_large`, `payment_state`, `not_found`. */
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** The provider did not answer, or failed on its side (a network error, a 5xx): try again later. */
export class ProviderUnavailable extends Error {}

export interface PaymentProvider {
  readonly name: 'local' | 'stripe';
  /**
   * A payment of `amount` for the order `reference`, to be authorised (captured later).
   * The same idempotency key gives the same payment, whatever happens between.
   */
  create(input: {
    amount: Money;
    reference: string;
    description: string;
    idempotencyKey: string;
  }): Promise<CreatedPayment>;
  retrieve(id: string): Promise<ProviderPayment>;
  /** Takes an authorised payment: all of it, or `amount` minor units of it. */
  capture(id: string, amount?: number): Promise<ProviderPayment>;
  /** Releases a payment not yet captured. */
  cancel(id: string): Promise<ProviderPayment>;
  /** Gives back `amount` minor units of what was captured; refused beyond it. */
  refund(
    id: string,
    amount: number,
    idempotencyKey: string,
  ): Promise<{ refundId: string; payment: ProviderPayment }>;
  /**
   * Checks a notification's signature (over the exact bytes received) and age; a forged, altered
   * or too old one is refused. `now` in milliseconds.
   */
  verifyNotification(
    rawBody: Buffer | string,
    headers: HttpRequest['headers'],
    now: number,
  ): Promise<NotificationCheck>;
}

/** How old a notification may be (its signed timestamp) before it counts as a replay. */
export const NOTIFICATION_TOLERANCE_MS = 5 * 60_000;
