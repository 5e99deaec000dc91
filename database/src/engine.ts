import type { DataNode } from 'targaryen';
import type { Principal } from './auth';
import { badRequest, HttpError, permissionDenied } from './errors';
import { locationTree, type UpdateCounters } from './locations';
import { checkDepth, isPrefix, parseRelativePath, type Path } from './paths';
import { generatePushId } from './pushId';
import { RulesEngine } from './rules';
import type { Store, WriteOp } from './store';
import {
  applyQuery,
  etagOf,
  isObject,
  normalizeValue,
  shallow,
  stableStringify,
  toOutput,
  type Json,
  type Node,
  type NormalizeContext,
  type Query,
} from './tree';

export interface StreamSink {
  send(event: 'put' | 'patch' | 'cancel' | 'auth_revoked' | 'keep-alive', data: unknown): void;
  end(): void;
}

interface Listener {
  path: Path;
  query: Query | undefined;
  principal: Principal;
  sink: StreamSink;
  last: string;
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
  raw: unknown;
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
}

export const tooManyLocations = (limit: number): HttpError =>
  badRequest(`Invalid data: too many update locations (more than ${limit} in one PATCH)`);

/** The database: one in-memory tree (the source of truth for reads and rules) backed by SQLite. */
export class DatabaseEngine {
  private root: DataNode;
  private readonly listeners = new Set<Listener>();
  /** Rendered reads of the current root; cleared on every commit (the root is immutable). */
  private readonly readCache = new Map<string, CachedRead>();

  constructor(
    private readonly store: Store,
    private readonly rules: RulesEngine,
    private readonly limits: EngineLimits = { maxUpdateLocations: DEFAULT_MAX_UPDATE_LOCATIONS },
    /** Incremented by writes when given (tests check the work they do). */
    private readonly counters?: UpdateCounters,
  ) {
    this.root = RulesEngine.emptyRoot(store.load());
  }

  valueAt(path: Path): unknown {
    return this.root.$child(path.join('/')).$value();
  }

  seedIfEmpty(seed: { catalog: unknown; discounts: unknown }): boolean {
    if (this.valueAt(['catalog', 'products']) !== null) return false;
    const ctx = this.context(Date.now());
    const ops: WriteOp[] = [
      { path: ['catalog'], value: normalizeValue(seed.catalog, ['catalog'], ctx) },
      { path: ['discounts'], value: normalizeValue(seed.discounts, ['discounts'], ctx) },
    ];
    let root = this.root;
    for (const op of ops) root = root.$set(op.path.join('/'), op.value, undefined, ctx.now);
    this.store.apply(ops);
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
    const key = JSON.stringify([path, query ?? null, options.shallow ?? false]);
    let entry = this.readCache.get(key);
    if (!entry) {
      const raw = this.valueAt(path);
      const body = query ? applyQuery(raw, query) : options.shallow ? shallow(raw) : toOutput(raw);
      entry = { body, raw };
      if (this.readCache.size >= READ_CACHE_SIZE) this.readCache.clear();
      this.readCache.set(key, entry);
    }
    const cached = entry;
    return {
      body: cached.body,
      etag: () => (cached.etag ??= etagOf(cached.raw)),
      text: () => (cached.text ??= JSON.stringify(cached.body)),
    };
  }

  /** PUT (and DELETE, as a PUT of null). Answers the stored value and its new ETag. */
  set(path: Path, input: unknown, principal: Principal, ifMatch?: string): ReadResult {
    const now = Date.now();
    const value = normalizeValue(input, path, this.context(now));
    const newRoot = this.rules.write(this.root, principal, path, value, now, this.counters);
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
    const newRoot = this.rules.update(this.root, principal, tree, now, this.counters);
    if (!newRoot) throw permissionDenied();
    const data: Record<string, Json> = {};
    for (const e of entries) data[e.key] = toOutput(e.value);
    this.commit(entries, newRoot, { kind: 'patch', path, data });
    return data;
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
    this.root = newRoot;
    this.readCache.clear();
    this.notify(ops, event);
  }

  // ---- streaming -------------------------------------------------------------------------

  /** Starts a listener; throws 401 when the rules deny the read. Returns the unsubscribe. */
  subscribe(path: Path, query: Query | undefined, principal: Principal, sink: StreamSink) {
    const initial = this.read(path, principal, query ? { query } : {}).body;
    const listener: Listener = { path, query, principal, sink, last: stableStringify(initial) };
    this.listeners.add(listener);
    sink.send('put', { path: '/', data: initial });
    return () => {
      this.listeners.delete(listener);
    };
  }

  closeAllListeners(): void {
    for (const l of this.listeners) l.sink.end();
    this.listeners.clear();
  }

  private notify(ops: readonly WriteOp[], event: ChangeEvent): void {
    for (const l of [...this.listeners]) {
      try {
        const related = ops.some((op) => isPrefix(l.path, op.path) || isPrefix(op.path, l.path));
        if (!related) continue;
        if (!this.rules.canRead(this.root, l.principal, l.path.join('/'), l.query)) {
          this.listeners.delete(l);
          l.sink.send('cancel', 'Permission denied');
          l.sink.end();
          continue;
        }
        const raw = this.valueAt(l.path);
        const output = l.query ? applyQuery(raw, l.query) : toOutput(raw);
        const serialized = stableStringify(output);
        if (serialized === l.last) continue;
        l.last = serialized;
        if (!l.query && isPrefix(l.path, event.path)) {
          const rel = '/' + event.path.slice(l.path.length).join('/');
          if (event.kind === 'put') {
            l.sink.send('put', { path: rel, data: toOutput(event.value) });
          } else {
            l.sink.send('patch', { path: rel, data: event.data });
          }
        } else {
          l.sink.send('put', { path: '/', data: output });
        }
      } catch {
        this.listeners.delete(l);
        l.sink.end();
      }
    }
  }
}
