import type { DataNode } from 'targaryen';
import type { Principal } from './auth';
import { badRequest, HttpError, permissionDenied } from './errors';
import { childOf, locationTree, type UpdateCounters } from './locations';
import { checkDepth, isPrefix, parseRelativePath, type Path } from './paths';
import { generatePushId } from './pushId';
import { checkNodeLimits, type NodeLimit } from './limits';
import { outputOf, QueryIndexes } from './queryIndex';
import { RulesEngine } from './rules';
import type { Store, WriteOp } from './store';
import {
  etagOf,
  isObject,
  normalizeValue,
  shallow,
  toOutput,
  type Json,
  type Node,
  type NormalizeContext,
  type Query,
} from './tree';

export interface StreamSink {
  send(event: 'put' | 'patch' | 'cancel' | 'auth_revoked' | 'keep-alive', data: unknown): void;
  /** Sends data that is JSON text already (a rendered value, not serialised twice). */
  sendJson(event: 'put' | 'patch', json: string): void;
  end(): void;
}

interface Listener {
  path: Path;
  query: Query | undefined;
  principal: Principal;
  sink: StreamSink;
  /**
   * What the client holds. Without a query: the node at `path` (the tree is immutable, so keeping
   * it costs nothing, and comparing it with the current one needs no serialisation). With a
   * query: the JSON text of the last result sent.
   */
  sent: { node: DataNode } | { text: string };
}

/** Work of reads and event streams, counted when given (tests check what a write costs). */
export interface ReadCounters {
  /** Whole values rendered from the tree (a read's body, a listener's full put). */
  valuesRendered: number;
  /** Rendered values serialised to JSON text. */
  valuesSerialized: number;
}

type ChangeEvent =
  | { kind: 'put'; path: Path; value: Node | null }
  | { kind: 'patch'; path: Path; data: Record<string, Json> };

export interface ReadResult {
  body: Json;
  /** Computed on demand (hashing the value costs as much as serialising it). */
  etag(): string;
  /** The compact JSON text of `body`, cached while the data is unchanged. */
  text(): string;
}

interface CachedRead {
  body: Json;
  /** The plain value (for the ETag), made on demand. */
  raw: () => unknown;
  etag?: string;
  text?: string;
}

const READ_CACHE_SIZE = 256;

/**
 * Locations one PATCH may update. Firebase documents no such count (only the size of a write),
 * but every location costs rules evaluations and SQLite rows; the shop's own PATCHes touch a
 * handful. 1,000 keeps the worst accepted PATCH to a few tens of milliseconds.
 */
export const DEFAULT_MAX_UPDATE_LOCATIONS = 1000;

export interface EngineLimits {
  maxUpdateLocations: number;
  /** Children a node a user writes may hold (src/limits.ts); none when absent. */
  nodeLimits?: readonly NodeLimit[];
}

export const tooManyLocations = (limit: number): HttpError =>
  badRequest(`Invalid data: too many update locations (more than ${limit} in one PATCH)`);

/** The database: one in-memory tree (the source of truth for reads and rules) backed by SQLite. */
export class DatabaseEngine {
  private root: DataNode;
  private readonly listeners = new Set<Listener>();
  /** Rendered reads of the current root; cleared on every commit (the root is immutable). */
  private readonly readCache = new Map<string, CachedRead>();
  /** Ordered indexes of queried locations, kept in step with commits (decision 5206). */
  private readonly queryIndexes = new QueryIndexes();

  constructor(
    private readonly store: Store,
    private readonly rules: RulesEngine,
    private readonly limits: EngineLimits = { maxUpdateLocations: DEFAULT_MAX_UPDATE_LOCATIONS },
    /** Incremented by writes when given (tests check the work they do). */
    private readonly counters?: UpdateCounters,
    /** Incremented by reads and listeners when given. */
    private readonly readCounters?: ReadCounters,
  ) {
    this.root = RulesEngine.emptyRoot(store.load());
  }

  valueAt(path: Path): unknown {
    return this.root.$child(path.join('/')).$value();
  }

  private nodeAt(path: Path): DataNode {
    return this.root.$child(path.join('/'));
  }

  seedIfEmpty(seed: { catalog: unknown; discounts: unknown }): boolean {
    // $isNull, not valueAt: that would copy a whole (possibly big) catalog at every start.
    if (!this.nodeAt(['catalog', 'products']).$isNull()) return false;
    const ctx = this.context(Date.now());
    const ops: WriteOp[] = [
      { path: ['catalog'], value: normalizeValue(seed.catalog, ['catalog'], ctx) },
      { path: ['discounts'], value: normalizeValue(seed.discounts, ['discounts'], ctx) },
    ];
    let root = this.root;
    for (const op of ops) root = root.$set(op.path.join('/'), op.value, undefined, ctx.now);
    this.store.apply(ops);
    this.queryIndexes.noteWrite(this.root, root, ops);
    this.root = root;
    this.readCache.clear();
    return true;
  }

  read(
    path: Path,
    principal: Principal,
    options: { query?: Query; shallow?: boolean } = {},
  ): ReadResult {
    if (!this.rules.canRead(this.root, principal, path.join('/'), options.query)) {
      throw permissionDenied();
    }
    const { query } = options;
    if (query?.orderBy.kind === 'child') this.rules.checkIndex(path, query.orderBy.path);
    return this.rendered(path, query, options.shallow ?? false);
  }

  /** The value at `path` as a read answers it (no rules check), cached per root. */
  private rendered(path: Path, query: Query | undefined, shallowKeys = false): ReadResult {
    const key = JSON.stringify([path, query ?? null, shallowKeys]);
    let entry = this.readCache.get(key);
    if (!entry) {
      const node = this.nodeAt(path);
      let body: Json;
      if (query) {
        // From the location's index: a page costs its children, not a copy and sort of them all.
        body = this.queryIndexes.answer(this.root, path, node, query);
      } else if (shallowKeys) {
        body = shallow(node.$value());
      } else {
        // Straight from the tree: targaryen's $value() builds a plain copy first, which cost
        // more than the rendering itself on 100,000 products.
        body = outputOf(node);
      }
      if (this.readCounters) this.readCounters.valuesRendered += 1;
      entry = { body, raw: () => node.$value() };
      if (this.readCache.size >= READ_CACHE_SIZE) this.readCache.clear();
      this.readCache.set(key, entry);
    }
    const cached = entry;
    const counters = this.readCounters;
    return {
      body: cached.body,
      etag: () => (cached.etag ??= etagOf(cached.raw())),
      text: () => {
        if (cached.text === undefined && counters) counters.valuesSerialized += 1;
        return (cached.text ??= JSON.stringify(cached.body));
      },
    };
  }

  /** PUT (and DELETE, as a PUT of null). Answers the stored value and its new ETag. */
  set(path: Path, input: unknown, principal: Principal, ifMatch?: string): ReadResult {
    const now = Date.now();
    const value = normalizeValue(input, path, this.context(now));
    const newRoot = this.rules.write(
      this.root,
      principal,
      path,
      value,
      now,
      this.counters,
      this.limitCheck([{ path, value }]),
    );
    if (!newRoot) throw permissionDenied();
    if (ifMatch !== undefined) this.checkIfMatch(path, principal, ifMatch);
    this.commit([{ path, value }], newRoot, { kind: 'put', path, value });
    const body = toOutput(value);
    return { body, etag: () => etagOf(value), text: () => JSON.stringify(body) };
  }

  /** POST: a child under a new time-ordered push id. */
  push(path: Path, input: unknown, principal: Principal): { name: string } {
    if (input === null) throw badRequest('Invalid data: POST needs a non-null value');
    checkDepth(path.length + 1);
    const name = generatePushId();
    this.set([...path, name], input, principal);
    return { name };
  }

  /** PATCH: a multi-location update, atomic (all locations or none). Answers the patch. */
  update(path: Path, input: unknown, principal: Principal): Record<string, Json> {
    if (!isObject(input)) throw badRequest('Invalid data: PATCH needs a JSON object');
    // Checked before any other work (the HTTP layer already counted them in the raw body).
    const keys = Object.keys(input);
    if (keys.length > this.limits.maxUpdateLocations) {
      throw tooManyLocations(this.limits.maxUpdateLocations);
    }
    const now = Date.now();
    const ctx = this.context(now);
    const entries = Object.entries(input).map(([key, raw]) => {
      const rel = parseRelativePath(key, `update location ${JSON.stringify(key)}`);
      const abs = [...path, ...rel];
      checkDepth(abs.length);
      return { key, path: abs, value: normalizeValue(raw, abs, ctx) };
    });
    const tree = locationTree(entries, path);
    if (entries.length === 0) {
      // Nothing to change, but the caller must still be allowed to write here.
      const current = this.valueAt(path) as Node | null;
      if (!this.rules.write(this.root, principal, path, current, now)) {
        throw permissionDenied();
      }
      return {};
    }
    const newRoot = this.rules.update(
      this.root,
      principal,
      tree,
      now,
      this.counters,
      this.limitCheck(entries),
    );
    if (!newRoot) throw permissionDenied();
    const data: Record<string, Json> = {};
    for (const e of entries) data[e.key] = toOutput(e.value);
    this.commit(entries, newRoot, { kind: 'patch', path, data });
    return data;
  }

  /** The node limits' check of a write (run before its rules; the admin's writes are not checked). */
  private limitCheck(
    writes: readonly { path: Path; value: Node | null }[],
  ): ((newRoot: DataNode) => void) | undefined {
    const limits = this.limits.nodeLimits;
    if (!limits || limits.length === 0) return undefined;
    const oldRoot = this.root;
    return (newRoot) => checkNodeLimits(limits, writes, oldRoot, newRoot);
  }

  private checkIfMatch(path: Path, principal: Principal, ifMatch: string): void {
    const current = this.valueAt(path);
    const etag = etagOf(current);
    if (etag === ifMatch) return;
    const readable = this.rules.canRead(this.root, principal, path.join('/'));
    throw new HttpError(
      412,
      'ETag mismatch',
      { ETag: etag },
      JSON.stringify(readable ? toOutput(current) : null),
    );
  }

  private context(now: number): NormalizeContext {
    return { now, current: (p) => this.valueAt(p) };
  }

  private commit(ops: WriteOp[], newRoot: DataNode, event: ChangeEvent): void {
    this.store.apply(ops); // durable before we answer; throws (and changes nothing) on failure
    const oldRoot = this.root;
    this.root = newRoot;
    this.queryIndexes.noteWrite(oldRoot, newRoot, ops);
    this.readCache.clear();
    this.notify(ops, event, oldRoot);
  }

  // ---- streaming -------------------------------------------------------------------------

  /** Starts a listener; throws 401 when the rules deny the read. Returns the unsubscribe. */
  subscribe(path: Path, query: Query | undefined, principal: Principal, sink: StreamSink) {
    // One serialisation, shared with reads and other listeners of the same value.
    const text = this.read(path, principal, query ? { query } : {}).text();
    const sent = query ? { text } : { node: this.nodeAt(path) };
    const listener: Listener = { path, query, principal, sink, sent };
    this.listeners.add(listener);
    sink.sendJson('put', putAtRoot(text));
    return () => {
      this.listeners.delete(listener);
    };
  }

  closeAllListeners(): void {
    for (const l of this.listeners) l.sink.end();
    this.listeners.clear();
  }

  /**
   * Tells every listener of a write what changed for it. A write at or below a listener's
   * location (without a query) becomes a put or patch of what was written, relative to the
   * listener: its cost follows the size of the write, not of the watched value (a listener on
   * 100,000 products must not re-render 60 MB per stock change). A write above the location,
   * and any change under a query, sends the whole value again, unless it is what was sent.
   */
  private notify(ops: readonly WriteOp[], event: ChangeEvent, oldRoot: DataNode): void {
    for (const l of [...this.listeners]) {
      try {
        const related = ops.filter((op) => isPrefix(l.path, op.path) || isPrefix(op.path, l.path));
        if (related.length === 0) continue;
        if (!this.rules.canRead(this.root, l.principal, l.path.join('/'), l.query)) {
          this.listeners.delete(l);
          l.sink.send('cancel', 'Permission denied');
          l.sink.end();
          continue;
        }
        if ('text' in l.sent) {
          const text = this.rendered(l.path, l.query).text();
          if (text === l.sent.text) continue;
          l.sent = { text };
          l.sink.sendJson('put', putAtRoot(text));
          continue;
        }
        const node = this.nodeAt(l.path);
        const previous = l.sent.node;
        l.sent = { node };
        if (related.every((op) => isPrefix(l.path, op.path))) {
          // Unchanged unless a written location changed: compare only those (Firebase sends
          // nothing for a write of the value already there).
          const changed = related.some((op) => {
            const at = op.path.join('/');
            return !sameData(oldRoot.$child(at), this.root.$child(at));
          });
          if (changed) sendDelta(l, related, event);
          continue;
        }
        if (sameData(previous, node)) continue;
        l.sink.sendJson('put', putAtRoot(this.rendered(l.path, undefined).text()));
      } catch {
        this.listeners.delete(l);
        l.sink.end();
      }
    }
  }
}

const putAtRoot = (json: string): string => `{"path":"/","data":${json}}`;
const relative = (base: Path, path: Path): string => '/' + path.slice(base.length).join('/');

/**
 * The event for a write whose locations (`related`, those that touch the listener) are all at or
 * below the listener's location: the write itself, relative to the listener.
 */
function sendDelta(l: Listener, related: readonly WriteOp[], event: ChangeEvent): void {
  if (isPrefix(l.path, event.path)) {
    const path = relative(l.path, event.path);
    if (event.kind === 'put') l.sink.send('put', { path, data: toOutput(event.value) });
    else l.sink.send('patch', { path, data: event.data });
    return;
  }
  // A PATCH above the listener whose locations under it are all at or below it: those
  // locations, as a patch of the listener's location (or a put, for the location itself).
  const own = related.find((op) => op.path.length === l.path.length);
  if (own) {
    l.sink.send('put', { path: '/', data: toOutput(own.value) });
    return;
  }
  const data: Record<string, Json> = {};
  for (const op of related) data[op.path.slice(l.path.length).join('/')] = toOutput(op.value);
  l.sink.send('patch', { path: '/', data });
}

/**
 * Whether two trees hold the same data. Shared branches are the same object (the tree is
 * immutable), so only the parts a write rebuilt are walked, and a difference stops the walk.
 */
export function sameData(a: DataNode, b: DataNode): boolean {
  if (a === b) return true;
  if (a.$isPrimitive() || b.$isPrimitive()) {
    return a.$isPrimitive() && b.$isPrimitive() && a.$value() === b.$value();
  }
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const key of keys) {
    const x = childOf(a, key);
    const y = childOf(b, key);
    if (!x || !y || !sameData(x, y)) return false;
  }
  return true;
}
