import { badRequest, HttpError } from './errors';

/** Firebase limits: https://firebase.google.com/docs/database/usage/limits */
export const MAX_DEPTH = 32;
export const MAX_KEY_BYTES = 768;

// Keys that collide with Object.prototype members break plain-object trees (and targaryen's
// DataNode, which stores children as properties), so this server refuses them.
const RESERVED_KEYS = new Set(Object.getOwnPropertyNames(Object.prototype));
// eslint-disable-next-line no-control-regex
const FORBIDDEN_KEY_CHARS = /[.$#[\]/\u0000-\u001f\u007f]/;

export type Path = readonly string[];

export function checkKey(key: string): void {
  if (key.length === 0) throw badRequest('Invalid key: keys must be non-empty strings');
  if (FORBIDDEN_KEY_CHARS.test(key)) {
    throw badRequest(
      `Invalid key ${JSON.stringify(key)}: keys must not contain ".", "$", "#", "[", "]", "/" or ASCII control characters`,
    );
  }
  if (Buffer.byteLength(key, 'utf8') > MAX_KEY_BYTES) {
    throw badRequest(`Invalid key: keys must be at most ${MAX_KEY_BYTES} bytes of UTF-8`);
  }
  if (RESERVED_KEYS.has(key)) {
    throw badRequest(`Invalid key ${JSON.stringify(key)}: reserved by this local server`);
  }
}

export function checkDepth(depth: number): void {
  if (depth > MAX_DEPTH) {
    throw badRequest(`Data is too deep: paths and values may nest at most ${MAX_DEPTH} levels`);
  }
}

/** Splits a relative path such as `a/b/c` (a multi-location update key, an orderBy child). */
export function parseRelativePath(raw: string, what: string): string[] {
  const segments = raw.split('/').filter((s) => s.length > 0);
  if (segments.length === 0) throw badRequest(`Invalid ${what}: empty path`);
  segments.forEach(checkKey);
  checkDepth(segments.length);
  return segments;
}

/** `/a/b.json` or `/a/b/.json` → ['a', 'b']; `/.json` → []. */
export function parseUrlPath(pathname: string): string[] {
  if (!pathname.endsWith('.json')) {
    throw new HttpError(404, 'Not found: database locations end with .json, e.g. /catalog.json');
  }
  const raw = pathname.slice(0, -'.json'.length);
  const segments: string[] = [];
  for (const encoded of raw.split('/')) {
    if (encoded.length === 0) continue;
    let segment: string;
    try {
      segment = decodeURIComponent(encoded);
    } catch {
      throw badRequest('Invalid path: malformed percent-encoding');
    }
    checkKey(segment);
    segments.push(segment);
  }
  checkDepth(segments.length);
  return segments;
}

export const toPathString = (path: Path): string => path.join('/');
export const toDisplayPath = (path: Path): string => '/' + path.join('/');

export function isPrefix(prefix: Path, path: Path): boolean {
  if (prefix.length > path.length) return false;
  return prefix.every((segment, i) => path[i] === segment);
}
