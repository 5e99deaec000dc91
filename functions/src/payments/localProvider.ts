// The local test card provider (payment-provider/, decision 5301) as the trusted side's
// PaymentProvider: its HTTP API called with the secret key, its signed notifications checked over
// the exact bytes received. `npm start` and the tests use it where a deployment uses Stripe.
import { createHmac, timingSafeEqual } from 'node:crypto';
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

export interface LocalProviderOptions {
  /** The provider's address, e.g. http://127.0.0.1:9030. */
  url: string;
  /** Sent as `Authorization: Bearer …` on every API call. */
  secretKey: string;
  /** What the provider signs its notifications with. */
  webhookSecret: string;
  /** (Tests.) Defaults to the global fetch. */
  fetch?: typeof fetch;
  /** How long an API call may take before it counts as a failure. */
  timeoutMs?: number;
}

/** The header a notification's signature comes in (`t=<seconds>,v1=<hex HMAC-SHA256>`). */
export const SIGNATURE_HEADER = 'threadline-signature';

const STATUSES: readonly PaymentStatus[] = [
  'awaiting-card',
  'awaiting-action',
  'authorised',
  'captured',
  'cancelled',
];

const NOTIFICATION_TYPES: Readonly<Record<string, NotificationType>> = {
  'payment.authorised': 'authorised',
  'payment.declined': 'declined',
  'payment.action_required': 'action-required',
  'payment.captured': 'captured',
  'payment.cancelled': 'cancelled',
  'payment.refunded': 'refunded',
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isMinorUnits = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

function lastErrorOf(value: unknown): ProviderPayment['lastError'] | undefined {
  if (!isRecord(value) || typeof value.code !== 'string' || typeof value.message !== 'string') {
    return undefined;
  }
  return { code: value.code, message: value.message };
}

/** The provider's payment object as ours; undefined when it is not one. */
export function toProviderPayment(value: unknown): ProviderPayment | undefined {
  if (!isRecord(value)) return undefined;
  const { id, status, amount, currency, captured, refunded, reference } = value;
  if (typeof id !== 'string' || id === '' || typeof reference !== 'string') return undefined;
  if (!STATUSES.includes(status as PaymentStatus) || !isCurrency(currency)) return undefined;
  if (!isMinorUnits(amount) || !isMinorUnits(captured) || !isMinorUnits(refunded)) {
    return undefined;
  }
  const lastError = lastErrorOf(value.lastError);
  return {
    id,
    status: status as PaymentStatus,
    amount: { amount, currency },
    captured,
    refunded,
    reference,
    ...(lastError ? { lastError } : {}),
  };
}

/** A header's one value, looked up whatever its case (Express lowercases; a test may not). */
function headerValue(headers: HttpRequest['headers'], name: string): string | string[] | undefined {
  const key = Object.keys(headers).find((each) => each.toLowerCase() === name);
  return key === undefined ? undefined : headers[key];
}

/** `t=<seconds>,v1=<hex>[,v1=<hex>…]`; undefined when malformed. */
function parseSignature(header: string): { timestamp: number; signatures: Buffer[] } | undefined {
  let timestamp: number | undefined;
  const signatures: Buffer[] = [];
  for (const part of header.split(',')) {
    const [name, value = ''] = part.trim().split('=', 2);
    if (name === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    // (Other schemes a later provider may add are skipped, as Stripe's receivers do.)
    if (name === 'v1' && /^[0-9a-f]{64}$/.test(value)) signatures.push(Buffer.from(value, 'hex'));
  }
  return timestamp === undefined || signatures.length === 0 ? undefined : { timestamp, signatures };
}

/** Checks a notification's signature, age and body; the notification when all hold. */
export function verifyLocalNotification(
  rawBody: Buffer | string,
  headers: HttpRequest['headers'],
  now: number,
  webhookSecret: string,
): NotificationCheck {
  const header = headerValue(headers, SIGNATURE_HEADER);
  if (header === undefined) return { ok: false, reason: 'no signature header' };
  const parsed = typeof header === 'string' ? parseSignature(header) : undefined;
  if (!parsed) return { ok: false, reason: 'malformed signature header' };
  // The HMAC of `${t}.` and then the exact bytes received, never a re-serialised body.
  const expected = createHmac('sha256', webhookSecret)
    .update(`${parsed.timestamp}.`)
    .update(rawBody)
    .digest();
  if (!parsed.signatures.some((given) => timingSafeEqual(given, expected))) {
    return { ok: false, reason: 'signature does not match' };
  }
  // A genuine notification replayed later, or dated ahead, is refused too.
  if (Math.abs(now - parsed.timestamp * 1000) > NOTIFICATION_TOLERANCE_MS) {
    return { ok: false, reason: 'timestamp outside the tolerance' };
  }
  let event: unknown;
  try {
    event = JSON.parse(rawBody.toString());
  } catch {
    return { ok: false, reason: 'body is not JSON' };
  }
  if (!isRecord(event) || typeof event.id !== 'string' || event.id === '') {
    return { ok: false, reason: 'body is not a payment event' };
  }
  const type = Object.hasOwn(NOTIFICATION_TYPES, String(event.type))
    ? NOTIFICATION_TYPES[String(event.type)]
    : undefined;
  const payment = toProviderPayment(event.payment);
  if (!type || !payment) return { ok: false, reason: 'body is not a payment event' };
  return { ok: true, notification: { id: event.id, type, payment } };
}

type Call = (
  method: 'GET' | 'POST',
  path: string,
  options?: { body?: unknown; idempotencyKey?: string },
) => Promise<Record<string, unknown>>;

/** One API call: the answer's JSON object, a ProviderRefusal for a refusal, an Error otherwise. */
function apiCaller(options: LocalProviderOptions): Call {
  const base = options.url.replace(/\/+$/, '');
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const timeoutMs = options.timeoutMs ?? 10_000;
  return async (method, path, { body, idempotencyKey } = {}) => {
    let response: Response;
    try {
      response = await doFetch(`${base}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${options.secretKey}`,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...(idempotencyKey === undefined ? {} : { 'Idempotency-Key': idempotencyKey }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      throw new ProviderUnavailable(`payment provider unreachable (${method} ${path}): ${why}`, {
        cause: error,
      });
    }
    const answer: unknown = await response.json().catch(() => undefined);
    const refusal = isRecord(answer) && isRecord(answer.error) ? answer.error : undefined;
    if (response.status >= 400 && response.status < 500 && refusal) {
      throw new ProviderRefusal(String(refusal.code), String(refusal.message));
    }
    if (response.status >= 500) {
      throw new ProviderUnavailable(
        `payment provider failed (${method} ${path}): HTTP ${response.status}`,
      );
    }
    if (!response.ok || !isRecord(answer)) {
      throw new Error(`payment provider failed (${method} ${path}): HTTP ${response.status}`);
    }
    return answer;
  };
}

/** The answer's payment, or an Error: an answer without one is the provider's fault, not ours. */
function paymentIn(answer: Record<string, unknown>, what: string): ProviderPayment {
  const payment = toProviderPayment(answer.payment);
  if (!payment) throw new Error(`payment provider answered ${what} without a valid payment`);
  return payment;
}

export function localProvider(options: LocalProviderOptions): PaymentProvider {
  const call = apiCaller(options);
  const paymentPath = (id: string) => `/v1/payments/${encodeURIComponent(id)}`;
  return {
    name: 'local',
    async create({ amount, reference, description, idempotencyKey }) {
      const answer = await call('POST', '/v1/payments', {
        body: { amount: amount.amount, currency: amount.currency, reference, description },
        idempotencyKey,
      });
      if (typeof answer.clientSecret !== 'string') {
        throw new Error('payment provider answered a new payment without its client secret');
      }
      return { payment: paymentIn(answer, 'a new payment'), clientSecret: answer.clientSecret };
    },
    async retrieve(id) {
      return paymentIn(await call('GET', paymentPath(id)), `payment ${id}`);
    },
    async capture(id, amount) {
      const body = amount === undefined ? {} : { amount };
      return paymentIn(await call('POST', `${paymentPath(id)}/capture`, { body }), 'a capture');
    },
    async cancel(id) {
      return paymentIn(await call('POST', `${paymentPath(id)}/cancel`), 'a cancel');
    },
    async refund(id, amount, idempotencyKey) {
      const answer = await call('POST', `${paymentPath(id)}/refunds`, {
        body: { amount },
        idempotencyKey,
      });
      const refund = isRecord(answer.refund) ? answer.refund : {};
      if (typeof refund.id !== 'string') {
        throw new Error('payment provider answered a refund without its id');
      }
      return { refundId: refund.id, payment: paymentIn(answer, 'a refund') };
    },
    async verifyNotification(rawBody, headers, now) {
      return verifyLocalNotification(rawBody, headers, now, options.webhookSecret);
    },
  };
}
