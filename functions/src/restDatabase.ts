// The function's one way to the Realtime Database: the REST protocol (the same one the browsers and
// our local server speak). Locally the credential is the emulators' admin token (`owner`, honoured
// by the database server for demo- projects only); in production a Google OAuth access token of the
// function's service account. Both go in `Authorization: Bearer`, and both bypass the rules.

export interface DatabaseClient {
  get<T>(path: string): Promise<T | null>;
  /** The names of the children at `path` (`shallow=true`: no values read or sent). */
  keys(path: string): Promise<string[]>;
  /**
   * The first `limit` children at `path` by key (`orderBy="$key"&limitToFirst`), from the key
   * `startAt` on (included) when given: a bounded read, page by page.
   */
  first<T>(path: string, limit: number, startAt?: string): Promise<Record<string, T>>;
  /**
   * The children at `path` a query selects (`orderBy` a child the rules index, `$key` or
   * `$value`; a range or `equalTo`; a limit), as an object by key, in no promised order.
   */
  query<T>(path: string, query: DatabaseQuery): Promise<Record<string, T>>;
  put(path: string, value: unknown): Promise<void>;
  /**
   * PUT only when nothing is stored at `path` yet (`if-match: null_etag`). Answers 'created', or
   * 'exists' with the value already there (a concurrent or earlier write won).
   */
  create(
    path: string,
    value: unknown,
  ): Promise<{ created: true } | { created: false; existing: unknown }>;
  /** The value at `path` with its ETag (`X-Firebase-ETag: true`), for a compare-and-set. */
  getWithEtag<T>(path: string): Promise<{ value: T | null; etag: string }>;
  /**
   * PUT only when the value at `path` still has `etag` (`if-match`). Answers 'written', or the
   * value now stored and its ETag (another write came first).
   */
  putIfMatch(path: string, value: unknown, etag: string): Promise<Versioned>;
}

/**
 * Changes the value at `path` by compare-and-set: `change` gets the value stored now (null when
 * none) and answers the new one, or null to leave it. When another write came first, the value it
 * left is changed again, up to `tries` times; then it throws. Answers what was written, or the
 * value left as it was.
 */
export async function updateIfMatch<T>(
  database: DatabaseClient,
  path: string,
  change: (value: T | null) => T | null,
  tries = 20,
): Promise<T | null> {
  let { value, etag } = await database.getWithEtag<T>(path);
  for (let round = 0; round < tries; round += 1) {
    const next = change(value);
    if (next === null) return value;
    const result = await database.putIfMatch(path, next, etag);
    if (result.written) return next;
    ({ value, etag } = await database.getWithEtag<T>(path));
  }
  throw new Error(`${path} kept changing`);
}

/** A REST query's parameters (the values are sent as JSON, as the protocol wants). */
export interface DatabaseQuery {
  orderBy: string;
  startAt?: string | number;
  endAt?: string | number;
  equalTo?: string | number;
  limitToFirst?: number;
  limitToLast?: number;
}

/** `?orderBy="…"&startAt=…`: every parameter JSON-encoded, then URL-encoded. */
export function queryString(query: DatabaseQuery): string {
  const parts = Object.entries(query)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${name}=${encodeURIComponent(JSON.stringify(value))}`);
  return `?${parts.join('&')}`;
}

export type Versioned = { written: true } | { written: false; value: unknown; etag: string };

export class DatabaseUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DatabaseUnavailable';
  }
}

export interface RestDatabaseOptions {
  /** e.g. http://127.0.0.1:9000 or https://my-shop-default-rtdb.firebaseio.com */
  url: string;
  /** The admin credential for `Authorization: Bearer` (fresh on each call: tokens expire). */
  credential: () => Promise<string>;
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
}

const encodePath = (path: string) =>
  path
    .split('/')
    .filter((s) => s.length > 0)
    .map(encodeURIComponent)
    .join('/');

type Call = (
  path: string,
  init: { method: string; body?: string; headers?: Record<string, string>; query?: string },
) => Promise<Response>;

async function fail(response: Response, what: string): Promise<never> {
  const text = await response.text().catch(() => '');
  throw new DatabaseUnavailable(`${what} → ${response.status} ${text.slice(0, 200)}`);
}

async function putIfMatchWith(
  call: Call,
  path: string,
  value: unknown,
  etag: string,
): Promise<Versioned> {
  const response = await call(path, {
    method: 'PUT',
    body: JSON.stringify(value),
    headers: { 'if-match': etag },
  });
  if (response.status === 412) {
    // The answer of a failed if-match carries the current value and its ETag.
    const current = (await response.json()) as unknown;
    return { written: false, value: current, etag: response.headers.get('etag') ?? '' };
  }
  if (!response.ok) return fail(response, `PUT ${path} (if-match ${etag})`);
  await response.arrayBuffer();
  return { written: true };
}

export function restDatabase(options: RestDatabaseOptions): DatabaseClient {
  const base = options.url.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 10_000;
  const doFetch = options.fetchImpl ?? ((input, init) => fetch(input, init));

  async function call(
    path: string,
    init: { method: string; body?: string; headers?: Record<string, string>; query?: string },
  ): Promise<Response> {
    const credential = await options.credential();
    try {
      return await doFetch(`${base}/${encodePath(path)}.json${init.query ?? ''}`, {
        method: init.method,
        ...(init.body === undefined ? {} : { body: init.body }),
        headers: {
          Authorization: `Bearer ${credential}`,
          ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...init.headers,
        },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new DatabaseUnavailable(
        `database unreachable (${init.method} ${path}): ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  const putIfMatch = (path: string, value: unknown, etag: string) =>
    putIfMatchWith(call, path, value, etag);

  async function read<T>(path: string, query: string, what: string): Promise<T | null> {
    const response = await call(path, { method: 'GET', query });
    if (!response.ok) return fail(response, what);
    return (await response.json()) as T | null;
  }

  async function select<T>(path: string, query: DatabaseQuery): Promise<Record<string, T>> {
    const search = queryString(query);
    return (await read<Record<string, T>>(path, search, `GET ${path}${search}`)) ?? {};
  }

  return {
    get: <T>(path: string) => read<T>(path, '', `GET ${path}`),
    async keys(path: string) {
      const value = await read<unknown>(path, '?shallow=true', `GET ${path} (shallow)`);
      return typeof value === 'object' && value !== null ? Object.keys(value) : [];
    },
    query: select,
    first: <T>(path: string, limit: number, startAt?: string) =>
      select<T>(path, {
        orderBy: '$key',
        limitToFirst: limit,
        ...(startAt === undefined ? {} : { startAt }),
      }),
    async put(path, value) {
      const response = await call(path, { method: 'PUT', body: JSON.stringify(value) });
      if (!response.ok) await fail(response, `PUT ${path}`);
      await response.arrayBuffer();
    },
    async create(path, value) {
      const result = await putIfMatch(path, value, 'null_etag');
      return result.written ? { created: true } : { created: false, existing: result.value };
    },
    putIfMatch,
    async getWithEtag<T>(path: string) {
      const response = await call(path, { method: 'GET', headers: { 'X-Firebase-ETag': 'true' } });
      if (!response.ok) return fail(response, `GET ${path} (ETag)`);
      const etag = response.headers.get('etag');
      if (!etag) return fail(response, `GET ${path}: no ETag in the answer`);
      return { value: (await response.json()) as T | null, etag };
    },
  };
}
