import type { DataNode } from 'targaryen';
import { childOf } from './locations';
import { isPrefix, type Path } from './paths';
import type { WriteOp } from './store';
import {
  compareKeys,
  compareValues,
  objectOutput,
  type Json,
  type OrderBy,
  type Query,
} from './tree';

/**
 * Ordered queries answered from an index (decision 5206): per (location, orderBy) the children's
 * `[sort value, key]` in Firebase order, kept in step with writes, so a query costs a binary
 * search and its page, not a sort of the node. `applyQuery` in tree.ts remains the definition of
 * the answer; tests compare the two on random data.
 */

/** `toOutput` of a node's value, read from the tree (no plain copy of it first). */
export function outputOf(node: DataNode): Json {
  if (node.$isPrimitive()) return (node.$value() ?? null) as Json;
  return objectOutput(Object.keys(node), (key) => outputOf(childOf(node, key) as DataNode));
}

/** Any object child: `compareValues` ranks every object alike, after strings. */
const OBJECT: object = Object.freeze({});
type SortValue = null | boolean | number | string | object;

interface Entry {
  readonly key: string;
  readonly value: SortValue;
  /** The key as a 32-bit integer, or null: told once, not in every comparison (see sortKeys). */
  readonly int: number | null;
}

const INT32_KEY = /^-?(0|[1-9][0-9]{0,9})$/;
const asInt32 = (key: string): number | null => {
  if (!INT32_KEY.test(key)) return null;
  const n = Number(key);
  return n >= -2147483648 && n <= 2147483647 ? n : null;
};

/** `compareKeys` of two entries' keys, with their integer forms already known. */
function compareEntryKeys(a: Entry, b: Entry): number {
  if (a.int !== null && b.int !== null) {
    return a.int - b.int || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
  }
  if (a.int !== null) return -1;
  if (b.int !== null) return 1;
  return a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
}

/** What a child sorts by: a primitive, null when missing, OBJECT for any object. */
function sortValueOf(child: DataNode, orderBy: OrderBy): SortValue {
  let node: DataNode | undefined = child;
  if (orderBy.kind === 'priority') return null; // priorities are not stored (decision 0003)
  if (orderBy.kind === 'child') {
    for (const step of orderBy.path) {
      node = node.$isPrimitive() ? undefined : childOf(node, step);
      if (!node) return null;
    }
  }
  if (!node.$isPrimitive()) return OBJECT;
  return (node.$value() ?? null) as SortValue;
}

const entryOf = (key: string, child: DataNode, orderBy: OrderBy): Entry => ({
  key,
  value: orderBy.kind === 'key' ? key : sortValueOf(child, orderBy),
  int: asInt32(key),
});

/** Changed children moved one by one (a binary search and a splice each); more are merged. */
const MAX_SPLICED = 16;

/** The children of an object node, sorted as applyQuery sorts them. */
class OrderedIndex {
  private entries: Entry[] = [];
  /** Keys written under the node since `node` (null: unknown, compare every child). */
  private pending: Set<string> | null = new Set();

  constructor(
    private node: DataNode,
    private readonly orderBy: OrderBy,
  ) {
    this.sortAll();
  }

  private sortAll(): void {
    const { node, orderBy } = this;
    this.entries = Object.keys(node).map((key) =>
      entryOf(key, childOf(node, key) as DataNode, orderBy),
    );
    this.entries.sort((a, b) => this.compare(a, b));
  }

  get size(): number {
    return this.entries.length;
  }

  private compare(a: Entry, b: Entry): number {
    if (this.orderBy.kind === 'key') return compareEntryKeys(a, b);
    return compareValues(a.value, b.value) || compareEntryKeys(a, b);
  }

  /** A query bound against an entry, as applyQuery's filters compare them. */
  private compareBound(entry: Entry, bound: Json): number {
    return this.orderBy.kind === 'key'
      ? compareKeys(entry.key, String(bound))
      : compareValues(entry.value, bound);
  }

  /** The first position whose entry is not before `isBefore`'s boundary (binary search). */
  private firstNotBefore(isBefore: (entry: Entry) => boolean): number {
    let lo = 0;
    let hi = this.entries.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (isBefore(this.entries[mid] as Entry)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private remove(entry: Entry): void {
    const at = this.firstNotBefore((e) => this.compare(e, entry) < 0);
    const found = this.entries[at];
    if (!found || found.key !== entry.key) throw new Error('query index out of step');
    this.entries.splice(at, 1);
  }

  private insert(entry: Entry): void {
    this.entries.splice(
      this.firstNotBefore((e) => this.compare(e, entry) < 0),
      0,
      entry,
    );
  }

  noteWrittenKey(key: string): void {
    this.pending?.add(key);
    // Past a fraction of the node, one pass over every child is as cheap as the keys one by one.
    if (this.pending && this.pending.size > 64 + this.entries.length / 8) this.pending = null;
  }

  noteReplaced(): void {
    this.pending = null;
  }

  /**
   * Brings the index to `node` (the same location in a later tree). The tree is immutable with
   * shared branches, so a child that no write touched is the same object as before: the written
   * keys (or, when unknown, every key) are compared by identity and only those that changed are
   * moved, each by a binary search.
   */
  update(node: DataNode): 'same' | 'patched' | 'resorted' {
    if (node === this.node) return 'same';
    const keys = this.pending ? [...this.pending] : this.changedKeys(node);
    this.pending = new Set();
    const changed = keys.filter((key) => childOf(this.node, key) !== childOf(node, key));
    if (changed.length > 64 + this.entries.length / 8) {
      this.node = node;
      this.sortAll();
      return 'resorted';
    }
    if (changed.length <= MAX_SPLICED) {
      for (const key of changed) {
        const before = childOf(this.node, key);
        const after = childOf(node, key);
        if (before) this.remove(entryOf(key, before, this.orderBy));
        if (after) this.insert(entryOf(key, after, this.orderBy));
      }
    } else {
      this.mergeChanged(changed, node);
    }
    this.node = node;
    return 'patched';
  }

  /**
   * Many changed children at once: each splice moves the array (100,000 entries: ~0.1 ms), so
   * past a few they are dropped in one pass and their new entries, sorted, merged in another.
   */
  private mergeChanged(changed: string[], node: DataNode): void {
    const drop = new Set(changed);
    const added: Entry[] = [];
    for (const key of changed) {
      const after = childOf(node, key);
      if (after) added.push(entryOf(key, after, this.orderBy));
    }
    added.sort((a, b) => this.compare(a, b));
    const merged: Entry[] = [];
    let next = 0;
    for (const entry of this.entries) {
      if (drop.has(entry.key)) continue;
      while (next < added.length && this.compare(added[next] as Entry, entry) < 0) {
        merged.push(added[next++] as Entry);
      }
      merged.push(entry);
    }
    while (next < added.length) merged.push(added[next++] as Entry);
    this.entries = merged;
  }

  /** Keys whose child is not the same object in `node` (added, removed or rewritten). */
  private changedKeys(node: DataNode): string[] {
    const changed: string[] = [];
    for (const key of Object.keys(node)) {
      if (childOf(this.node, key) !== childOf(node, key)) changed.push(key);
    }
    for (const key of Object.keys(this.node)) {
      if (!childOf(node, key)) changed.push(key);
    }
    return changed;
  }

  /** The query's answer: bounds by binary search, limits as positions, only the page rendered. */
  answer(query: Query): Json {
    let lo = 0;
    let hi = this.entries.length;
    // applyQuery's filters, each a range: equalTo (both ends), startAt, endAt.
    for (const from of [query.equalTo, query.startAt]) {
      if (from === undefined) continue;
      lo = Math.max(
        lo,
        this.firstNotBefore((e) => this.compareBound(e, from) < 0),
      );
    }
    for (const to of [query.equalTo, query.endAt]) {
      if (to === undefined) continue;
      hi = Math.min(
        hi,
        this.firstNotBefore((e) => this.compareBound(e, to) <= 0),
      );
    }
    hi = Math.max(lo, hi);
    if (query.limitToFirst !== undefined) hi = Math.min(hi, lo + query.limitToFirst);
    if (query.limitToLast !== undefined) lo = Math.max(lo, hi - query.limitToLast);
    const out: { [key: string]: Json } = {};
    for (let i = lo; i < hi; i++) {
      const { key } = this.entries[i] as Entry;
      out[key] = outputOf(childOf(this.node, key) as DataNode);
    }
    return out;
  }
}

/** Nodes with fewer children are sorted per query and not kept: it costs less than an entry. */
export const MIN_INDEXED_CHILDREN = 64;
/** The indexes kept, least recently queried dropped first (each holds one entry per child). */
export const MAX_INDEXES = 32;

interface Slot {
  path: Path;
  index: OrderedIndex;
}

/** The engine's ordered indexes, one per queried (location, orderBy), bounded by an LRU. */
export class QueryIndexes {
  /** In least- to most-recently-used order (a Map keeps insertion order). */
  private readonly slots = new Map<string, Slot>();
  /** The root whose writes the indexes have been told of. */
  private root: DataNode | undefined;

  /** Work done, counted for tests and benches. */
  readonly counters = { built: 0, reused: 0, patched: 0, resorted: 0 };

  /** Records a commit: which children of each indexed location the write may have changed. */
  noteWrite(oldRoot: DataNode, newRoot: DataNode, ops: readonly WriteOp[]): void {
    if (oldRoot !== this.root) this.forgetWrites();
    this.root = newRoot;
    for (const { path, index } of this.slots.values()) {
      for (const op of ops) {
        if (op.path.length > path.length && isPrefix(path, op.path)) {
          index.noteWrittenKey(op.path[path.length] as string);
        } else if (isPrefix(op.path, path)) {
          index.noteReplaced();
        }
      }
    }
  }

  /** Every index compares all children at its next query (a root came that no write announced). */
  private forgetWrites(): void {
    for (const { index } of this.slots.values()) index.noteReplaced();
  }

  /** The answer to an ordered query of `node`, the value at `path` in `root`. */
  answer(root: DataNode, path: Path, node: DataNode, query: Query): Json {
    if (root !== this.root) {
      this.forgetWrites();
      this.root = root;
    }
    const id = JSON.stringify([path, query.orderBy]);
    const slot = this.slots.get(id);
    if (node.$isPrimitive()) {
      this.slots.delete(id);
      return outputOf(node);
    }
    if (slot) {
      const how = slot.index.update(node);
      if (how !== 'same') this.counters[how] += 1;
      this.slots.delete(id); // re-inserted: most recently used
      this.slots.set(id, slot);
      this.counters.reused += 1;
      return slot.index.answer(query);
    }
    const index = new OrderedIndex(node, query.orderBy);
    this.counters.built += 1;
    if (index.size >= MIN_INDEXED_CHILDREN) {
      this.slots.set(id, { path, index });
      if (this.slots.size > MAX_INDEXES) this.slots.delete(this.slots.keys().next().value!);
    }
    return index.answer(query);
  }
}
