// What the pages of a kind share at their beginning (the template's head and the remote page's
// styles: renderPage's `sharedLength`, 25–40 KB) is worked out once, not on every cache miss:
// its gzip (`pageGzip` below), its digest (the page's ETag) and its inline scripts' hashes (the
// policy).
import { constants, crc32, deflateRawSync, gzipSync } from 'node:zlib';

/** Beginnings kept per use: one per kind of page and deploy (the oldest go first). */
export const MAX_KEPT_BEGINNINGS = 16;

export interface KeptPerBeginning<T> {
  /** What `make` gives for this beginning, made once while it is kept. */
  of(beginning: string): T;
  /** How many beginnings are kept (tests). */
  size(): number;
}

export function keptPerBeginning<T>(make: (beginning: string) => T): KeptPerBeginning<T> {
  const kept = new Map<string, T>();
  return {
    of(beginning) {
      let value = kept.get(beginning);
      if (value === undefined) {
        value = make(beginning);
        while (kept.size >= MAX_KEPT_BEGINNINGS) kept.delete(kept.keys().next().value as string);
      } else {
        kept.delete(beginning);
      }
      kept.set(beginning, value);
      return value;
    },
    size: () => kept.size,
  };
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

/**
 * Whether `text` may be cut at `sharedLength` into a beginning and a rest: long enough to be
 * worth it, within the text, and not inside a character written as two UTF-16 units (the cut
 * would change both halves' bytes).
 */
export function cutsCleanly(text: string, sharedLength: number, minimum = 1): boolean {
  return (
    sharedLength >= minimum &&
    sharedLength <= text.length &&
    !isHighSurrogate(text.charCodeAt(sharedLength - 1))
  );
}

// A page's gzip with its shared beginning compressed once (decision 3702): every rendered page
// starts with the same 25–40 KB (the template's head with the shell's styles and early script, then
// the remote page's styles), which was most of what a cache miss spent compressing.
//
// gzip allows the deflate data to be several parts in a row, each ended on a byte boundary (a full
// flush) and only the last one final. The shared beginning is deflated once and kept; each page
// deflates only its own rest, primed with the beginning's last bytes: the decoder holds them in
// its window, so the rest may refer to them (class names in the styles) and the page is nearly as
// small as when it is compressed whole. The trailer's CRC-32 continues from the beginning's.

/** The level of a page compressed whole (renderCache's gzip before this). */
const LEVEL = 6;
/** The shared beginning is compressed once per deploy: the smallest there is. */
const SHARED_LEVEL = 9;
/**
 * Each page's rest is compressed on every miss: zlib's fast levels (1–3) took a product page's
 * rest in a third of level 6's time for 1.7 % more bytes of the page; browsers that take brotli
 * (every current one) are sent brotli, so these bytes go to the few that do not.
 */
const REST_LEVEL = 3;
/**
 * How much of the beginning primes each rest (at most deflate's 32 KB window). zlib indexes every
 * byte of it on every page: at level 6 the whole window cost a product page 320 µs, 4 KB 150 µs and
 * 180 bytes (1.5 %); the last 4 KB are the page's own styles, which its markup refers to.
 */
const PRIMING_BYTES = 4 * 1024;
/** A shorter beginning is not worth a part of its own. */
const MIN_SHARED_CHARS = 4 * 1024;

/** gzip's header: deflate, no name, no time, no extra flags, unknown system. */
const HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

interface SharedPart {
  deflated: Buffer;
  crc: number;
  bytes: number;
  /** Its last bytes, which the decoder's window holds after it. */
  priming: Buffer;
}

const kept = keptPerBeginning((text): SharedPart => {
  const bytes = Buffer.from(text);
  return {
    deflated: deflateRawSync(bytes, { level: SHARED_LEVEL, finishFlush: constants.Z_FULL_FLUSH }),
    crc: crc32(bytes),
    bytes: bytes.length,
    priming: bytes.subarray(-PRIMING_BYTES),
  };
});

/**
 * `html` as gzip; its first `sharedLength` characters are the same in many pages and deflated once.
 * The result decompresses to exactly `html`, as gzipSync's does.
 */
export function pageGzip(html: string, sharedLength = 0): Buffer {
  if (
    !cutsCleanly(html, sharedLength, MIN_SHARED_CHARS) ||
    // zlib.crc32 came with Node 20.15; an older runtime compresses the page whole.
    typeof crc32 !== 'function'
  ) {
    return gzipSync(html, { level: LEVEL });
  }
  const shared = kept.of(html.slice(0, sharedLength));
  const rest = Buffer.from(html.slice(sharedLength));
  const deflated = deflateRawSync(rest, { level: REST_LEVEL, dictionary: shared.priming });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc32(rest, shared.crc), 0);
  // ISIZE: the whole length, modulo 2^32.
  trailer.writeUInt32LE((shared.bytes + rest.length) % 2 ** 32, 4);
  return Buffer.concat([HEADER, shared.deflated, deflated, trailer]);
}

/** How many shared beginnings are kept (tests). */
export function keptBeginnings(): number {
  return kept.size();
}
