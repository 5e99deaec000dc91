// How the server answers: the headers every answer carries (CORS, nosniff), JSON bodies (pretty,
// silent, compressed) and errors.
import type { ServerResponse } from 'node:http';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import { HttpError } from './errors';

/** On every answer: a JSON answer must never be sniffed into HTML or script by a browser. */
export const NOSNIFF = { name: 'X-Content-Type-Options', value: 'nosniff' } as const;

export const CORS_HEADERS: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'ETag',
};
export const ALLOWED_METHODS = 'GET, PUT, POST, PATCH, DELETE, OPTIONS';
export const ALLOWED_HEADERS =
  'Content-Type, Authorization, X-Firebase-ETag, if-match, X-HTTP-Method-Override';

/** The answer to a CORS preflight (OPTIONS): what browsers may send here. */
export function answerPreflight(res: ServerResponse): void {
  res.writeHead(200, {
    ...CORS_HEADERS,
    'Access-Control-Allow-Methods': ALLOWED_METHODS,
    'Access-Control-Allow-Headers': ALLOWED_HEADERS,
    'Access-Control-Max-Age': '3600',
    'Content-Length': '0',
  });
  res.end();
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

export function reply(
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

export function sendError(res: ServerResponse, error: unknown): void {
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
