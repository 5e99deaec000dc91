// Keeps the index in step with the database (decision 3601): one event stream on
// `catalog/products` (the Realtime Database REST protocol, public read). Its first `put` is the
// whole catalog (the index is built once); every later event carries only what changed, and only
// the products it names are indexed again.
import type { CatalogIndex } from './catalogIndex';
import { CatalogMarkets } from './catalogMarkets';

/** What the feed keeps in step: every market's index, or the root market's alone. */
export type FedCatalog = CatalogIndex | CatalogMarkets;
const marketsOf = (fed: FedCatalog) =>
  fed instanceof CatalogMarkets ? fed : CatalogMarkets.only(fed);

type Raw = Record<string, unknown>;
const isRecord = (value: unknown): value is Raw =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Applies one stream event to the index. `malformed` keeps the stored records the product reader
 * refused (logged once), so a later fix of one field makes the product whole again.
 */
export function applyCatalogEvent(
  fed: FedCatalog,
  malformed: Map<string, unknown>,
  kind: 'put' | 'patch',
  path: string,
  data: unknown,
): void {
  const markets = marketsOf(fed);
  const at = path.split('/').filter(Boolean);
  if (at.length === 0 && kind === 'put') {
    load(markets, malformed, data);
    return;
  }
  const writes: Array<[string[], unknown]> =
    kind === 'patch'
      ? Object.entries(isRecord(data) ? data : {}).map(([key, value]) => [
          [...at, ...key.split('/').filter(Boolean)],
          value,
        ])
      : [[at, data]];
  // The records this event changes, each once, in their new state (null: removed).
  const changes = new Map<string, unknown>();
  for (const [[id, ...inside], value] of writes) {
    if (id === undefined) continue;
    let record: unknown = value;
    if (inside.length > 0) {
      const current = changes.has(id)
        ? (changes.get(id) ?? malformed.get(id) ?? null)
        : (malformed.get(id) ?? markets.record(id));
      record = withValueAt(current, inside, value);
    }
    changes.set(id, record ?? null);
  }
  const refused = markets.apply(changes);
  for (const [id, record] of changes) {
    malformed.delete(id);
    if (refused.has(id)) malformed.set(id, record);
  }
}

function load(markets: CatalogMarkets, malformed: Map<string, unknown>, value: unknown): void {
  const loading = startSnapshot(markets, malformed);
  for (const [key, raw] of isRecord(value) ? Object.entries(value) : []) loading.member(key, raw);
  loading.end();
}

/** What receives a snapshot's members, one by one, then its end. */
export interface SnapshotSink {
  member(key: string, raw: unknown): void;
  end(): void;
}

/**
 * A load of the whole catalog fed one stored record at a time; the records the product reader
 * refuses replace `malformed`'s when the snapshot is complete.
 */
export function startSnapshot(fed: FedCatalog, malformed: Map<string, unknown>): SnapshotSink {
  const loading = marketsOf(fed).startLoad();
  const refused = new Map<string, unknown>();
  return {
    member(key, raw) {
      if (!loading.add(key, raw) && raw !== null) refused.set(key, raw);
    },
    end() {
      loading.finish();
      malformed.clear();
      for (const [key, raw] of refused) malformed.set(key, raw);
    },
  };
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
  /** Every market (`CatalogMarkets.of()`, one index they share), or the root market's index alone. */
  index: FedCatalog;
  log?: (line: string) => void;
  /** Waits between reconnections grow from this (ms). */
  retryMs?: number;
}

export interface CatalogFeed {
  /** Resolves once the first snapshot is indexed. */
  ready: Promise<void>;
  close(): void;
}

/**
 * How a snapshot event (a put of the whole watched node, an object) begins, byte for byte, as the
 * database server and the Realtime Database send it.
 */
const SNAPSHOT_HEAD = 'event: put\ndata: {"path":"/","data":{';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;

/**
 * Whether the character at `at` is escaped: an odd run of backslashes just before it, counted no
 * further back than `from` (where the text read so far in this string begins).
 */
function escapes(text: string, at: number, from: number): boolean {
  let backslashes = 0;
  while (at - backslashes - 1 >= from && text.charCodeAt(at - backslashes - 1) === BACKSLASH) {
    backslashes += 1;
  }
  return backslashes % 2 === 1;
}

/**
 * Splits a snapshot's `data` object into its members as its text arrives, and hands each on when
 * complete: the catalog never exists as one string nor as one object graph (at 100,000 products
 * those are 58 MB of text and several hundred MB of objects, which the service's memory budget
 * cannot hold besides the index; decision 3601).
 */
export class SnapshotReader {
  /** Nesting inside the `data` object (1: between its members; 0: it has closed). */
  private depth = 1;
  private inString = false;
  private escaped = false;
  /** The current member's text (`"key":value`), in pieces. */
  private member: string[] = [];

  constructor(private readonly sink: SnapshotSink) {}

  /** Reads more of the event: what follows its end, or null while the snapshot goes on. */
  feed(text: string): string | null {
    let from = 0;
    let at = 0;
    while (at < text.length) {
      if (this.inString) {
        // Most of a catalog is text: jump to the string's next quote; it ends the string
        // unless an odd run of backslashes escapes it.
        if (this.escaped) {
          this.escaped = false;
          at += 1;
          continue;
        }
        const quote = text.indexOf('"', at);
        if (quote === -1) {
          this.escaped = escapes(text, text.length, at);
          break;
        }
        if (!escapes(text, quote, at)) this.inString = false;
        at = quote + 1;
        continue;
      }
      const c = text.charCodeAt(at);
      at += 1;
      if (this.depth === 0) {
        // After the data object, the event's own closing brace ends the snapshot.
        if (c === CLOSE_BRACE) {
          this.sink.end();
          return text.slice(at);
        }
        continue;
      }
      if (c === QUOTE) this.inString = true;
      else if (c === OPEN_BRACE || c === OPEN_BRACKET) this.depth += 1;
      else if ((c === COMMA || c === CLOSE_BRACE) && this.depth === 1) {
        this.member.push(text.slice(from, at - 1));
        from = at;
        this.emit();
        if (c === CLOSE_BRACE) this.depth = 0;
      } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) this.depth -= 1;
    }
    if (this.depth > 0) this.member.push(text.slice(from));
    return null;
  }

  /** Hands on the member read: its key (a JSON string) and its value's text, parsed. */
  private emit(): void {
    const text = this.member.length === 1 ? this.member[0]! : this.member.join('');
    this.member = [];
    const start = text.indexOf('"');
    if (start === -1) return;
    // The key's closing quote: the first one after it not escaped by an odd run of backslashes.
    let end = text.indexOf('"', start + 1);
    while (escapes(text, end, start + 1)) end = text.indexOf('"', end + 1);
    const colon = text.indexOf(':', end + 1);
    this.sink.member(
      JSON.parse(text.slice(start, end + 1)) as string,
      JSON.parse(text.slice(colon + 1)) as unknown,
    );
  }
}

/**
 * Reads server-sent events from a byte stream, without ever searching the whole buffer; a
 * snapshot of an object is read member by member (`startSnapshot`) instead of as one event.
 */
export async function readEvents(
  body: ReadableStream<Uint8Array>,
  onEvent: (event: string, data: string) => void,
  startSnapshot: () => SnapshotSink,
): Promise<void> {
  const decoder = new TextDecoder();
  // The event being received, in pieces: a large event arrives in thousands of chunks, and
  // joining them on every chunk would copy it thousands of times.
  let pieces: string[] = [];
  let piecesLength = 0;
  let lastChar = '';
  /** Whether the event being received was compared with the snapshot's beginning yet. */
  let headChecked = false;
  let snapshot: SnapshotReader | null = null;
  const flush = (text: string) => {
    for (const block of text.split('\n\n')) {
      if (block.trim() === '') continue;
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('event:')) event = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
      }
      // A block without data (a comment such as a keep-alive) is no event.
      if (data.length > 0) onEvent(event, data.join('\n'));
    }
  };
  const take = (received: string): void => {
    let text = received;
    while (text !== '') {
      if (snapshot) {
        const rest = snapshot.feed(text);
        if (rest === null) return;
        snapshot = null;
        text = rest;
        continue;
      }
      const end = (lastChar + text).lastIndexOf('\n\n');
      // Where the complete events end inside `text` (the search began one character earlier).
      const cut = end + 2 - lastChar.length;
      lastChar = text.slice(-1);
      if (end === -1) {
        pieces.push(text);
        piecesLength += text.length;
      } else {
        flush([...pieces, text.slice(0, cut)].join(''));
        pieces = [text.slice(cut)];
        piecesLength = pieces[0]!.length;
        headChecked = false;
      }
      text = '';
      if (!headChecked && piecesLength >= SNAPSHOT_HEAD.length) {
        headChecked = true;
        const head = pieces.join('');
        pieces = [head];
        if (head.startsWith(SNAPSHOT_HEAD)) {
          snapshot = new SnapshotReader(startSnapshot());
          pieces = [];
          piecesLength = 0;
          lastChar = '';
          text = head.slice(SNAPSHOT_HEAD.length);
        }
      }
    }
  };
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    take(decoder.decode(chunk, { stream: true }));
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
  // One wrapper for the feed's life: the extras it keeps for partial writes live in it.
  const markets = marketsOf(index);
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
      const snapshotStarted = (): SnapshotSink => {
        const started = Date.now();
        const loading = startSnapshot(markets, malformed);
        return {
          member: (key, raw) => loading.member(key, raw),
          end() {
            loading.end();
            log(`indexed ${markets.size} products in ${Date.now() - started} ms`);
            markReady();
          },
        };
      };
      await readEvents(
        response.body,
        (event, data) => {
          if (event === 'put' || event === 'patch') {
            const { path, data: value } = JSON.parse(data) as { path: string; data: unknown };
            const started = Date.now();
            applyCatalogEvent(markets, malformed, event, path, value);
            if (path === '/' && event === 'put') {
              log(`indexed ${markets.size} products in ${Date.now() - started} ms`);
              markReady();
            }
          } else if (event === 'cancel' || event === 'auth_revoked') {
            throw new Error(`stream ${event}: ${data}`);
          }
        },
        snapshotStarted,
      );
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
