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

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;

/**
 * The members of a JSON text's top-level object (its colons outside strings at depth 1), without
 * parsing it; counting stops once past `limit`. Works on the UTF-8 bytes: every structural
 * character is ASCII and no multi-byte sequence contains an ASCII byte. On invalid JSON the count
 * means nothing, but such a body is refused either way. Duplicate keys are counted as sent.
 */
export function countTopLevelMembers(bytes: Uint8Array, limit: number): number {
  let depth = 0;
  let count = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes[i] as number;
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      depth++;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      depth--;
    } else if (c === COLON && depth === 1 && ++count > limit) {
      return count;
    }
  }
  return count;
}
