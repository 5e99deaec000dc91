import { existsSync, readFileSync } from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import {
  acceptsUnsignedTokens,
  resolvePrincipal,
  type IdTokenVerifier,
  type Principal,
} from './auth';
import {
  DatabaseEngine,
  DEFAULT_MAX_UPDATE_LOCATIONS,
  tooManyLocations,
  type ReadCounters,
  type StreamSink,
} from './engine';
import { badRequest, HttpError } from './errors';
import type { UpdateCounters } from './locations';
import { countTopLevelMembers, parseRelativePath, parseUrlPath } from './paths';
import { DEFAULT_NODE_LIMITS, type NodeLimit } from './limits';
import { RulesEngine } from './rules';
import { Store } from './store';
import type { Json, OrderBy, Query } from './tree';

export interface DatabaseServerOptions {
  /** Default: env SHOP_DB_PORT or 9000; 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Default: env SHOP_DB_DATA_DIR or <repo>/.data/database. */
  dataDir?: string;
  /** Default: <repo>/database.rules.json. */
  rulesPath?: string;
  /**
   * Default: env SHOP_FIREBASE_PROJECT_ID or 'demo-shop'. Unsigned (Auth emulator) tokens are
   * accepted for `demo-` projects only; any other project needs `verifyIdToken`, or the server
   * refuses to start.
   */
  projectId?: string;
  /** Verifies signed ID tokens (their signature) and answers their claims. */
  verifyIdToken?: IdTokenVerifier;
  /** Local mode enables the admin token `owner`. Default: projectId starts with 'demo-'. */
  local?: boolean;
  /** Seed the catalog and discounts when the catalog is empty. Default true. */
  seed?: boolean;
  /** Default <repo>/database/seed/catalog.json. */
  seedPath?: string;
  /** Largest accepted request body of the admin (functions, tools). Default 1 MiB (larger: 413). */
  bodyLimitBytes?: number;
  /** Largest accepted request body of anyone else (a shopper's write). Default 256 KiB (413). */
  userBodyLimitBytes?: number;
  /** Interval of `keep-alive` events on event streams. Default 30 000 ms. */
  keepAliveMs?: number;
  /** Locations one PATCH may update; more is a 400 before any other work. Default 1 000. */
  maxUpdateLocations?: number;
  /** Event streams open at once per client (remote address); more get 429. Default 50. */
  maxStreamsPerClient?: number;
  /** Event streams open at once per signed-in user (auth uid); more get 429. Default 10. */
  maxStreamsPerUser?: number;
  /** Event streams open at once in all; more get 429. Default 500. */
  maxStreams?: number;
  /** Lines a node may hold (a basket's); default DEFAULT_NODE_LIMITS (src/limits.ts). */
  nodeLimits?: readonly NodeLimit[];
  /** Counts the work of each PATCH when given (tests). */
  updateCounters?: UpdateCounters;
  /** Counts whole values rendered and serialised by reads and event streams (tests). */
  readCounters?: ReadCounters;
  /** Print the start line. Default true. */
  log?: boolean;
}

export interface DatabaseServer {
  url: string;
  port: number;
  /** Event streams open now (all clients). */
  openStreams(): number;
  close(): Promise<void>;
}

export const DEFAULT_BODY_LIMIT = 1024 * 1024;
/**
 * Per remote address. A browser opens at most 6 HTTP/1.1 connections per origin, so one browser
 * cannot reach this; on a laptop or in CI every browser and test shares 127.0.0.1, hence room for
 * several. Uids are no key: in demo mode anyone can mint tokens for any uid.
 */
export const DEFAULT_MAX_STREAMS_PER_CLIENT = 50;
/**
 * A shopper's page opens a few streams (its basket, its session); ten leaves room for several tabs.
 * Uids alone are no guard in demo mode (anyone can mint a token for any uid), hence the per-client
 * and overall limits next to it.
 */
export const DEFAULT_MAX_STREAMS_PER_USER = 10;
/** Every stream is a socket and a listener re-checked on every related write (issue 39 #1, #9). */
export const DEFAULT_MAX_STREAMS = 500;
/**
 * A shopper's write: a basket of 50 lines is about 5 KB; an 11,000-line basket (0.99 MiB) was
 * issue 39's. Refused before it is parsed or any rule is evaluated.
 */
export const DEFAULT_USER_BODY_LIMIT = 256 * 1024;

/** The repository root: the nearest folder (from the working directory up) with the rules file. */
export function findRepoRoot(start: string = process.cwd()): string {
  let dir = resolve(start);
  for (;;) {
    if (existsSync(join(dir, 'database.rules.json'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) return resolve(start);
    dir = parent;
  }
}

/** On every answer: a JSON answer must never be sniffed into HTML or script by a browser. */
const NOSNIFF = { name: 'X-Content-Type-Options', value: 'nosniff' } as const;

const CORS_HEADERS: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'ETag',
};
const ALLOWED_METHODS = 'GET, PUT, POST, PATCH, DELETE, OPTIONS';
const ALLOWED_HEADERS =
  'Content-Type, Authorization, X-Firebase-ETag, if-match, X-HTTP-Method-Override';

const QUERY_PARAMS = new Set([
  'auth',
  'print',
  'shallow',
  'orderBy',
  'startAt',
  'endAt',
  'equalTo',
  'limitToFirst',
  'limitToLast',
  'format',
  'timeout',
  'writeSizeLimit',
  'ns',
  'x-http-method-override',
]);
const FILTER_PARAMS = ['startAt', 'endAt', 'equalTo', 'limitToFirst', 'limitToLast'] as const;

interface Request {
  method: 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE';
  path: string[];
  params: URLSearchParams;
  print: 'pretty' | 'silent' | undefined;
  query: Query | undefined;
  shallow: boolean;
}

export async function startDatabaseServer(
  options: DatabaseServerOptions = {},
): Promise<DatabaseServer> {
  const repoRoot = findRepoRoot();
  const port = options.port ?? Number(process.env.SHOP_DB_PORT ?? 9000);
  const host = options.host ?? '127.0.0.1';
  const dataDir = resolve(
    options.dataDir ?? process.env.SHOP_DB_DATA_DIR ?? join(repoRoot, '.data', 'database'),
  );
  const rulesPath = options.rulesPath ?? join(repoRoot, 'database.rules.json');
  const projectId = options.projectId ?? process.env.SHOP_FIREBASE_PROJECT_ID ?? 'demo-shop';
  const local = options.local ?? projectId.startsWith('demo-');
  const adminBodyLimit = options.bodyLimitBytes ?? DEFAULT_BODY_LIMIT;
  const userBodyLimit = options.userBodyLimitBytes ?? DEFAULT_USER_BODY_LIMIT;
  const maxStreamsPerUser = options.maxStreamsPerUser ?? DEFAULT_MAX_STREAMS_PER_USER;
  const maxStreams = options.maxStreams ?? DEFAULT_MAX_STREAMS;
  const keepAliveMs = options.keepAliveMs ?? 30_000;
  const maxStreamsPerClient = options.maxStreamsPerClient ?? DEFAULT_MAX_STREAMS_PER_CLIENT;
  const verifier = options.verifyIdToken;
  if (!acceptsUnsignedTokens(projectId) && !verifier) {
    throw new Error(
      `database: refusing to start for project "${projectId}": it is not a demo- project, so ` +
        'unsigned (Auth emulator) tokens cannot be trusted, and this server cannot verify ' +
        "Google-signed ID tokens (that needs Google's public keys). Use a demo- project id " +
        '(SHOP_FIREBASE_PROJECT_ID=demo-shop) or pass verifyIdToken to startDatabaseServer.',
    );
  }

  const rules = RulesEngine.fromFile(rulesPath);
  const store = new Store(dataDir);
  const maxUpdateLocations = options.maxUpdateLocations ?? DEFAULT_MAX_UPDATE_LOCATIONS;
  const engine = new DatabaseEngine(
    store,
    rules,
    { maxUpdateLocations, nodeLimits: options.nodeLimits ?? DEFAULT_NODE_LIMITS },
    options.updateCounters,
    options.readCounters,
  );
  if (options.seed ?? true) {
    const seedPath = options.seedPath ?? join(repoRoot, 'database', 'seed', 'catalog.json');
    const seed = JSON.parse(readFileSync(seedPath, 'utf8')) as {
      catalog: unknown;
      discounts: unknown;
    };
    engine.seedIfEmpty(seed);
  }

  const streams = new Set<() => void>();
  const streamsPerClient = new Map<string, number>();
  const streamsPerUser = new Map<string, number>();

  const handler = (req: IncomingMessage, res: ServerResponse): void => {
    res.setHeader(NOSNIFF.name, NOSNIFF.value);
    handle(req, res).catch((error: unknown) => sendError(res, error));
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method === 'OPTIONS') {
      res.writeHead(200, {
        ...CORS_HEADERS,
        'Access-Control-Allow-Methods': ALLOWED_METHODS,
        'Access-Control-Allow-Headers': ALLOWED_HEADERS,
        'Access-Control-Max-Age': '3600',
        'Content-Length': '0',
      });
      res.end();
      return;
    }
    const request = parseRequest(req);
    const principal = await resolvePrincipal(
      {
        queryAuth: request.params.get('auth'),
        authorizationHeader: req.headers.authorization,
      },
      { projectId, local, ...(verifier ? { verifier } : {}) },
    );
    const bodyLimit = principal.kind === 'admin' ? adminBodyLimit : userBodyLimit;
    const wantsEtag = String(req.headers['x-firebase-etag'] ?? '').toLowerCase() === 'true';
    const ifMatchHeader = req.headers['if-match'];
    const ifMatch = Array.isArray(ifMatchHeader) ? ifMatchHeader[0] : ifMatchHeader;

    if (request.method === 'GET') {
      await drain(req, bodyLimit);
      if (String(req.headers.accept ?? '').includes('text/event-stream')) {
        stream(req, res, request, principal);
        return;
      }
      const result = engine.read(request.path, principal, {
        ...(request.query ? { query: request.query } : {}),
        shallow: request.shallow,
      });
      reply(
        res,
        200,
        result.body,
        request.print,
        wantsEtag ? { ETag: result.etag() } : {},
        result.text,
        req.headers['accept-encoding'],
      );
      return;
    }

    if (ifMatch !== undefined && request.method !== 'PUT' && request.method !== 'DELETE') {
      throw badRequest('if-match is only supported with PUT and DELETE');
    }
    if (request.method === 'DELETE') {
      await drain(req, bodyLimit);
      const result = engine.set(request.path, null, principal, ifMatch);
      reply(res, 200, null, request.print, wantsEtag ? { ETag: result.etag() } : {});
      return;
    }
    const raw = await readBody(req, bodyLimit);
    // Counted on the raw bytes, stopping past the cap: parsing a body of 100,000 keys alone
    // would block the event loop for tens of milliseconds, and Object.keys on it as long again.
    if (
      request.method === 'PATCH' &&
      countTopLevelMembers(raw, maxUpdateLocations) > maxUpdateLocations
    ) {
      throw tooManyLocations(maxUpdateLocations);
    }
    const body = parseJsonBody(raw);
    if (request.method === 'PUT') {
      const result = engine.set(request.path, body, principal, ifMatch);
      reply(res, 200, result.body, request.print, wantsEtag ? { ETag: result.etag() } : {});
    } else if (request.method === 'PATCH') {
      reply(res, 200, engine.update(request.path, body, principal), request.print);
    } else {
      reply(res, 200, engine.push(request.path, body, principal), request.print);
    }
  }

  function stream(
    req: IncomingMessage,
    res: ServerResponse,
    request: Request,
    principal: Principal,
  ): void {
    if (request.shallow) throw badRequest('shallow is not supported with event streams');
    // Each stream holds a socket, timers and a listener re-checked on every related write.
    const client = req.socket.remoteAddress ?? 'unknown';
    const clientStreams = streamsPerClient.get(client) ?? 0;
    if (clientStreams >= maxStreamsPerClient) {
      throw new HttpError(
        429,
        `Too many event streams from this client (limit ${maxStreamsPerClient}); close one first`,
      );
    }
    const user = principal.kind === 'user' ? principal.auth.uid : null;
    const userStreams = user === null ? 0 : (streamsPerUser.get(user) ?? 0);
    if (user !== null && userStreams >= maxStreamsPerUser) {
      throw new HttpError(
        429,
        `Too many event streams for this user (limit ${maxStreamsPerUser}); close one first`,
      );
    }
    if (streams.size >= maxStreams) {
      throw new HttpError(
        429,
        `Too many event streams open on this server (limit ${maxStreams}); try again later`,
        { 'Retry-After': '30' },
      );
    }
    let open = true;
    const timers: NodeJS.Timeout[] = [];
    let unsubscribe = (): void => {};
    const release = (): void => {
      const left = (streamsPerClient.get(client) ?? 1) - 1;
      if (left > 0) streamsPerClient.set(client, left);
      else streamsPerClient.delete(client);
      if (user === null) return;
      const userLeft = (streamsPerUser.get(user) ?? 1) - 1;
      if (userLeft > 0) streamsPerUser.set(user, userLeft);
      else streamsPerUser.delete(user);
    };
    const finish = (): void => {
      if (!open) return;
      open = false;
      timers.forEach((t) => clearTimeout(t));
      unsubscribe();
      streams.delete(finish);
      release();
      res.end();
    };
    const write = (event: string, json: string): void => {
      if (!open) return;
      if (!res.headersSent) {
        res.writeHead(200, {
          ...CORS_HEADERS,
          'Content-Type': 'text/event-stream',
          'Cache-Control': 'no-cache',
          Connection: 'keep-alive',
        });
      }
      res.write(`event: ${event}\ndata: ${json}\n\n`);
    };
    const sink: StreamSink = {
      send: (event, data) => write(event, JSON.stringify(data)),
      sendJson: write,
      end: finish,
    };
    streamsPerClient.set(client, clientStreams + 1);
    if (user !== null) streamsPerUser.set(user, userStreams + 1);
    try {
      unsubscribe = engine.subscribe(request.path, request.query, principal, sink);
    } catch (error) {
      open = false;
      release();
      throw error;
    }
    streams.add(finish);
    timers.push(setInterval(() => sink.send('keep-alive', null), keepAliveMs));
    if (principal.kind === 'user') {
      const delay = Math.min(Math.max(0, principal.expiresAtMs - Date.now()), 2 ** 31 - 1);
      timers.push(
        setTimeout(() => {
          sink.send('auth_revoked', 'credential is no longer valid');
          finish();
        }, delay),
      );
    }
    // The response's 'close' is the client going away: the request's own 'close' has already
    // fired once its (empty) body was read, so it says nothing about the connection.
    res.on('close', finish);
    res.on('error', finish);
    if (req.socket.destroyed) finish();
  }

  function parseRequest(req: IncomingMessage): Request {
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://localhost');
    } catch {
      throw badRequest('Invalid request URL');
    }
    const params = url.searchParams;
    for (const key of new Set(params.keys())) {
      if (!QUERY_PARAMS.has(key)) throw badRequest(`Unknown query parameter "${key}"`);
      if (params.getAll(key).length > 1) throw badRequest(`Query parameter "${key}" is repeated`);
    }
    let method = req.method ?? '';
    const override = req.headers['x-http-method-override'] ?? params.get('x-http-method-override');
    if (override !== undefined && override !== null) {
      if (method !== 'POST') throw badRequest('X-HTTP-Method-Override is only valid on POST');
      method = String(override).toUpperCase();
    }
    if (!['GET', 'PUT', 'POST', 'PATCH', 'DELETE'].includes(method)) {
      throw new HttpError(405, `Method ${method} is not allowed`, { Allow: ALLOWED_METHODS });
    }
    const path = parseUrlPath(url.pathname);

    const print = params.get('print');
    if (print !== null && print !== 'pretty' && print !== 'silent') {
      throw badRequest('print must be "pretty" or "silent"');
    }
    const format = params.get('format');
    if (format !== null && format !== 'export') throw badRequest('format must be "export"');
    const timeout = params.get('timeout');
    if (timeout !== null && !/^[0-9]{1,6}(ms|s|min)$/.test(timeout)) {
      throw badRequest('timeout must look like 500ms, 3s or 1min');
    }
    const writeSizeLimit = params.get('writeSizeLimit');
    if (
      writeSizeLimit !== null &&
      !['tiny', 'small', 'medium', 'large', 'unlimited'].includes(writeSizeLimit)
    ) {
      throw badRequest('writeSizeLimit must be tiny, small, medium, large or unlimited');
    }
    const shallowParam = params.get('shallow');
    if (shallowParam !== null && shallowParam !== 'true' && shallowParam !== 'false') {
      throw badRequest('shallow must be true or false');
    }
    const query = parseQuery(params);
    const shallow = shallowParam === 'true';
    if (method !== 'GET' && (query || shallowParam !== null)) {
      throw badRequest('orderBy, filters and shallow are only supported with GET');
    }
    if (query && shallow) {
      throw badRequest("Mixing 'shallow' and querying parameters is not supported");
    }
    return {
      method: method as Request['method'],
      path,
      params,
      print: print ?? undefined,
      query,
      shallow,
    };
  }

  const server = http.createServer(handler);
  server.on('clientError', (_error, socket) => {
    if (socket.writable) {
      socket.end(
        `HTTP/1.1 400 Bad Request\r\n${NOSNIFF.name}: ${NOSNIFF.value}\r\nConnection: close\r\n\r\n`,
      );
    }
  });
  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolveListen();
    });
  });
  const actualPort = (server.address() as AddressInfo).port;
  const url = `http://${host}:${actualPort}`;
  if (options.log ?? true) {
    const shownDir = relative(repoRoot, dataDir);
    const display =
      shownDir && !shownDir.startsWith('..') && !isAbsolute(shownDir) ? shownDir : dataDir;
    console.log(`database listening on ${url} (project ${projectId}, data ${display})`);
  }

  let closing: Promise<void> | undefined;
  return {
    url,
    port: actualPort,
    openStreams: () => streams.size,
    close() {
      closing ??= new Promise<void>((resolveClose) => {
        for (const finish of [...streams]) finish();
        engine.closeAllListeners();
        server.close(() => {
          store.close();
          resolveClose();
        });
        server.closeAllConnections();
      });
      return closing;
    },
  };
}

function parseJsonParam(name: string, raw: string): Json {
  try {
    return JSON.parse(raw) as Json;
  } catch {
    throw badRequest(`${name} must be valid JSON (quote strings, e.g. ${name}="abc")`);
  }
}

function parseQuery(params: URLSearchParams): Query | undefined {
  const rawOrderBy = params.get('orderBy');
  const present = FILTER_PARAMS.filter((p) => params.has(p));
  if (rawOrderBy === null) {
    if (present.length > 0) {
      throw badRequest('orderBy must be defined when other query parameters are defined');
    }
    return undefined;
  }
  const orderByJson = parseJsonParam('orderBy', rawOrderBy);
  if (typeof orderByJson !== 'string' || orderByJson.length === 0) {
    throw badRequest(
      'orderBy must be a JSON string: "$key", "$value", "$priority" or a child path',
    );
  }
  let orderBy: OrderBy;
  if (orderByJson === '$key') orderBy = { kind: 'key' };
  else if (orderByJson === '$value') orderBy = { kind: 'value' };
  else if (orderByJson === '$priority') orderBy = { kind: 'priority' };
  else orderBy = { kind: 'child', path: parseRelativePath(orderByJson, 'orderBy child path') };

  const query: Query = { orderBy };
  for (const name of ['startAt', 'endAt', 'equalTo'] as const) {
    const raw = params.get(name);
    if (raw === null) continue;
    const value = parseJsonParam(name, raw);
    if (typeof value === 'object' && value !== null) {
      throw badRequest(`${name} must be a JSON string, number, boolean or null`);
    }
    if (orderBy.kind === 'key' && typeof value !== 'string') {
      throw badRequest(`${name} must be a string when orderBy is "$key"`);
    }
    query[name] = value;
  }
  if (query.equalTo !== undefined && (query.startAt !== undefined || query.endAt !== undefined)) {
    throw badRequest('equalTo cannot be combined with startAt or endAt');
  }
  for (const name of ['limitToFirst', 'limitToLast'] as const) {
    const raw = params.get(name);
    if (raw === null) continue;
    const value = parseJsonParam(name, raw);
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > 2 ** 31) {
      throw badRequest(`${name} must be a positive integer`);
    }
    query[name] = value;
  }
  if (query.limitToFirst !== undefined && query.limitToLast !== undefined) {
    throw badRequest('limitToFirst and limitToLast cannot be combined');
  }
  return query;
}

async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const tooLarge = (): HttpError =>
    new HttpError(
      413,
      `Write too large: a request body may be at most ${limit} bytes here (database/README.md)`,
      { Connection: 'close' },
    );
  // Past the limit we keep reading (and discarding) so the client can read our 413; past the hard
  // cap we stop listening to it at all.
  const hardCap = Math.max(limit * 16, 64 * 1024 * 1024);
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > hardCap) {
    req.destroy();
    throw tooLarge();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > hardCap) throw tooLarge();
    if (size <= limit) chunks.push(buffer);
  }
  if (size > limit) throw tooLarge();
  return Buffer.concat(chunks);
}

async function drain(req: IncomingMessage, limit: number): Promise<void> {
  await readBody(req, limit);
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

function parseJsonBody(buffer: Buffer): unknown {
  let text: string;
  try {
    text = utf8.decode(buffer);
  } catch {
    throw badRequest('Invalid data; the body is not valid UTF-8.');
  }
  if (text.trim().length === 0) throw badRequest('No data supplied.');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw badRequest("Invalid data; couldn't parse JSON object, array, or value.");
  }
}

/** Smaller answers go as they are: compressing them saves less than it costs. */
export const COMPRESS_MIN_BYTES = 1024;
/** Answers kept compressed, per encoding: the catalog is read far more often than it changes. */
const COMPRESSED_CACHE_SIZE = 64;
const compressedCache = { br: new Map<string, Buffer>(), gzip: new Map<string, Buffer>() };

/** `raw` (the bytes of `text`) compressed, from the cache when the same answer was compressed. */
function compress(text: string, raw: Buffer, encoding: 'br' | 'gzip'): Buffer {
  const cache = compressedCache[encoding];
  const cached = cache.get(text);
  if (cached) {
    cache.delete(text); // most recently used last
    cache.set(text, cached);
    return cached;
  }
  const body =
    encoding === 'br'
      ? brotliCompressSync(raw, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } })
      : gzipSync(raw, { level: 6 });
  cache.set(text, body);
  if (cache.size > COMPRESSED_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  return body;
}

/**
 * The answer's bytes in the best encoding the client accepts (as Firebase does): brotli at a
 * quick level, else gzip; identity for small bodies or clients that accept neither.
 */
export function encodeBody(
  text: string,
  acceptEncoding: string | string[] | undefined,
): { body: Buffer; encoding?: 'br' | 'gzip' } {
  const raw = Buffer.from(text);
  if (raw.length < COMPRESS_MIN_BYTES) return { body: raw };
  const accept = (Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : (acceptEncoding ?? ''))
    .toLowerCase()
    .split(',')
    .map((part) => part.trim())
    // "gzip;q=0" means "not gzip".
    .filter((part) => !/;\s*q=0(\.0*)?$/.test(part))
    .map((part) => part.split(';')[0]);
  if (accept.includes('br')) return { body: compress(text, raw, 'br'), encoding: 'br' };
  if (accept.includes('gzip')) return { body: compress(text, raw, 'gzip'), encoding: 'gzip' };
  return { body: raw };
}

function reply(
  res: ServerResponse,
  status: number,
  body: unknown,
  print: 'pretty' | 'silent' | undefined,
  headers: Record<string, string> = {},
  compactText?: () => string,
  acceptEncoding?: string | string[],
): void {
  if (print === 'silent') {
    res.writeHead(204, { ...CORS_HEADERS, ...headers });
    res.end();
    return;
  }
  const text =
    print === 'pretty'
      ? JSON.stringify(body, null, 2)
      : compactText
        ? compactText()
        : JSON.stringify(body);
  const encoded = encodeBody(text, acceptEncoding);
  res.writeHead(status, {
    ...CORS_HEADERS,
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-cache',
    Vary: 'Accept-Encoding',
    ...(encoded.encoding ? { 'Content-Encoding': encoded.encoding } : {}),
    'Content-Length': String(encoded.body.length),
    ...headers,
  });
  res.end(encoded.body);
}

function sendError(res: ServerResponse, error: unknown): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  if (error instanceof HttpError) {
    const text = error.body ?? JSON.stringify({ error: error.message });
    res.writeHead(error.status, {
      ...CORS_HEADERS,
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': String(Buffer.byteLength(text)),
      ...error.headers,
    });
    res.end(text);
    return;
  }
  console.error('database: unexpected error', error);
  const text = JSON.stringify({ error: 'Internal server error' });
  res.writeHead(500, { ...CORS_HEADERS, 'Content-Type': 'application/json; charset=utf-8' });
  res.end(text);
}
