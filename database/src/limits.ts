// How many children a node a user writes may hold. The rules language has no way to count children
// (no `numChildren()` in Realtime Database rules, nor in targaryen), so this server keeps the count
// itself, as an extension of the rules file that is not deployed with it; on Firebase the same
// bound is kept by the basket's code and the order function (decision 1404). Checked for every
// write that is not the admin's, after the new tree is built (its cost is the children of the nodes
// the write touched) and before any rule is evaluated.
import type { DataNode } from 'targaryen';
import { HttpError } from './errors';
import type { Path } from './paths';
import { isObject, type Node } from './tree';

export interface NodeLimit {
  /** The node's path, `$name` matching any key: `users/anonymousTokens/$uid/anonymousCart/products`. */
  path: string;
  /** Children it may hold: a write leaving more (and more than before) is refused. */
  maxChildren: number;
  /** What it is, for the refusal's message: "a basket's lines". */
  what: string;
}

/**
 * A basket holds at most 50 lines: `BASKET_LINES_MAX` of @shop/shared (decision 1404), which this
 * package does not import; database/test/limits.test.ts holds the two (and the rules file) equal.
 */
export const BASKET_LINES_MAX = 50;

export const DEFAULT_NODE_LIMITS: readonly NodeLimit[] = [
  {
    path: 'users/anonymousTokens/$sessionUid/anonymousCart/products',
    maxChildren: BASKET_LINES_MAX,
    what: "a basket's lines",
  },
  {
    path: 'users/validated/$accountUid/userCart/products',
    maxChildren: BASKET_LINES_MAX,
    what: "a basket's lines",
  },
];

export const tooManyChildren = (limit: NodeLimit, path: Path, count: number): HttpError =>
  new HttpError(
    413,
    `Too many children: ${limit.what} may be at most ${limit.maxChildren} (this write would leave ` +
      `${count} at /${path.join('/')})`,
  );

const matches = (pattern: readonly string[], path: Path): boolean =>
  path.every((segment, i) => {
    const want = pattern[i] as string;
    return want.startsWith('$') || want === segment;
  });

const childCount = (node: DataNode): number =>
  node.$isPrimitive() || node.$isNull() ? 0 : Object.keys(node).length;

/** The nodes of `pattern` a value written at `at` (above them) holds: the value's own keys only. */
function nodesIn(value: Node | null, at: Path, rest: readonly string[], out: Path[]): void {
  if (rest.length === 0) {
    out.push(at);
    return;
  }
  if (!isObject(value)) return;
  const [head, ...tail] = rest as [string, ...string[]];
  const keys = head.startsWith('$') ? Object.keys(value) : head in value ? [head] : [];
  for (const key of keys)
    nodesIn((value as Record<string, Node>)[key] ?? null, [...at, key], tail, out);
}

/**
 * Throws 413 when a write (its locations and values) leaves a limited node with more children
 * than its limit and than it had before (a basket stored before the limit can still shrink).
 */
export function checkNodeLimits(
  limits: readonly NodeLimit[],
  writes: readonly { path: Path; value: Node | null }[],
  oldRoot: DataNode,
  newRoot: DataNode,
): void {
  for (const limit of limits) {
    const pattern = limit.path.split('/');
    const nodes = new Map<string, Path>();
    for (const write of writes) {
      const found: Path[] = [];
      if (write.path.length >= pattern.length) {
        const node = write.path.slice(0, pattern.length);
        if (matches(pattern, node)) found.push(node);
      } else if (matches(pattern, write.path)) {
        nodesIn(write.value, write.path, pattern.slice(write.path.length), found);
      }
      for (const node of found) nodes.set(node.join('/'), node);
    }
    for (const [key, node] of nodes) {
      const count = childCount(newRoot.$child(key));
      if (count > limit.maxChildren && count > childCount(oldRoot.$child(key))) {
        throw tooManyChildren(limit, node, count);
      }
    }
  }
}
