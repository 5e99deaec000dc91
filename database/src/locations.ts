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
    const copy: Record<string, DataNode> = {};
    const existing = current.$isPrimitive() ? [] : Object.keys(current);
    for (const key of existing) copy[key] = current.$child(key);
    for (const [key, child] of node.children) copy[key] = rebuild(current.$child(key), child);
    if (counters) counters.nodesCopied += existing.length + node.children.size;
    // Children that became null are dropped, and a node left without children becomes null,
    // as Firebase removes emptied parents.
    return build(copy);
  };
  return rebuild(root, tree);
}
