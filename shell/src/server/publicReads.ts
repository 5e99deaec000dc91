// Public reads of the shell server, kept briefly (decision 1302): a burst of shoppers on one
// product page is one database read per `ttlMs`, not one per page. Only what anyone may read is
// kept: GETs sent without a token (the server has no session) to paths outside `users/`. Requests
// for one address while its read is in flight share that read. Failures are not kept.

import type { DataAnswer, DataFetch } from '@shop/shared/firebase/dataAnswer';

type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/** Default time a public read is reused: a price or stock change shows within seconds. */
export const PUBLIC_READ_TTL_MS = 3000;

interface Kept {
  expires: number;
  answer: Promise<KeptAnswer>;
}

/**
 * A kept answer as each of its readers gets it: its text, parsed again for every reader (a page's
 * loaders may change what they read). Not a Response: making one and reading its stream cost a page
 * 40 µs per read.
 */
class KeptAnswer implements DataAnswer {
  readonly statusText = '';

  constructor(
    readonly status: number,
    private readonly body: string,
  ) {}

  get ok(): boolean {
    return this.status >= 200 && this.status < 300;
  }

  text(): Promise<string> {
    return Promise.resolve(this.body);
  }

  // async: a body that is not JSON rejects, as a Response's json() does.
  async json(): Promise<unknown> {
    return JSON.parse(this.body) as unknown;
  }
}

/** Whether request headers name an Authorization (without building a Headers). */
function hasAuthorization(headers: HeadersInit | undefined): boolean {
  if (!headers) return false;
  if (headers instanceof Headers) return headers.has('authorization');
  const names = Array.isArray(headers) ? headers.map(([name]) => name) : Object.keys(headers);
  return names.some((name) => name.toLowerCase() === 'authorization');
}

export interface PublicReadOptions {
  /** How long an answer is reused (ms). */
  ttlMs: number;
  /** How many addresses are kept at most (the oldest go first). */
  maxEntries?: number;
  /** How long one read may take before it fails (ms). */
  timeoutMs?: number;
  now?: () => number;
}

export function isPublicRead(input: string, init?: RequestInit): boolean {
  if ((init?.method ?? 'GET').toUpperCase() !== 'GET') return false;
  const url = new URL(input);
  if (url.searchParams.has('auth') || hasAuthorization(init?.headers)) return false;
  const first = url.pathname.split('/').filter(Boolean)[0] ?? '';
  return first !== 'users' && first !== 'users.json' && first !== '.json';
}

/**
 * A request from the page server to another of our processes asks for the answer uncompressed:
 * inflating it cost the page server more than the bytes it saves. A caller's own Accept-Encoding
 * stays.
 */
function uncompressed(init: RequestInit | undefined): RequestInit {
  const headers = new Headers(init?.headers);
  if (!headers.has('accept-encoding')) headers.set('accept-encoding', 'identity');
  return { ...init, headers };
}

export function keepPublicReads(base: FetchLike, options: PublicReadOptions): DataFetch {
  const kept = new Map<string, Kept>();
  const maxEntries = options.maxEntries ?? 1000;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const now = options.now ?? Date.now;

  return async function fetchKeepingPublicReads(input, init) {
    if (options.ttlMs <= 0 || !isPublicRead(input, init)) return base(input, uncompressed(init));
    const at = now();
    let entry = kept.get(input);
    if (!entry || entry.expires <= at) {
      // One read for everyone waiting: not tied to the first caller's signal.
      const answer = base(input, {
        ...uncompressed(undefined),
        method: 'GET',
        signal: AbortSignal.timeout(timeoutMs),
      }).then(async (response) => new KeptAnswer(response.status, await response.text()));
      const fresh: Kept = { expires: at + options.ttlMs, answer };
      entry = fresh;
      kept.delete(input);
      kept.set(input, fresh);
      while (kept.size > maxEntries) kept.delete(kept.keys().next().value as string);
      const forget = () => {
        if (kept.get(input) === fresh) kept.delete(input);
      };
      answer.then((value) => {
        if (value.status !== 200) forget();
      }, forget);
    }
    return entry.answer;
  };
}
