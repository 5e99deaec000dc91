// Keeps the index in step with the database (decision 3601): one event stream on
// `catalog/products` (the Realtime Database REST protocol, public read). Its first `put` is the
// whole catalog (the index is built once); every later event carries only what changed, and only
// the products it names are indexed again.
import type { Product } from '@shop/shared';
import { readProductRecord } from '@shop/shared/catalog/productRecord';
import type { CatalogIndex } from './catalogIndex';

type Raw = Record<string, unknown>;
const isRecord = (value: unknown): value is Raw =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Applies one stream event to the index. `malformed` keeps the stored records the product reader
 * refused (logged once), so a later fix of one field makes the product whole again.
 */
export function applyCatalogEvent(
  index: CatalogIndex,
  malformed: Map<string, unknown>,
  kind: 'put' | 'patch',
  path: string,
  data: unknown,
): void {
  const at = path.split('/').filter(Boolean);
  if (at.length === 0 && kind === 'put') {
    load(index, malformed, data);
    return;
  }
  const writes: Array<[string[], unknown]> =
    kind === 'patch'
      ? Object.entries(isRecord(data) ? data : {}).map(([key, value]) => [
          [...at, ...key.split('/').filter(Boolean)],
          value,
        ])
      : [[at, data]];
  // The products this event changes, each once, in their new state (null: removed).
  const changes = new Map<string, Product | null>();
  for (const [[id, ...inside], value] of writes) {
    if (id === undefined) continue;
    let record: unknown = value;
    if (inside.length > 0) {
      const current = changes.has(id)
        ? (changes.get(id) ?? malformed.get(id) ?? null)
        : (malformed.get(id) ?? JSON.parse(index.productJson(id) ?? 'null'));
      record = withValueAt(current, inside, value);
    }
    malformed.delete(id);
    const product = record === null || record === undefined ? null : readProductRecord(id, record);
    if (!product && record !== null && record !== undefined) malformed.set(id, record);
    changes.set(id, product);
  }
  index.apply(changes);
}

function load(index: CatalogIndex, malformed: Map<string, unknown>, value: unknown): void {
  malformed.clear();
  const products: Product[] = [];
  for (const [key, raw] of isRecord(value) ? Object.entries(value) : []) {
    const product = readProductRecord(key, raw);
    if (product) products.push(product);
    else if (raw !== null) malformed.set(key, raw);
  }
  index.load(products);
}

/** A copy of `node` with `value` at `path` (null removes it, and empty parents with it). */
function withValueAt(node: unknown, path: readonly string[], value: unknown): unknown {
  const [key, ...rest] = path;
  if (key === undefined) return value;
  const base: Raw = isRecord(node) ? { ...node } : Array.isArray(node) ? { ...node } : {};
  const child = withValueAt(base[key], rest, value);
  if (child === null || child === undefined) delete base[key];
  else base[key] = child;
  if (Object.keys(base).length === 0) return null;
  return Array.isArray(node) && Object.keys(base).every((k) => /^\d+$/.test(k))
    ? Object.values(base)
    : base;
}

export interface CatalogFeedOptions {
  databaseUrl: string;
  index: CatalogIndex;
  log?: (line: string) => void;
  /** Waits between reconnections grow from this (ms). */
  retryMs?: number;
}

export interface CatalogFeed {
  /** Resolves once the first snapshot is indexed. */
  ready: Promise<void>;
  close(): void;
}

/** Reads server-sent events from a byte stream, without ever searching the whole buffer. */
async function readEvents(
  body: ReadableStream<Uint8Array>,
  onEvent: (event: string, data: string) => void,
): Promise<void> {
  const decoder = new TextDecoder();
  // Pending text in pieces: a 70 MB first event arrives in thousands of chunks, and joining them
  // on every chunk would copy it thousands of times.
  let pieces: string[] = [];
  let lastChar = '';
  const flush = (text: string) => {
    for (const block of text.split('\n\n')) {
      if (block.trim() === '') continue;
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('event:')) event = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
      }
      onEvent(event, data.join('\n'));
    }
  };
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    const text = decoder.decode(chunk, { stream: true });
    if (text === '') continue;
    const end = (lastChar + text).lastIndexOf('\n\n');
    // Where the complete events end inside `text` (the search began one character earlier).
    const cut = end + 2 - lastChar.length;
    lastChar = text.slice(-1);
    if (end === -1) {
      pieces.push(text);
      continue;
    }
    const complete = [...pieces, text.slice(0, cut)].join('');
    pieces = [text.slice(cut)];
    flush(complete);
  }
  flush(pieces.join(''));
}

export function startCatalogFeed({
  databaseUrl,
  index,
  log = () => {},
  retryMs = 500,
}: CatalogFeedOptions): CatalogFeed {
  const malformed = new Map<string, unknown>();
  let closed = false;
  let controller: AbortController | null = null;
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });
  const url = `${databaseUrl.replace(/\/+$/, '')}/catalog/products.json`;

  const connect = async (attempt: number): Promise<void> => {
    if (closed) return;
    controller = new AbortController();
    try {
      const response = await fetch(url, {
        headers: { Accept: 'text/event-stream' },
        signal: controller.signal,
      });
      if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
      attempt = 0;
      await readEvents(response.body, (event, data) => {
        if (event === 'put' || event === 'patch') {
          const { path, data: value } = JSON.parse(data) as { path: string; data: unknown };
          const started = Date.now();
          applyCatalogEvent(index, malformed, event, path, value);
          if (path === '/' && event === 'put') {
            log(`indexed ${index.size} products in ${Date.now() - started} ms`);
            markReady();
          }
        } else if (event === 'cancel' || event === 'auth_revoked') {
          throw new Error(`stream ${event}: ${data}`);
        }
      });
      if (!closed) log('catalog stream ended; reconnecting');
    } catch (error) {
      if (closed) return;
      log(`catalog stream failed (${error instanceof Error ? error.message : String(error)})`);
    }
    if (closed) return;
    const wait = Math.min(retryMs * 2 ** attempt, 2_000);
    setTimeout(() => void connect(attempt + 1), wait).unref();
  };
  void connect(0);
  return {
    ready,
    close() {
      closed = true;
      controller?.abort();
    },
  };
}
