// A fake of the Realtime Database REST protocol, used ONLY at the HTTP boundary (a fetch
// double): /path.json?auth=<token>, GET/PUT/PATCH/POST/DELETE, missing → null, errors as
// {"error": "..."}. It enforces the ownership rules of database.rules.json in miniature:
// users/anonymousTokens/{uid}, users/validated/{uid} and staff/{uid} need the ID token of that
// uid, and a field named `password` is rejected anywhere.
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export interface RecordedRequest {
  method: string;
  path: string;
  token: string | null;
  body: Json | undefined;
}

export interface FakeDatabase {
  fetch: (input: string, init?: RequestInit) => Promise<Response>;
  /** The whole tree (a copy). */
  dump(): Json;
  get(path: string): Json;
  set(path: string, value: unknown): void;
  requests: RecordedRequest[];
  /** Requests that wrote (PUT/PATCH/POST/DELETE), optionally only for one path. */
  writes(path?: string): RecordedRequest[];
  /** The next `count` requests matching `match` answer with `status` (or fail at the network level). */
  failNext(
    count: number,
    status: number | 'network',
    match?: (r: RecordedRequest) => boolean,
  ): void;
  offline: boolean;
}

export const tokenFor = (uid: string) => `token:${uid}`;

function segmentsOf(path: string): string[] {
  return path.split('/').filter(Boolean).map(decodeURIComponent);
}

function read(tree: Json, segments: string[]): Json {
  let node: Json = tree;
  for (const s of segments) {
    if (!node || typeof node !== 'object' || Array.isArray(node)) return null;
    node = (node as Record<string, Json>)[s] ?? null;
  }
  return node;
}

function prune(value: Json): Json {
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value as Record<string, Json>)
    .map(([k, v]) => [k, prune(v)] as const)
    .filter(([, v]) => v !== null && !(typeof v === 'object' && Object.keys(v).length === 0));
  return entries.length ? Object.fromEntries(entries) : null;
}

function write(tree: Json, segments: string[], value: Json): Json {
  if (segments.length === 0) return prune(value);
  const [head, ...rest] = segments as [string, ...string[]];
  const base =
    tree && typeof tree === 'object' && !Array.isArray(tree)
      ? { ...(tree as Record<string, Json>) }
      : {};
  base[head] = write(base[head] ?? null, rest, value);
  return prune(base);
}

function hasPassword(value: Json): boolean {
  if (!value || typeof value !== 'object') return false;
  return Object.entries(value).some(([k, v]) => k === 'password' || hasPassword(v as Json));
}

function allowed(segments: string[], token: string | null): boolean {
  if (segments[0] === 'users') {
    const owner = segments[2];
    if (!owner || (segments[1] !== 'anonymousTokens' && segments[1] !== 'validated')) return false;
    return token === tokenFor(owner);
  }
  // A staff record is its member's (decision 5201).
  if (segments[0] === 'staff') return segments[1] !== undefined && token === tokenFor(segments[1]);
  return true;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export function createFakeDatabase(initial: unknown = null): FakeDatabase {
  let tree: Json = prune(JSON.parse(JSON.stringify(initial)) as Json);
  let pushCounter = 0;
  const failures: Array<{
    count: number;
    status: number | 'network';
    match?: (r: RecordedRequest) => boolean;
  }> = [];
  const db: FakeDatabase = {
    requests: [],
    offline: false,
    dump: () => JSON.parse(JSON.stringify(tree)) as Json,
    get: (path) => JSON.parse(JSON.stringify(read(tree, segmentsOf(path)))) as Json,
    set: (path, value) => {
      tree = write(tree, segmentsOf(path), JSON.parse(JSON.stringify(value)) as Json);
    },
    writes: (path) =>
      db.requests.filter((r) => r.method !== 'GET' && (path === undefined || r.path === path)),
    failNext: (count, status, match) => {
      failures.push({ count, status, match });
    },
    fetch: async (input, init = {}) => {
      const url = new URL(input);
      const path = url.pathname.replace(/\.json$/, '').replace(/^\//, '');
      const segments = segmentsOf(path);
      const method = (init.method ?? 'GET').toUpperCase();
      const token = url.searchParams.get('auth');
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Json) : undefined;
      const request: RecordedRequest = { method, path: segments.join('/'), token, body };
      db.requests.push(request);
      if (db.offline) throw new TypeError('fetch failed');
      const failure = failures.find((f) => f.count > 0 && (!f.match || f.match(request)));
      if (failure) {
        failure.count -= 1;
        if (failure.status === 'network') throw new TypeError('fetch failed');
        return json(failure.status, { error: `Injected failure ${failure.status}` });
      }
      if (!allowed(segments, token)) return json(401, { error: 'Permission denied' });
      switch (method) {
        case 'GET':
          return json(200, read(tree, segments));
        case 'PUT':
          if (hasPassword(body ?? null)) return json(401, { error: 'Permission denied' });
          tree = write(tree, segments, body ?? null);
          return json(200, body ?? null);
        case 'PATCH': {
          if (hasPassword(body ?? null)) return json(401, { error: 'Permission denied' });
          // Each key is a path under the location (`products/a`), as in the REST protocol.
          for (const [k, v] of Object.entries((body ?? {}) as Record<string, Json>)) {
            tree = write(tree, [...segments, ...k.split('/').filter(Boolean)], v);
          }
          return json(200, body ?? null);
        }
        case 'POST': {
          if (hasPassword(body ?? null)) return json(401, { error: 'Permission denied' });
          pushCounter += 1;
          const name = `-Push${String(pushCounter).padStart(15, '0')}`;
          tree = write(tree, [...segments, name], body ?? null);
          return json(200, { name });
        }
        case 'DELETE':
          tree = write(tree, segments, null);
          return json(200, null);
        default:
          return json(405, { error: 'Method not allowed' });
      }
    },
  };
  return db;
}
