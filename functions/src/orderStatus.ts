// A guest finds an order again (decision 1405): the order-number index the order function
// writes with each new order, and `orderStatus`, the HTTPS function that answers a number and the
// email given at checkout with the order's receipt. No ID token: a guest may have lost the session.
// - `orderNumbers/{number}` = { path, email }: claimed with `if-match: null_etag` just before the
//   order is written, so a number is never given twice (a taken number: a fresh one, 5 tries).
// - POST { number, email } → 200 { receipt } | 400 | 404 not-found | 405 | 429 | 503. A wrong
//   email and an unknown number get the same 404 body after the same database calls.
// - Guessing is rate-limited with 10-minute windows (limits.ts): 10 lookups per client address
//   (the platform's own forwarded entry, never one the client wrote), 10 failed lookups per
//   number, and a global budget per instance.
import { createHash, timingSafeEqual } from 'node:crypto';
import {
  ORDER_NUMBER_PATTERN,
  ORDER_PATHS,
  normaliseEmail,
} from '@shop/shared/order/orderVocabulary';
import type { OrderReceipt } from '@shop/shared/types';
import {
  type ClientRequest,
  type Verdict,
  type WindowLimit,
  clientKey,
  globalBudget,
  rateLimits,
  tryAgainIn,
} from './limits';
import type { HttpResponse } from './http';
import { type OrderRecord, currencyOf } from './orderRecord';
import { type DatabaseClient, DatabaseUnavailable } from './restDatabase';

/** How many numbers a new order may draw before it gives up (29⁶ numbers: one is plenty). */
export const NUMBER_TRIES = 5;
export const LOOKUP_WINDOW_MS = 10 * 60_000;
export const LOOKUPS_PER_CLIENT = 10;
export const FAILURES_PER_NUMBER = 10;
/** Lookups one instance answers per minute, from all clients together. */
export const LOOKUPS_PER_INSTANCE_MINUTE = 600;

export const LOOKUP_LIMITS = {
  client: { name: 'lookupsPerClient', max: LOOKUPS_PER_CLIENT, windowMs: LOOKUP_WINDOW_MS },
  number: { name: 'failedLookupsPerNumber', max: FAILURES_PER_NUMBER, windowMs: LOOKUP_WINDOW_MS },
  global: { name: 'lookups', max: LOOKUPS_PER_INSTANCE_MINUTE, windowMs: 60_000 },
} satisfies Record<string, WindowLimit>;
const EMAIL_MAX = 200;

export const NOT_FOUND_MESSAGE = 'No order matches this number and email address.';

/** What `orderNumbers/{number}` holds: where the order is, and whose email finds it. */
export interface OrderNumberEntry {
  path: string;
  email: string;
}

/**
 * Writes a new order with a number of its own: claims `orderNumbers/{number}` (the order's number
 * first, a fresh one from `newNumber` while taken), then creates the order. When another request
 * stored this order first, the claim is freed again and that order is answered (as `create` does).
 * An entry left behind (the database failed in between) points at an order with another number
 * or none, and the lookup matches the order's own number, so it finds nothing.
 */
export async function createNumberedOrder(
  database: DatabaseClient,
  path: string,
  order: OrderRecord,
  newNumber: () => string,
): Promise<{ created: true; order: OrderRecord } | { created: false; existing: unknown }> {
  const entry: OrderNumberEntry = { path, email: normaliseEmail(order.personalInformation.email) };
  let number = order.number;
  for (let attempt = 1; ; attempt += 1) {
    const claim = await database.create(ORDER_PATHS.orderNumber(number), entry);
    if (claim.created) break;
    if (attempt >= NUMBER_TRIES) {
      throw new Error(`no free order number after ${NUMBER_TRIES} tries`);
    }
    number = newNumber();
  }
  const numbered = { ...order, number };
  const created = await database.create(path, numbered);
  if (created.created) return { created: true, order: numbered };
  await database.put(ORDER_PATHS.orderNumber(number), null).catch(() => undefined);
  return created;
}

/**
 * The order with this number, with its path and ETag for a compare-and-set; null when no order
 * has it (an index entry left behind by a failed order points at an order with another number).
 */
export async function orderByNumber(
  database: DatabaseClient,
  number: string,
): Promise<{ path: string; order: OrderRecord; etag: string } | null> {
  const entry = await database.get<OrderNumberEntry>(ORDER_PATHS.orderNumber(number));
  if (typeof entry?.path !== 'string') return null;
  const { value: order, etag } = await database.getWithEtag<OrderRecord>(entry.path);
  return order?.number === number ? { path: entry.path, order, etag } : null;
}

export type OrderStatusAnswer =
  | { receipt: OrderReceipt }
  | { error: 'method-not-allowed' | 'invalid-request' | 'not-found'; message: string }
  | { error: 'too-many-requests'; message: string; retryAfterSeconds: number }
  | { error: 'database-unavailable' | 'internal'; message: string };

export function toReceipt(order: OrderRecord): OrderReceipt {
  return {
    // Its currency when it is not US dollars (decision 5101): a receipt without one is in dollars,
    // as every receipt before markets was.
    ...(currencyOf(order) === 'USD' ? {} : { currency: currencyOf(order) }),
    number: order.number,
    status: order.status,
    timestamp: order.timestamp,
    products: order.products.map((line) => ({
      id: line.id,
      ...(line.size === undefined ? {} : { size: line.size }),
      ...(line.colour === undefined ? {} : { colour: line.colour }),
      quantity: line.quantity,
      name: line.name,
      imageUrl: line.imageUrl,
      alt: line.alt,
      annotation: line.annotation,
      originalPrice: line.originalPrice,
      discountedPrice: line.discountedPrice,
    })),
    totalPrice: order.totalPrice,
    totalQuantity: order.totalQuantity,
    shipment: order.shipment,
    discount: {
      isDiscount: order.discount.isDiscount,
      discountType: order.discount.discountType === '' ? null : order.discount.discountType,
      discountCode: order.discount.discountCode,
      ...(order.discount.amounts ? { amounts: order.discount.amounts } : {}),
    },
    paymentMethod: order.paymentMethod,
    shipping: { name: order.personalInformation.name, city: order.personalInformation.city },
    // When and to what, and the parcel's tracking: the order keeps nothing else of staff's moves.
    history: (order.statusHistory ?? []).map(({ at, to, carrier, tracking }) => ({
      at,
      to,
      ...(carrier === undefined ? {} : { carrier }),
      ...(tracking === undefined ? {} : { tracking }),
    })),
    // The money's steps, not the provider's ids (decision 5301).
    ...(order.payment
      ? {
          payment: {
            amount: order.payment.amount,
            status: order.payment.status,
            refunded: order.payment.refunded,
            history: order.payment.history,
          },
        }
      : {}),
  };
}

class Answer extends Error {
  constructor(
    readonly status: number,
    readonly body: OrderStatusAnswer,
    readonly retryAfterSeconds?: number,
  ) {
    super(`${status}`);
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Checks the body; throws a 400 that says what is wrong. */
export function parseStatusRequest(body: unknown): { number: string; email: string } {
  const bad = (message: string) => new Answer(400, { error: 'invalid-request', message });
  if (typeof body === 'string') {
    try {
      body = JSON.parse(body) as unknown;
    } catch {
      throw bad('The body is not valid JSON.');
    }
  }
  if (!isObject(body)) throw bad('The body must be a JSON object: { "number", "email" }.');
  const unknownKeys = Object.keys(body).filter((k) => k !== 'number' && k !== 'email');
  if (unknownKeys.length > 0) throw bad(`Unknown field(s): ${unknownKeys.join(', ')}.`);
  const number = typeof body.number === 'string' ? body.number.trim().toUpperCase() : '';
  if (!ORDER_NUMBER_PATTERN.test(number)) {
    throw bad('number must be an order number such as TL-7F3K2Q.');
  }
  const email = typeof body.email === 'string' ? body.email.trim() : '';
  if (email.length === 0 || email.length > EMAIL_MAX) {
    throw bad(
      `email must be the email address given at checkout (at most ${EMAIL_MAX} characters).`,
    );
  }
  return { number, email };
}

/** The request as Express gives it, with what names the client. */
export interface StatusRequest extends ClientRequest {
  ip?: string | undefined;
}
export interface StatusResponse extends HttpResponse {
  set(name: string, value: string): unknown;
}

const sameEmail = (stored: unknown, given: string) => {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return (
    typeof stored === 'string' && timingSafeEqual(digest(stored), digest(normaliseEmail(given)))
  );
};

export interface OrderStatusDeps {
  database: DatabaseClient;
  now?: () => number;
  log?: (message: string) => void;
  /** Proxies in front of the function that append to X-Forwarded-For (limits.ts). */
  trustedProxies?: number;
}

/** The answer to a look-up over a limit: when to try again, in minutes and in Retry-After. */
function tooMany(verdict: Verdict): Answer {
  const seconds = verdict.retryAfterSeconds;
  return new Answer(
    429,
    {
      error: 'too-many-requests',
      message: `Too many order look-ups. ${tryAgainIn(seconds)}`,
      retryAfterSeconds: seconds,
    },
    seconds,
  );
}

export function createOrderStatus(deps: OrderStatusDeps) {
  const now = deps.now ?? Date.now;
  const log = deps.log ?? ((message: string) => console.error(message));
  const { database } = deps;

  const trustedProxies = deps.trustedProxies ?? 0;
  const limits = rateLimits(database, log);
  const budget = globalBudget(LOOKUP_LIMITS.global);

  async function lookup(req: StatusRequest): Promise<OrderReceipt> {
    if (req.method !== 'POST') {
      throw new Answer(405, { error: 'method-not-allowed', message: 'Use POST.' });
    }
    const { number, email } = parseStatusRequest(req.body);
    const at = now();
    const shared = budget.take(at);
    if (!shared.allowed) throw tooMany(shared);
    // Every lookup counts for its client, even one over the limit (the window ends anyway).
    const client = await limits.count(LOOKUP_LIMITS.client, clientKey(req, trustedProxies), at);
    if (!client.allowed) throw tooMany(client);
    const failures = await limits.peek(LOOKUP_LIMITS.number, number, at);
    if (!failures.allowed) throw tooMany(failures);
    // Unknown number or wrong email: the same calls, the same answer.
    const entry = await database.get<OrderNumberEntry>(ORDER_PATHS.orderNumber(number));
    const order =
      entry && typeof entry.path === 'string' && sameEmail(entry.email, email)
        ? await database.get<OrderRecord>(entry.path)
        : null;
    if (!order || order.number !== number) {
      await limits.count(LOOKUP_LIMITS.number, number, at);
      throw new Answer(404, { error: 'not-found', message: NOT_FOUND_MESSAGE });
    }
    return toReceipt(order);
  }

  return async function orderStatus(req: StatusRequest, res: StatusResponse): Promise<void> {
    try {
      const receipt = await lookup(req);
      res.status(200).json({ receipt } satisfies OrderStatusAnswer);
    } catch (error) {
      if (error instanceof Answer) {
        if (error.retryAfterSeconds !== undefined) {
          res.set('Retry-After', String(error.retryAfterSeconds));
          // The storefront's pages are of another origin: let them read it.
          res.set('Access-Control-Expose-Headers', 'Retry-After');
        }
        res.status(error.status).json(error.body);
      } else if (error instanceof DatabaseUnavailable) {
        log(`orderStatus: ${error.message}`);
        res.status(503).json({
          error: 'database-unavailable',
          message: 'The order service is unavailable. Please try again.',
        } satisfies OrderStatusAnswer);
      } else {
        log(
          `orderStatus: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
        );
        res.status(500).json({
          error: 'internal',
          message: 'The order could not be looked up.',
        } satisfies OrderStatusAnswer);
      }
    }
  };
}
