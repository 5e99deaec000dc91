/**
 * Stripe's PaymentIntents as the shop's card payment provider in production (decision 5301,
 * docs/decisions/5301-card-payments.md).
 *
 * Configuration (paymentConfig.ts reads it): `SHOP_PAYMENT_PROVIDER=stripe`, `STRIPE_SECRET_KEY`
 * (the account's secret key, `sk_live_…` or `sk_test_…`) and `STRIPE_WEBHOOK_SECRET` (the signing
 * secret, `whsec_…`, of the webhook endpoint).
 *
 * The webhook endpoint, set up in Stripe's dashboard, must point at the `paymentNotification`
 * function, send the events of NOTIFICATION_TYPES below and use API version STRIPE_API_VERSION:
 * an event's object has the shape of the endpoint's version, and this file reads that shape.
 * An event of any other type that is genuinely Stripe's is answered
 * `{ ok: false, reason: 'not a payment event: <type>' }`, as is one about a payment that is not
 * the shop's (no `orderKey` in its metadata): the caller answers those 200 and ignores them, since
 * Stripe redelivers anything else for days and then disables the endpoint.
 */
import type Stripe from 'stripe';
import { isCurrency } from '@shop/shared/payments/money';
import type { HttpRequest } from '../http';
import {
  NOTIFICATION_TOLERANCE_MS,
  type NotificationCheck,
  type NotificationType,
  type PaymentProvider,
  type PaymentStatus,
  type ProviderPayment,
  ProviderRefusal,
  ProviderUnavailable,
} from './paymentProvider';

/**
 * The API version the adapter speaks: the installed package's own (its type is the package's
 * `LatestApiVersion`, so an upgrade of `stripe` that moves it fails the typecheck here first).
 */
export const STRIPE_API_VERSION: Stripe.LatestApiVersion = '2025-02-24.acacia';

/** The prefix of the reason of a genuine event the shop has no use for (answered 200). */
export const NOT_A_PAYMENT_EVENT = 'not a payment event';

const STATUSES: Record<Stripe.PaymentIntent.Status, PaymentStatus> = {
  requires_payment_method: 'awaiting-card',
  requires_confirmation: 'awaiting-card',
  requires_action: 'awaiting-action',
  processing: 'awaiting-action',
  requires_capture: 'authorised',
  succeeded: 'captured',
  canceled: 'cancelled',
};

/** The events the shop listens to, and what each one tells. */
export const NOTIFICATION_TYPES = {
  'payment_intent.amount_capturable_updated': 'authorised',
  'payment_intent.payment_failed': 'declined',
  'payment_intent.requires_action': 'action-required',
  'payment_intent.succeeded': 'captured',
  'payment_intent.canceled': 'cancelled',
  'charge.refunded': 'refunded',
} as const satisfies Partial<Record<Stripe.Event.Type, NotificationType>>;

/**
 * Stripe's codes for the refusals the callers tell apart, in the words of the interface
 * (paymentProvider.ts) so that both providers' refusals read alike; other codes stay Stripe's.
 */
const REFUSAL_CODES: Record<string, string> = {
  resource_missing: 'not_found',
  payment_intent_unexpected_state: 'payment_state',
};

/**
 * 4xx answers that are not about the payment: a wrong or revoked key (401, 403), too many
 * requests (429) and a concurrent request with the same idempotency key (409) are the shop's
 * trouble, not a refusal; they stay errors so that the caller fails and is retried.
 */
const NOT_REFUSALS = new Set([401, 403, 409, 429]);

/** Every read of a payment expands its charge: the refunds are counted there. */
const WITH_CHARGE = ['latest_charge'];

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /** A client of the caller's (the tests point one at their fixtures' server). */
  client?: Stripe;
}

export function stripeProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = options.client ?? clientFor(options.secretKey);
  const read = (id: string) =>
    asked(() => stripe.paymentIntents.retrieve(id, { expand: WITH_CHARGE }));
  const retrieve = (id: string) => read(id).then(paymentOf);
  return {
    name: 'stripe',
    async create({ amount, reference, description, idempotencyKey }) {
      const intent = await asked(() =>
        stripe.paymentIntents.create(
          {
            amount: amount.amount,
            currency: amount.currency.toLowerCase(),
            // Authorised now, captured when the order ships (changeOrderStatus), as decided.
            capture_method: 'manual',
            payment_method_types: ['card'],
            description,
            metadata: { orderKey: reference },
          },
          { idempotencyKey },
        ),
      );
      if (intent.client_secret === null) {
        throw new Error(`Stripe answered payment ${intent.id} without its client secret`);
      }
      return { payment: paymentOf(intent), clientSecret: intent.client_secret };
    },
    retrieve,
    async capture(id, amount) {
      const params: Stripe.PaymentIntentCaptureParams = { expand: WITH_CHARGE };
      if (amount !== undefined) params.amount_to_capture = amount;
      return paymentOf(await asked(() => stripe.paymentIntents.capture(id, params)));
    },
    async cancel(id) {
      return paymentOf(
        await asked(() => stripe.paymentIntents.cancel(id, { expand: WITH_CHARGE })),
      );
    },
    async refund(id, amount, idempotencyKey) {
      const refund = await asked(() =>
        stripe.refunds.create({ payment_intent: id, amount }, { idempotencyKey }),
      );
      // The refund's answer has no payment: re-read it so the caller stores what Stripe now holds.
      return { refundId: refund.id, payment: await retrieve(id) };
    },
    verifyNotification: (rawBody, headers, now) =>
      verifyNotification(stripe, options.webhookSecret, read, { rawBody, headers, now }),
  };
}

/**
 * The `stripe` package, loaded when a Stripe client is first made rather than with the functions:
 * a function instance on the local provider (the emulator, the tests) never loads it, and every
 * cold start there is about 70 ms shorter (decision 5301).
 */
function stripePackage(): typeof Stripe {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a lazy load (above)
  return require('stripe') as typeof Stripe;
}

function clientFor(secretKey: string): Stripe {
  const StripeClient = stripePackage();
  return new StripeClient(secretKey, {
    apiVersion: STRIPE_API_VERSION,
    // Safe to retry: the library adds an idempotency key to each retried POST that has none.
    maxNetworkRetries: 2,
    // Under the function's own 60 s, so a slow Stripe fails the call rather than the function.
    timeout: 20_000,
  });
}

/** A PaymentIntent as the shop's payment. */
export function paymentOf(intent: Stripe.PaymentIntent): ProviderPayment {
  const currency = intent.currency.toUpperCase();
  const status = STATUSES[intent.status] as PaymentStatus | undefined;
  if (!isCurrency(currency)) {
    throw new Error(
      `Stripe payment ${intent.id} is in ${intent.currency}, not the shop's currency`,
    );
  }
  if (status === undefined) {
    throw new Error(`Stripe payment ${intent.id} has the unknown status ${intent.status}`);
  }
  const payment: ProviderPayment = {
    id: intent.id,
    status,
    amount: { amount: intent.amount, currency },
    captured: intent.amount_received,
    refunded: refundedOf(intent),
    reference: intent.metadata.orderKey ?? '',
  };
  const error = intent.last_payment_error;
  if (error) {
    payment.lastError = {
      // The bank's reason (insufficient_funds) says more than Stripe's card_declined.
      code: error.decline_code ?? error.code ?? error.type,
      message: error.message ?? 'The card was declined.',
    };
  }
  return payment;
}

/**
 * Minor units given back: the latest charge's refunds, less what Stripe counts refunded of an
 * authorisation left uncaptured (a partial capture's rest, a cancel: "any additional amount is
 * automatically refunded"), which was never taken. A charge not expanded (an event's object)
 * counts 0: refunds arrive as `charge.refunded`, whose payment is re-read expanded.
 */
function refundedOf(intent: Stripe.PaymentIntent): number {
  const charge = intent.latest_charge;
  if (charge === null || typeof charge === 'string' || !charge.captured) return 0;
  const released = charge.amount - charge.amount_captured;
  return Math.min(Math.max(charge.amount_refunded - released, 0), intent.amount_received);
}

/** Stripe's answer, or its refusal of a request (4xx) as a ProviderRefusal; other errors as is. */
async function asked<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    const { errors } = stripePackage();
    if (!(error instanceof errors.StripeError)) throw error;
    const status = error.statusCode ?? 0;
    // No answer, or Stripe's own failure: the payment may be tried again later.
    if (error instanceof errors.StripeConnectionError || status >= 500) {
      throw new ProviderUnavailable(error.message, { cause: error });
    }
    if (status < 400 || NOT_REFUSALS.has(status)) throw error;
    const code = error.code ?? error.rawType;
    throw new ProviderRefusal(REFUSAL_CODES[code] ?? code, error.message);
  }
}

interface Delivery {
  rawBody: Buffer | string;
  headers: HttpRequest['headers'];
  now: number;
}

/**
 * Checks the `stripe-signature` header over the exact bytes and the signed timestamp against
 * `now` (the library's `receivedAt`, so the age is counted from the caller's clock, as the
 * interface asks), then reads the event. A payment is the shop's if it has an `orderKey`; only
 * then is it mapped (another integration's payment on the same account may be in any currency).
 * A failure to re-read a payment is thrown, not refused: the caller fails and Stripe delivers the
 * event again.
 */
async function verifyNotification(
  stripe: Stripe,
  webhookSecret: string,
  read: (id: string) => Promise<Stripe.PaymentIntent>,
  { rawBody, headers, now }: Delivery,
): Promise<NotificationCheck> {
  const header = headers['stripe-signature'];
  if (typeof header !== 'string' || header === '') {
    return { ok: false, reason: 'no stripe-signature header' };
  }
  let event: Stripe.Event;
  try {
    event = await stripe.webhooks.constructEventAsync(
      rawBody,
      header,
      webhookSecret,
      NOTIFICATION_TOLERANCE_MS / 1000,
      undefined,
      now,
    );
  } catch (error) {
    const why = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return { ok: false, reason: `not a genuine Stripe event: ${why}` };
  }
  const about = intentOfEvent(event);
  const intent = typeof about === 'string' ? await read(about) : about;
  if (intent === undefined || !intent.metadata.orderKey) {
    const whose = intent ? ` about ${intent.id}, not the shop's payment` : '';
    return { ok: false, ignore: true, reason: `${NOT_A_PAYMENT_EVENT}: ${event.type}${whose}` };
  }
  const type = NOTIFICATION_TYPES[event.type as keyof typeof NOTIFICATION_TYPES];
  return { ok: true, notification: { id: event.id, type, payment: paymentOf(intent) } };
}

/**
 * The PaymentIntent an event is about: as it was then, or (a refund) its id, to be re-read as it
 * is now; none for the events the shop does not listen to.
 */
function intentOfEvent(event: Stripe.Event): Stripe.PaymentIntent | string | undefined {
  switch (event.type) {
    case 'payment_intent.amount_capturable_updated':
    case 'payment_intent.payment_failed':
    case 'payment_intent.requires_action':
    case 'payment_intent.succeeded':
    case 'payment_intent.canceled':
      return event.data.object;
    case 'charge.refunded': {
      // The charge holds the refund; the payment (status, captured, reference) is re-read.
      const intent = event.data.object.payment_intent;
      if (intent === null) return undefined;
      return typeof intent === 'string' ? intent : intent.id;
    }
    default:
      return undefined;
  }
}
