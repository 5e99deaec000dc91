// Rate limits of the functions (decision 3901): who the client is, how many
// requests of a kind one key (a client address, a session or account, an order number) may make
// in a window, and a global budget. One module for the order-status look-up and the order.
// - The client address comes from the platform's own `X-Forwarded-For` entry: each trusted proxy
//   in front of the function appends the address it was called from, so with N of them the
//   client is the N-th entry from the right; whatever is left of it the client wrote itself and
//   is never read. With no proxy the socket's address is the client. A request whose address
//   is not known (no socket address, no entry of a trusted proxy) counts as one shared client,
//   `UNKNOWN_CLIENT`: a limit keyed by client never lapses for want of an address (decision
//   5401; the Functions emulator hands requests on over a local socket, and the local stack
//   puts a front end in front of it that appends the caller's address as Google's does).
// - Counters live in the database, so every instance counts the same events: windows aligned to
//   the clock, `rateLimits/{limit}/{windowStart}/{sha256 of the key}` = count, counted with a
//   compare-and-set (as stock.ts takes stock). A whole window is deleted once it is over: each
//   instance sweeps a limit's old windows when it first counts in a new one, so nothing is left.
// - The global budget is counted in each instance's memory (a database counter every request
//   writes would be the hot spot it is meant to protect): maxInstances × the budget in all.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { HttpRequest } from './http';
import { type DatabaseClient, DatabaseUnavailable } from './restDatabase';

export const RATE_LIMITS_PATH = 'rateLimits';

/** At most `max` events of one key in each window of `windowMs`. */
export interface WindowLimit {
  name: string;
  max: number;
  windowMs: number;
}

/** What a limit says of one more event: allowed, and if not, when the window ends. */
export interface Verdict {
  allowed: boolean;
  /** Events of the key in this window (the one asked about included when counted). */
  count: number;
  retryAfterSeconds: number;
}

/** The request as Express gives it: its headers and its socket. */
export interface ClientRequest extends HttpRequest {
  socket?: { remoteAddress?: string | undefined } | undefined;
}

/**
 * The client's address: the entry the first of `trustedProxies` proxies appended to
 * `X-Forwarded-For`, or, without proxies, the socket's address; null when there is none.
 */
export function clientAddress(req: ClientRequest, trustedProxies: number): string | null {
  if (trustedProxies <= 0) return req.socket?.remoteAddress || null;
  const raw = req.headers['x-forwarded-for'];
  const entries = (Array.isArray(raw) ? raw.join(',') : (raw ?? ''))
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  // Fewer entries than proxies: the request did not come through all of them; the oldest entry
  // there is still one a proxy of ours wrote.
  return entries[Math.max(0, entries.length - trustedProxies)] ?? null;
}

/** The key of every request whose client address is not known: they share one count. */
export const UNKNOWN_CLIENT = 'unknown client';

/** What a limit keyed by client counts under: its address, else `UNKNOWN_CLIENT`. */
export function clientKey(req: ClientRequest, trustedProxies: number): string {
  return clientAddress(req, trustedProxies) ?? UNKNOWN_CLIENT;
}

const hashed = (key: string) => createHash('sha256').update(key).digest('hex');
const windowOf = (limit: WindowLimit, at: number) =>
  Math.floor(at / limit.windowMs) * limit.windowMs;
const secondsLeft = (limit: WindowLimit, at: number) =>
  Math.max(1, Math.ceil((windowOf(limit, at) + limit.windowMs - at) / 1000));

/** How long one count is tried for under contention (then the database counts as unavailable). */
const COUNT_WAIT_MS = 5000;
const pause = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(50, 5 * attempt)));

export interface RateLimits {
  /** Counts one event of `key` and says whether it is within the limit. */
  count(limit: WindowLimit, key: string, at: number): Promise<Verdict>;
  /** What the limit says of `key` now, without counting. */
  peek(limit: WindowLimit, key: string, at: number): Promise<Verdict>;
}

export function rateLimits(
  database: DatabaseClient,
  log: (message: string) => void = console.error,
): RateLimits {
  const swept = new Map<string, number>();
  const pathOf = (limit: WindowLimit, key: string, at: number) =>
    `${RATE_LIMITS_PATH}/${limit.name}/${windowOf(limit, at)}/${hashed(key)}`;

  async function sweep(limit: WindowLimit, at: number): Promise<void> {
    const current = windowOf(limit, at);
    if ((swept.get(limit.name) ?? -1) >= current) return;
    swept.set(limit.name, current);
    try {
      const windows = await database.keys(`${RATE_LIMITS_PATH}/${limit.name}`);
      await Promise.all(
        windows
          .filter((window) => Number(window) < current)
          .map((window) => database.put(`${RATE_LIMITS_PATH}/${limit.name}/${window}`, null)),
      );
    } catch (error) {
      // The next window's sweep takes them; counting goes on.
      log(`limits: could not sweep ${limit.name}: ${String(error)}`);
    }
  }

  const verdict = (limit: WindowLimit, count: number, at: number, counted: boolean): Verdict => ({
    allowed: counted ? count <= limit.max : count < limit.max,
    count,
    retryAfterSeconds: secondsLeft(limit, at),
  });
  const countOf = (value: unknown) =>
    typeof value === 'number' && Number.isFinite(value) ? Math.max(0, Math.floor(value)) : 0;

  return {
    async count(limit, key, at) {
      await sweep(limit, at);
      const path = pathOf(limit, key, at);
      const deadline = Date.now() + COUNT_WAIT_MS;
      let { value, etag } = await database.getWithEtag<unknown>(path);
      for (let attempt = 1; Date.now() < deadline; attempt += 1) {
        const next = countOf(value) + 1;
        const result = await database.putIfMatch(path, next, etag);
        if (result.written) return verdict(limit, next, at, true);
        value = result.value;
        etag = result.etag;
        if (!etag) ({ value, etag } = await database.getWithEtag<unknown>(path));
        await pause(attempt);
      }
      throw new DatabaseUnavailable(`${path} kept changing: gave up counting`);
    },
    async peek(limit, key, at) {
      return verdict(
        limit,
        countOf(await database.get<unknown>(pathOf(limit, key, at))),
        at,
        false,
      );
    },
  };
}

/** A refusal's last sentence: "Please try again in 3 minutes." for its Retry-After seconds. */
export function tryAgainIn(retryAfterSeconds: number): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return `Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

/** A budget of `max` events per window for this instance, whoever sends them. */
export function globalBudget(limit: WindowLimit): { take(at: number): Verdict } {
  let window = -1;
  let count = 0;
  return {
    take(at) {
      const current = windowOf(limit, at);
      if (current !== window) {
        window = current;
        count = 0;
      }
      // Refused requests are not counted: the budget is what the shop serves.
      const allowed = count < limit.max;
      if (allowed) count += 1;
      return { allowed, count, retryAfterSeconds: secondsLeft(limit, at) };
    },
  };
}

/** `SHOP_TRUSTED_PROXIES`, else 0 in the emulator (no proxy) and 1 on Cloud Functions. */
export function trustedProxiesFromEnv(env: NodeJS.ProcessEnv, emulated: boolean): number {
  const given = Number(env.SHOP_TRUSTED_PROXIES);
  if (env.SHOP_TRUSTED_PROXIES !== undefined && Number.isInteger(given) && given >= 0) return given;
  return emulated ? 0 : 1;
}

/**
 * A limit the local stack sets for itself (`env[variable]`, a positive integer), or undefined
 * when unset. Only the emulator reads it: set on Cloud Functions it stops the functions from
 * loading rather than change a limit there (decision 5401).
 */
export function emulatorOnlyLimit(
  env: NodeJS.ProcessEnv,
  variable: string,
  emulated: boolean,
): number | undefined {
  const raw = env[variable];
  if (raw === undefined) return undefined;
  if (!emulated) throw new Error(`${variable} is for the Functions emulator only: unset it`);
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) {
    throw new Error(`${variable} must be a positive integer, not ${JSON.stringify(raw)}`);
  }
  return value;
}

/** The header by which the local stack's front end shows a request came through it. */
export const FRONT_END_HEADER = 'x-shop-front-end';

/**
 * The local stack's front end (decision 5401): `SHOP_FRONT_END_SECRET`, which the front end in
 * front of the Functions emulator sends in `FRONT_END_HEADER` with each request it passes on
 * (with the caller's address appended to `X-Forwarded-For`). Emulator only, as the limits above.
 */
export function frontEndSecretFromEnv(
  env: NodeJS.ProcessEnv,
  emulated: boolean,
): string | undefined {
  const secret = env.SHOP_FRONT_END_SECRET;
  if (secret === undefined) return undefined;
  if (!emulated)
    throw new Error('SHOP_FRONT_END_SECRET is for the Functions emulator only: unset it');
  if (secret.length < 16) throw new Error('SHOP_FRONT_END_SECRET must be at least 16 characters');
  return secret;
}

const sameSecret = (given: string | string[] | undefined, secret: string) => {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return typeof given === 'string' && timingSafeEqual(digest(given), digest(secret));
};

/**
 * A handler behind the local front end, trusting it as one proxy: a request that did not come
 * through it (the emulator's own port called directly) loses its `X-Forwarded-For`, so it counts
 * as `UNKNOWN_CLIENT` whatever it wrote there. The proof never reaches the handler.
 */
export function behindFrontEnd<Req extends HttpRequest, Res>(
  secret: string,
  handler: (req: Req, res: Res) => Promise<void>,
): (req: Req, res: Res) => Promise<void> {
  return async (req, res) => {
    const proof = req.headers[FRONT_END_HEADER];
    delete req.headers[FRONT_END_HEADER];
    if (!sameSecret(proof, secret)) delete req.headers['x-forwarded-for'];
    await handler(req, res);
  };
}
