// Claimed guest orders (decision 4401). A guest's order (placed by an anonymous session)
// is indexed by its checkout email: `guestOrdersByEmail/{sha256(email)}/{orderKey}` = { session,
// placedAt }, nothing personal in a key. `claimGuestOrders` (POST, the account's ID token) copies
// the orders indexed under the token's email into the account's own orders, only when the token
// says the email is verified (an unverified email claims nothing: anyone can type any address).
// - Each order is claimed for good at `guestOrderClaims/{orderKey}` = { uid, at } with a
//   conditional create (`if-match: null_etag`, as orderClaim.ts): the first account keeps it,
//   no other uid is ever given it, even if the email moves to another account later.
// - The copy is a conditional create too: two calls at once (two tabs) store one copy.
// - An entry is removed from the index once its order is copied (or found claimed by another
//   account), so the index holds what is left to claim; each call reads at most CLAIMS_PER_CALL.
// - Calls are rate-limited per account and per instance (limits.ts, as orders are).
import { createHash } from 'node:crypto';
import { ORDER_PATHS, isOrderKey, normaliseEmail } from '@shop/shared/order/orderVocabulary';
import { type Verdict, type WindowLimit, globalBudget, rateLimits, tryAgainIn } from './limits';
import type { HttpRequest, HttpResponse } from './http';
import type { OrderRecord } from './orderRecord';
import type { DatabaseClient } from './restDatabase';
import { type Caller, type Trust, bearerTokenOf } from './trust';
import { sendUnexpected } from './unexpected';

/** Entries one call reads and claims; `more: true` in the answer says to call again. */
export const CLAIMS_PER_CALL = 50;

/**
 * Calls one account may make in 10 minutes, and one instance in a minute: each call reads and
 * writes up to CLAIMS_PER_CALL orders, and an account page makes at most 5 calls per tab session.
 */
export const CLAIM_LIMITS = {
  account: { name: 'claimsPerAccount', max: 20, windowMs: 10 * 60_000 },
  global: { name: 'claims', max: 300, windowMs: 60_000 },
} satisfies Record<string, WindowLimit>;

/** What the index holds for a guest's order: where it is (the session) and when it was placed. */
export interface GuestOrderEntry {
  session: string;
  placedAt: number;
}

/** The index's key for an email: no address in the database's keys. */
export const emailHash = (email: string): string =>
  createHash('sha256').update(normaliseEmail(email)).digest('hex');

/** Indexes a guest's order under its checkout email (idempotent: a conditional create). */
export async function indexGuestOrder(
  database: DatabaseClient,
  order: Pick<OrderRecord, 'id' | 'timestamp' | 'personalInformation'>,
  session: string,
): Promise<void> {
  const entry: GuestOrderEntry = { session, placedAt: order.timestamp };
  const hash = emailHash(order.personalInformation.email);
  await database.create(ORDER_PATHS.guestOrderByEmail(hash, order.id), entry);
}

export type ClaimGuestOrdersError =
  | 'method-not-allowed'
  | 'unauthenticated'
  | 'account-required'
  | 'email-not-verified'
  | 'too-many-claims'
  | 'database-unavailable'
  | 'internal';

export type ClaimGuestOrdersAnswer =
  { claimed: number; more: boolean } | { error: ClaimGuestOrdersError; message: string };

class Answer extends Error {
  constructor(
    readonly status: number,
    readonly code: ClaimGuestOrdersError,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

function tooManyClaims(verdict: Verdict): Answer {
  return new Answer(
    429,
    'too-many-claims',
    `Your guest orders were asked for too often. ${tryAgainIn(verdict.retryAfterSeconds)}`,
    verdict.retryAfterSeconds,
  );
}

const isEntry = (value: unknown): value is GuestOrderEntry =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as GuestOrderEntry).session === 'string' &&
  /^[A-Za-z0-9_-]{1,128}$/.test((value as GuestOrderEntry).session);

const claimOwner = (value: unknown): string | null =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { uid?: unknown }).uid === 'string'
    ? (value as { uid: string }).uid
    : null;

/**
 * Claims one indexed order for `uid` and copies it into the account's orders. Answers whether
 * this call stored the copy. The index entry is removed once the order is the account's (or
 * another account's): left in place when a step fails, so the next call finishes it.
 */
export async function claimOne(
  database: DatabaseClient,
  uid: string,
  hash: string,
  key: string,
  entry: unknown,
  now: number,
): Promise<boolean> {
  const indexPath = ORDER_PATHS.guestOrderByEmail(hash, key);
  if (!isOrderKey(key)) {
    await database.put(indexPath, null);
    return false;
  }
  const claim = await database.create(ORDER_PATHS.guestOrderClaim(key), { uid, at: now });
  if (!claim.created && claimOwner(claim.existing) !== uid) {
    await database.put(indexPath, null);
    return false;
  }
  const order = isEntry(entry)
    ? await database.get<OrderRecord>(ORDER_PATHS.anonymousOrder(entry.session, key))
    : null;
  // Only the order the index names, with the email the account proved: nothing else is copied.
  const ours =
    order !== null &&
    typeof order.personalInformation?.email === 'string' &&
    emailHash(order.personalInformation.email) === hash;
  const copied = ours ? await database.create(ORDER_PATHS.accountOrder(uid, key), order) : null;
  await database.put(indexPath, null);
  return copied?.created === true;
}

/** The caller's account with a verified email, or the refusal that says what is missing. */
function verifiedAccount(caller: Caller): { uid: string; email: string } {
  if (caller.provider === 'anonymous' || caller.email === null) {
    throw new Answer(403, 'account-required', 'Sign in to your account to claim guest orders.');
  }
  if (!caller.emailVerified) {
    throw new Answer(
      403,
      'email-not-verified',
      'Verify your email address first: orders placed as a guest are added once it is confirmed.',
    );
  }
  return { uid: caller.uid, email: caller.email };
}

export interface ClaimGuestOrdersDeps {
  trust: Trust;
  database: DatabaseClient;
  now?: () => number;
  log?: (message: string) => void;
  /** Entries per call (tests); CLAIMS_PER_CALL otherwise. */
  perCall?: number;
  /** The call limits (tests); CLAIM_LIMITS otherwise. */
  limits?: typeof CLAIM_LIMITS;
}

function sendError(res: HttpResponse, error: unknown, log: (message: string) => void): void {
  if (error instanceof Answer) {
    if (error.retryAfterSeconds !== undefined) {
      res.set?.('Retry-After', String(error.retryAfterSeconds));
      // The account page is of another origin: let it read it.
      res.set?.('Access-Control-Expose-Headers', 'Retry-After');
    }
    res.status(error.status).json({ error: error.code, message: error.message });
  } else {
    sendUnexpected(res, error, CLAIM_TEXTS, log);
  }
}

const CLAIM_TEXTS = {
  handler: 'claimGuestOrders',
  unavailable: 'Your guest orders could not be added: the database is unavailable. Try again.',
  failed: 'Your guest orders could not be added.',
};

export function createClaimGuestOrders(deps: ClaimGuestOrdersDeps) {
  const { database, trust } = deps;
  const now = deps.now ?? Date.now;
  const log = deps.log ?? ((message: string) => console.error(message));
  const perCall = deps.perCall ?? CLAIMS_PER_CALL;
  const claimLimits = deps.limits ?? CLAIM_LIMITS;
  const limits = rateLimits(database, log);
  const budget = globalBudget(claimLimits.global);

  /** Counts a call against the instance's budget and the account (refused calls count too). */
  async function countCall(uid: string): Promise<void> {
    const at = now();
    const shared = budget.take(at);
    if (!shared.allowed) throw tooManyClaims(shared);
    const own = await limits.count(claimLimits.account, uid, at);
    if (!own.allowed) throw tooManyClaims(own);
  }

  async function claim(req: HttpRequest): Promise<{ claimed: number; more: boolean }> {
    if (req.method !== 'POST') throw new Answer(405, 'method-not-allowed', 'Use POST.');
    const token = bearerTokenOf(req.headers);
    if (!token) {
      throw new Answer(
        401,
        'unauthenticated',
        'Sign-in required: send "Authorization: Bearer <ID token>".',
      );
    }
    const account = verifiedAccount(await trust.verifyCaller(token));
    await countCall(account.uid);
    const hash = emailHash(account.email);
    const entries = await database.first<unknown>(
      `${ORDER_PATHS.guestOrdersByEmail}/${hash}`,
      perCall,
    );
    const keys = Object.keys(entries);
    let claimed = 0;
    // One at a time: a handful of orders, and a failure leaves the rest for the next call.
    for (const key of keys) {
      if (await claimOne(database, account.uid, hash, key, entries[key], now())) claimed += 1;
    }
    return { claimed, more: keys.length === perCall };
  }

  return async function claimGuestOrders(req: HttpRequest, res: HttpResponse): Promise<void> {
    try {
      res.status(200).json(await claim(req));
    } catch (error) {
      sendError(res, error, log);
    }
  };
}

const GUEST_ORDER_PATH =
  /^users\/anonymousTokens\/([A-Za-z0-9_-]{1,128})\/anonymousOrders\/([-0-9A-Za-z_]{20})$/;

/**
 * Indexes the guest orders placed before the index existed (`npm run backfill:guest-orders`):
 * walks `orderNumbers/` (decision 1405: every numbered order, with its path) `pageSize` entries at
 * a time, and indexes each guest order not claimed yet. Idempotent (conditional creates): safe to
 * run again, or while orders are placed. Answers how many entries it read and indexed.
 */
export async function backfillGuestOrders(
  database: DatabaseClient,
  pageSize = 200,
): Promise<{ read: number; indexed: number }> {
  let read = 0;
  let indexed = 0;
  let startAt: string | undefined;
  for (;;) {
    // startAt is inclusive: one more than a page, the first of which was the last one read.
    const page = await database.first<unknown>(ORDER_PATHS.orderNumbers, pageSize + 1, startAt);
    const numbers = Object.keys(page).filter((number) => number !== startAt);
    for (const number of numbers) {
      read += 1;
      if (await backfillOne(database, page[number])) indexed += 1;
    }
    if (numbers.length < pageSize) return { read, indexed };
    startAt = numbers[numbers.length - 1];
  }
}

async function backfillOne(database: DatabaseClient, entry: unknown): Promise<boolean> {
  const path = (entry as { path?: unknown } | null)?.path;
  const match = typeof path === 'string' ? GUEST_ORDER_PATH.exec(path) : null;
  if (!match) return false;
  const [, session, key] = match as unknown as [string, string, string];
  if ((await database.get<unknown>(ORDER_PATHS.guestOrderClaim(key))) !== null) return false;
  const order = await database.get<OrderRecord>(path as string);
  if (typeof order?.personalInformation?.email !== 'string') return false;
  const hash = emailHash(order.personalInformation.email);
  const entryValue: GuestOrderEntry = { session, placedAt: order.timestamp };
  const created = await database.create(ORDER_PATHS.guestOrderByEmail(hash, key), entryValue);
  return created.created;
}
