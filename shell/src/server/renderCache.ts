// The shell server's render cache (decision 3701): a public page, rendered once, is served again
// from memory (already compressed, with its ETag) until its freshness runs out, a deploy changes a
// remote's manifest (the key names the remotes' version), or it is pushed out by newer pages.
// Concurrent misses for one address wait for the one render.
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib } from 'node:zlib';
import { cutsCleanly, keptPerBeginning, pageGzip } from './pageBeginning';

export interface CachedPage {
  status: number;
  html: string;
  /** The page's policy (its inline scripts' hashes). */
  policy: string;
  /** A strong validator: the page's bytes hashed. */
  etag: string;
  /** When it was rendered (ms, the cache's clock). */
  renderedAt: number;
  /** The page compressed as asked, once per encoding (the first answer that asks compresses). */
  encoded(encoding: 'br' | 'gzip'): Buffer;
  /** Whether it is compressed in `encoding` already. */
  isEncoded(encoding: 'br' | 'gzip'): boolean;
}

export interface RenderCacheOptions {
  /** How long a page is served from memory; 0 turns the cache off (every page rendered). */
  ttlMs: number;
  /**
   * A kept page this old is rendered again in the background at its next hit, while the kept one
   * is still served (default: two thirds of `ttlMs`): a popular page is replaced before it expires,
   * so no shopper waits for its render, and no page is ever served older than `ttlMs`.
   */
  refreshAfterMs?: number;
  /** At most this many pages, and this many bytes of them (html and both compressions). */
  maxEntries?: number;
  maxBytes?: number;
  now?: () => number;
  /** Told when a refresh in the background fails (no shopper's request sees that failure). */
  onRefreshError?: (key: string, error: unknown) => void;
}

/** What a kept page costs: its text and both compressions (counted as if made). */
const bytesOf = (page: CachedPage) => Buffer.byteLength(page.html) * 1.5;

/** A shared beginning's digest, made once (pageBeginning). */
const beginningDigest = keptPerBeginning((beginning) =>
  createHash('sha256').update(beginning).digest(),
);

/**
 * A strong validator of the page's bytes and policy. Its shared beginning enters by its own
 * digest (32 bytes), so a miss hashes only the page's rest.
 */
function pageEtag(html: string, policy: string, sharedLength: number): string {
  const hash = createHash('sha256');
  if (cutsCleanly(html, sharedLength)) {
    hash.update(beginningDigest.of(html.slice(0, sharedLength))).update(html.slice(sharedLength));
  } else {
    hash.update(html);
  }
  return `"${hash.update(policy).digest('base64url').slice(0, 27)}"`;
}

/** A rendered page made ready to serve many times: hashed once, compressed once per encoding. */
export function cachedPage(
  status: number,
  html: string,
  policy: string,
  renderedAt: number,
  /** How long the beginning of `html` is that many pages share (see pageBeginning). */
  sharedLength = 0,
): CachedPage {
  const encodings = new Map<'br' | 'gzip', Buffer>();
  return {
    status,
    html,
    policy,
    etag: pageEtag(html, policy, sharedLength),
    renderedAt,
    encoded(encoding) {
      let body = encodings.get(encoding);
      if (!body) {
        // The levels of a page compressed per request before the cache: quick enough for a miss.
        body =
          encoding === 'br'
            ? brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } })
            : pageGzip(html, sharedLength);
        encodings.set(encoding, body);
      }
      return body;
    },
    isEncoded: (encoding) => encodings.has(encoding),
  };
}

/** What rendering an address gave: a page (kept when `shared`), or another answer (a redirect). */
export type Rendered =
  | { kind: 'page'; page: CachedPage; shared: boolean; /** served from memory */ hit?: boolean }
  | { kind: 'response'; response: Response };

export class RenderCache {
  private readonly pages = new Map<string, CachedPage>();
  private readonly rendering = new Map<string, Promise<Rendered>>();
  private bytes = 0;
  private readonly ttlMs: number;
  private readonly refreshAfterMs: number;
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  private readonly now: () => number;
  private readonly onRefreshError: (key: string, error: unknown) => void;

  constructor(options: RenderCacheOptions) {
    this.ttlMs = options.ttlMs;
    this.refreshAfterMs = options.refreshAfterMs ?? (options.ttlMs * 2) / 3;
    this.maxEntries = options.maxEntries ?? 1_000;
    this.maxBytes = options.maxBytes ?? 64 * 2 ** 20;
    this.now = options.now ?? Date.now;
    this.onRefreshError = options.onRefreshError ?? (() => undefined);
  }

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  /** The page kept under `key` while fresh (a hit moves it to the end: least recently used goes). */
  get(key: string): CachedPage | undefined {
    const page = this.pages.get(key);
    if (!page) return undefined;
    this.pages.delete(key);
    if (this.now() - page.renderedAt >= this.ttlMs) {
      this.bytes -= bytesOf(page);
      return undefined;
    }
    this.pages.set(key, page);
    return page;
  }

  /**
   * The fresh page under `key`, or what `render` makes (a page is kept when it is `shared`).
   * Requests for one key that arrive while it renders wait for that render instead of starting
   * their own: pages rendered here never hold a shopper's data, so they may share it.
   */
  async page(key: string, render: () => Promise<Rendered>): Promise<Rendered> {
    const kept = this.get(key);
    if (kept) {
      if (this.now() - kept.renderedAt >= this.refreshAfterMs && !this.rendering.has(key)) {
        // A failed refresh costs shoppers nothing: the kept page serves until it expires.
        this.render(key, render).catch((error: unknown) => this.onRefreshError(key, error));
      }
      return { kind: 'page', page: kept, shared: true, hit: true };
    }
    return this.rendering.get(key) ?? this.render(key, render);
  }

  /** Renders `key` once (later requests wait for it) and keeps the page when it is shared. */
  private render(key: string, render: () => Promise<Rendered>): Promise<Rendered> {
    const rendered = (async () => {
      try {
        const result = await render();
        if (result.kind === 'page' && result.shared) this.keep(key, result.page);
        return result;
      } finally {
        // Only once the page is kept: a request in between would render it a second time.
        this.rendering.delete(key);
      }
    })();
    this.rendering.set(key, rendered);
    return rendered;
  }

  private keep(key: string, page: CachedPage): void {
    if (!this.enabled) return;
    const size = bytesOf(page);
    if (size > this.maxBytes) return;
    const old = this.pages.get(key);
    if (old) {
      this.pages.delete(key);
      this.bytes -= bytesOf(old);
    }
    while (this.pages.size >= this.maxEntries || this.bytes + size > this.maxBytes) {
      const [oldestKey, oldest] = this.pages.entries().next().value as [string, CachedPage];
      this.pages.delete(oldestKey);
      this.bytes -= bytesOf(oldest);
    }
    this.pages.set(key, page);
    this.bytes += size;
    // Its brotli, for its later answers, once the answer that rendered it is sent (decision
    // 3702: a miss goes out in gzip rather than wait for it).
    setImmediate(() => page.encoded('br'));
  }

  /** How many pages and bytes are kept (tests, diagnostics in benchmarks). */
  stats(): { entries: number; bytes: number } {
    return { entries: this.pages.size, bytes: this.bytes };
  }
}
