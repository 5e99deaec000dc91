import type { DataNode } from 'targaryen';
import { badRequest } from './errors';
import type { Path } from './paths';
import type { Node } from './tree';

/**
 * The locations of a multi-location update as a tree of their path segments. Every operation on
 * an update (the overlap check, building the new root, evaluating the rules) walks this tree once,
 * so an ancestor shared by many locations is handled once instead of once per location.
 */
export interface LocationNode {
  readonly children: Map<string, LocationNode>;
  /** Set on the node of a location: the value written there (null deletes). */
  location?: { value: Node | null };
}

/** Work done by an update, counted so tests can check it grows linearly with the locations. */
export interface UpdateCounters {
  /** `.write`/`.validate` rules evaluated. */
  ruleEvaluations: number;
  /** Child links copied into rebuilt nodes of the tree. */
  nodesCopied: number;
}

const display = (path: Path): string => path.join('/');

/**
 * Builds the tree; refuses locations that overlap (one containing another, or equal), naming
 * them relative to `base` (the PATCH's location), as the client wrote them.
 */
export function locationTree(
  locations: Iterable<{ path: Path; value: Node | null }>,
  base: Path = [],
): LocationNode {
  const overlap = (outer: Path, inner: Path): Error =>
    badRequest(
      `Invalid data: update locations overlap ("${display(outer.slice(base.length))}" contains "${display(inner.slice(base.length))}")`,
    );
  const root: LocationNode = { children: new Map() };
  for (const { path, value } of locations) {
    let node = root;
    for (let i = 0; i < path.length; i++) {
      const key = path[i] as string;
      if (node.location) throw overlap(path.slice(0, i), path);
      let child = node.children.get(key);
      if (!child) {
        child = { children: new Map() };
        node.children.set(key, child);
      }
      node = child;
    }
    if (node.location || node.children.size > 0)
      throw overlap(path, firstLocationBelow(node, path));
    node.location = { value };
  }
  return root;
}

function firstLocationBelow(node: LocationNode, path: Path): Path {
  let current = node;
  const out = [...path];
  while (!current.location) {
    const next = current.children.entries().next().value;
    if (!next) break;
    out.push(next[0]);
    current = next[1];
  }
  return out;
}

/**
 * targaryen 3.1's DataNode internals, read off a node: its prototype and the symbols under which
 * it keeps its primitive value and its priority (module-private in targaryen's store.js).
 */
interface DataNodeInternals {
  proto: object;
  value: symbol;
  priority: symbol;
}
let internals: DataNodeInternals | undefined;

function internalsOf(node: DataNode): DataNodeInternals {
  if (internals) return internals;
  const symbols = Object.getOwnPropertySymbols(node);
  const value = symbols.find((s) => s.description === '.value');
  const priority = symbols.find((s) => s.description === '.priority');
  if (!value || !priority) throw new Error('targaryen DataNode internals not found (not 3.1?)');
  internals = { proto: Object.getPrototypeOf(node) as object, value, priority };
  return internals;
}

/**
 * An empty object node of targaryen's DataNode class (no priority, no primitive value), to be
 * filled with children and frozen, as targaryen's constructor does.
 */
function blankObjectNode(sample: DataNode): Record<string | symbol, unknown> {
  const { proto, value, priority } = internalsOf(sample);
  const node = Object.create(proto) as Record<string | symbol, unknown>;
  node[priority] = undefined; // targaryen's from() gives rebuilt nodes no priority either
  node[value] = undefined;
  return node;
}

/** A DataNode's child (targaryen 3.1 keeps children as own enumerable properties). */
export const childOf = (node: DataNode, key: string): DataNode | undefined =>
  Object.prototype.hasOwnProperty.call(node, key)
    ? (node as unknown as Record<string, DataNode>)[key]
    : undefined;

/**
 * The new root with every location of the tree written at once. Each node on the way to a
 * location is rebuilt once (its children copied once), so the cost is the number of locations
 * plus the children of their ancestors — not, as with one `$set` per location, the number of
 * locations times the siblings they share.
 */
export function mergeLocations(
  root: DataNode,
  tree: LocationNode,
  build: (value: unknown) => DataNode,
  counters?: UpdateCounters,
): DataNode {
  const rebuild = (current: DataNode, node: LocationNode): DataNode => {
    if (node.location) return build(node.location.value);
    // DataNode keeps its children as own enumerable properties (a primitive has none).
    const existing = current.$isPrimitive() ? [] : Object.keys(current);
    if (counters) counters.nodesCopied += existing.length + node.children.size;
    // Built directly rather than by targaryen's constructor, which checks and converts every
    // child again and copies the object twice (in `DataNode.from`): the existing children were
    // checked when they were built, so on a node of 100,000 products a write now copies 100,000
    // links once. The result is the same: children in targaryen's order (existing ones in place,
    // new ones after), null children dropped, a node left without children null (Firebase
    // removes emptied parents), frozen.
    const copy = blankObjectNode(current);
    for (const key of existing) copy[key] = childOf(current, key);
    let count = existing.length;
    for (const [key, child] of node.children) {
      const before = childOf(current, key);
      const after = rebuild(before ?? build(null), child);
      if (!after.$isNull()) {
        copy[key] = after;
        if (!before) count += 1;
      } else if (before) {
        delete copy[key];
        count -= 1;
      }
    }
    return count === 0 ? build(null) : (Object.freeze(copy) as unknown as DataNode);
  };
  return rebuild(root, tree);
}
