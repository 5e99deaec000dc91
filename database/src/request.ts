// Reading a request: its method, path and query parameters checked as the Realtime Database REST
// API checks them, and its body read within the size limit and parsed as JSON.
import type { IncomingMessage } from 'node:http';
import { badRequest, HttpError } from './errors';
import { parseRelativePath, parseUrlPath } from './paths';
import { ALLOWED_METHODS } from './responses';
import type { Json, OrderBy, Query } from './tree';

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

export interface Request {
  method: 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE';
  path: string[];
  params: URLSearchParams;
  print: 'pretty' | 'silent' | undefined;
  query: Query | undefined;
  shallow: boolean;
}

export function parseRequest(req: IncomingMessage): Request {
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
  const method = parseMethod(req, params);
  const path = parseUrlPath(url.pathname);
  const print = checkOutputParams(params);
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
  return { method, path, params, print, query, shallow };
}

/** The request's method, or the one its X-HTTP-Method-Override names (on a POST only). */
function parseMethod(req: IncomingMessage, params: URLSearchParams): Request['method'] {
  let method = req.method ?? '';
  const override = req.headers['x-http-method-override'] ?? params.get('x-http-method-override');
  if (override !== undefined && override !== null) {
    if (method !== 'POST') throw badRequest('X-HTTP-Method-Override is only valid on POST');
    method = String(override).toUpperCase();
  }
  if (!['GET', 'PUT', 'POST', 'PATCH', 'DELETE'].includes(method)) {
    throw new HttpError(405, `Method ${method} is not allowed`, { Allow: ALLOWED_METHODS });
  }
  return method as Request['method'];
}

/** Checks the parameters of the answer's form (print, format, timeout, writeSizeLimit). */
function checkOutputParams(params: URLSearchParams): Request['print'] {
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
  return print ?? undefined;
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

export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
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

export async function drain(req: IncomingMessage, limit: number): Promise<void> {
  await readBody(req, limit);
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

export function parseJsonBody(buffer: Buffer): unknown {
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
