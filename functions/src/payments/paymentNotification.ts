// The provider's notifications (decision 5301): POST, signed by the provider over the exact bytes
// sent. A forged, altered or stale one is refused (400); each event is handled once (its id is
// recorded, so a replay changes nothing); one whose amount or currency is not the payment we made
// is refused (409). An authorisation completes the hold into the paid order; a decline gives the
// hold's stock back; a cancellation ends the hold. Payments of stored orders are moved by our own
// calls (changeOrderStatus), so their notifications only confirm what the order already says.
import type { HttpRequest, HttpResponse } from '../http';
import type { DatabaseClient } from '../restDatabase';
import { sendUnexpected } from '../unexpected';
import {
  type HoldContext,
  PAYMENT_PATHS,
  type PaymentReference,
  completeHold,
  readHold,
  releaseStock,
  requestSweeper,
} from './cardHolds';
import type { PaymentNotification, PaymentProvider } from './paymentProvider';

export interface NotificationRequest extends HttpRequest {
  /** The bytes received (Cloud Functions and the emulator keep them): what was signed. */
  rawBody?: Buffer;
}

export interface PaymentNotificationDeps {
  database: DatabaseClient;
  provider: PaymentProvider;
  now?: () => number;
  newNumber: () => string;
  log?: (message: string) => void;
}

type Answer = { status: number; body: Record<string, unknown> };

const refused = (status: number, error: string, message: string): Answer => ({
  status,
  body: { error, message },
});

/** The bytes that were signed: the raw body, or a string body as it came. */
function rawBodyOf(req: NotificationRequest): Buffer | string | null {
  if (req.rawBody) return req.rawBody;
  return typeof req.body === 'string' ? req.body : null;
}

/** What an event does to the caller's open hold for its payment; nothing when it has none. */
async function applyToHold(ctx: HoldContext, uid: string, event: PaymentNotification) {
  const hold = await readHold(ctx.database, uid);
  if (hold?.state !== 'open' || hold.payment.id !== event.payment.id) return;
  if (event.type === 'authorised') {
    // The provider's payment as it is now, not as the event saw it.
    await completeHold(ctx, hold, await ctx.provider.retrieve(event.payment.id));
  } else if (event.type === 'declined') {
    await releaseStock(ctx, uid);
  } else if (event.type === 'cancelled') {
    await releaseStock(ctx, uid, 'cancelled');
  }
}

async function handle(ctx: HoldContext, event: PaymentNotification): Promise<Answer> {
  const reference = await ctx.database.get<PaymentReference>(
    PAYMENT_PATHS.payment(event.payment.id),
  );
  if (!reference) return refused(404, 'unknown-payment', 'No order of ours has this payment.');
  const { amount, currency } = event.payment.amount;
  if (amount !== reference.amount.amount || currency !== reference.amount.currency) {
    ctx.log(`paymentNotification: ${event.id} names ${amount} ${currency} for ${reference.key}`);
    return refused(409, 'amount-mismatch', 'The amount is not the order’s amount.');
  }
  if (event.payment.reference !== reference.key) {
    return refused(409, 'reference-mismatch', 'The payment is for another order.');
  }
  const first = await ctx.database.create(PAYMENT_PATHS.event(event.id), {
    at: ctx.now(),
    type: event.type,
  });
  if (!first.created) return { status: 200, body: { received: true, duplicate: true } };
  try {
    await applyToHold(ctx, reference.uid, event);
  } catch (error) {
    // Not handled: the provider sends it again, and then it must not count as seen.
    await ctx.database.put(PAYMENT_PATHS.event(event.id), null).catch(() => undefined);
    throw error;
  }
  return { status: 200, body: { received: true } };
}

export function createPaymentNotification(deps: PaymentNotificationDeps) {
  const log = deps.log ?? ((message: string) => console.error(message));
  const ctx: HoldContext = {
    database: deps.database,
    provider: deps.provider,
    now: deps.now ?? Date.now,
    newNumber: deps.newNumber,
    log,
  };
  const sweep = requestSweeper(ctx, 'paymentNotification');
  return async function paymentNotification(
    req: NotificationRequest,
    res: HttpResponse,
  ): Promise<void> {
    try {
      if (req.method !== 'POST') {
        res.status(405).json({ error: 'method-not-allowed', message: 'Use POST.' });
        return;
      }
      const raw = rawBodyOf(req);
      const check = raw
        ? await deps.provider.verifyNotification(raw, req.headers, ctx.now())
        : { ok: false as const, reason: 'no body' };
      if (!check.ok && check.ignore) {
        res.status(200).json({ received: true, ignored: check.reason });
        return;
      }
      if (!check.ok) {
        res.status(400).json({ error: 'invalid-notification', message: check.reason });
        return;
      }
      const answer = await handle(ctx, check.notification);
      await sweep();
      res.status(answer.status).json(answer.body);
    } catch (error) {
      sendUnexpected(res, error, NOTIFICATION_TEXTS, log);
    }
  };
}

const NOTIFICATION_TEXTS = {
  handler: 'paymentNotification',
  unavailable: 'The notification could not be handled: the database is unavailable.',
  failed: 'The notification could not be handled.',
};
