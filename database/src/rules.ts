import { readFileSync } from 'node:fs';
import targaryen, {
  type DataNode,
  type Rule,
  type Ruleset,
  type RulesetNode,
  type TargaryenQuery,
} from 'targaryen';
import type { Principal } from './auth';
import { badRequest } from './errors';
import { locationTree, mergeLocations, type LocationNode, type UpdateCounters } from './locations';
import type { Path } from './paths';
import { compileRule, RuleDataSnapshot } from './ruleEvaluator';
import { isObject, type Node, type Query } from './tree';

/**
 * Security rules, evaluated by targaryen against the in-memory tree (targaryen's immutable
 * DataNode, shared structurally between versions, so a write builds a new root in O(depth)).
 */
export class RulesEngine {
  private readonly ruleset: Ruleset;

  constructor(private readonly definition: { rules: Record<string, unknown> }) {
    this.ruleset = targaryen.ruleset(definition);
  }

  static fromFile(path: string): RulesEngine {
    const text = readFileSync(path, 'utf8');
    return new RulesEngine(JSON.parse(text) as { rules: Record<string, unknown> });
  }

  static emptyRoot(value: Node | null): DataNode {
    return targaryen.store(value);
  }

  private db(root: DataNode, principal: Principal, now: number) {
    const auth = principal.kind === 'user' ? principal.auth : null;
    return targaryen.database(this.ruleset, root, now).as(auth);
  }

  canRead(root: DataNode, principal: Principal, path: string, query?: Query): boolean {
    if (principal.kind === 'admin') return true;
    const now = Date.now();
    return this.db(root, principal, now).read(path, { now, query: toTargaryenQuery(query) })
      .allowed;
  }

  /**
   * A write of one location (PUT, POST, DELETE): an update of that location alone, which is what
   * targaryen's `write` evaluates too, except that a denied write stops at the first failing rule
   * instead of validating everything below it (a 1 MiB PUT of 100 000 keys took seconds to deny).
   * Returns the new root, or null when the rules deny the write.
   */
  write(
    root: DataNode,
    principal: Principal,
    path: Path,
    value: Node | null,
    now: number,
    counters?: UpdateCounters,
    beforeRules?: (newRoot: DataNode) => void,
  ): DataNode | null {
    return this.update(
      root,
      principal,
      locationTree([{ path, value }]),
      now,
      counters,
      beforeRules,
    );
  }

  /**
   * A multi-location update, evaluated as one operation: all locations are written at once, then
   * every location must be allowed on that new data (as targaryen's `update` and Firebase do).
   * Returns the new root, or null when the rules deny any location.
   *
   * targaryen's own `update` costs time in the square of the locations (one `$set` per location,
   * each copying the siblings it shares with the others; one rules pass per location from the
   * root, re-evaluating every shared ancestor; the logs of every pass concatenated). Here the new
   * root is built in one pass over the location tree and the rules are evaluated in one pass
   * over it, with targaryen's `tryWrite` semantics: each rule on the way to a location is
   * evaluated once for all the locations below it. `beforeRules` sees the new root before any rule
   * is evaluated (and may throw to refuse the write: the node limits, src/limits.ts).
   */
  update(
    root: DataNode,
    principal: Principal,
    tree: LocationNode,
    now: number,
    counters?: UpdateCounters,
    beforeRules?: (newRoot: DataNode) => void,
  ): DataNode | null {
    const newRoot = mergeLocations(
      root,
      tree,
      (value) => targaryen.store(value, { now }),
      counters,
    );
    if (principal.kind === 'admin') return newRoot;
    beforeRules?.(newRoot);
    const auth = principal.kind === 'user' ? principal.auth : null;
    return checkUpdate(this.ruleset.root, root, newRoot, auth, now, tree, counters)
      ? newRoot
      : null;
  }

  /** Enforces `.indexOn` for orderBy=<child> the way Firebase's REST API does. */
  checkIndex(path: readonly string[], childPath: readonly string[]): void {
    let node: unknown = this.definition.rules;
    for (const key of path) {
      if (!isObject(node)) {
        node = undefined;
        break;
      }
      const wildcard = Object.keys(node).find((k) => k.startsWith('$'));
      node = key in node ? node[key] : wildcard ? node[wildcard] : undefined;
    }
    const indexOn = isObject(node) ? node['.indexOn'] : undefined;
    const indexes = typeof indexOn === 'string' ? [indexOn] : Array.isArray(indexOn) ? indexOn : [];
    const wanted = childPath.join('/');
    if (!indexes.includes(wanted)) {
      throw badRequest(
        `Index not defined, add ".indexOn": "${wanted}", for path "/${path.join('/')}", to the rules`,
      );
    }
  }
}

/**
 * targaryen 3.1's `Ruleset#tryWrite`, for all the locations of an update in one walk of their
 * tree. For each location, from the root down to it: `.write` rules are evaluated until one
 * grants, `.validate` rules wherever the new data exists, and the walk stops once granted where
 * the new data does not exist; then every `.validate` below the location on the new data. A rule
 * that throws fails. Every location must be granted and every `.validate` pass.
 *
 * The rules are compiled (src/ruleEvaluator.ts) and the snapshots `data` and `newData` of each
 * node are taken one key down from its parent's, as the walk goes (no path is parsed nor walked
 * again from the root).
 */
function checkUpdate(
  rulesRoot: RulesetNode,
  root: DataNode,
  newRoot: DataNode,
  auth: unknown,
  now: number,
  tree: LocationNode,
  counters: UpdateCounters | undefined,
): boolean {
  const rootSnapshot = RuleDataSnapshot.of(root);
  /** undefined when there is no rule (it then neither grants nor fails). */
  const evaluate = (
    rule: Rule | null,
    data: RuleDataSnapshot,
    newData: RuleDataSnapshot,
    wildchildren: Record<string, string>,
  ): boolean | undefined => {
    if (!rule) return undefined;
    if (counters) counters.ruleEvaluations += 1;
    const state = { root: rootSnapshot, auth, now, ...wildchildren, data, newData };
    try {
      return compileRule(rule).evaluate(state) === true;
    } catch {
      return false;
    }
  };

  const validateBelow = (
    data: RuleDataSnapshot,
    newData: RuleDataSnapshot,
    rules: RulesetNode,
    wildchildren: Record<string, string>,
  ): boolean => {
    const node = newData.node;
    if (node.$isPrimitive()) return true;
    for (const key of Object.keys(node)) {
      const next = rules.$child(key, wildchildren);
      if (!next) continue; // no rules below: nothing to validate on that branch
      const childData = data.childKey(key);
      const childNew = newData.childKey(key);
      const rule = next.rules.$validate;
      if (evaluate(rule, childData, childNew, next.wildchildren) === false) return false;
      if (!validateBelow(childData, childNew, next.rules, next.wildchildren)) return false;
    }
    return true;
  };

  const visit = (
    node: LocationNode,
    data: RuleDataSnapshot,
    newData: RuleDataSnapshot,
    rules: RulesetNode,
    wildchildren: Record<string, string>,
    grantedAbove: boolean,
  ): boolean => {
    const exists = newData.exists();
    if (grantedAbove && !exists) return true;
    const granted = grantedAbove || evaluate(rules.$write, data, newData, wildchildren) === true;
    if (exists && evaluate(rules.$validate, data, newData, wildchildren) === false) return false;
    if (node.location) {
      if (!granted) return false;
      return !exists || validateBelow(data, newData, rules, wildchildren);
    }
    for (const [key, child] of node.children) {
      const next = rules.$child(key, wildchildren);
      if (!next) {
        // No rules further down: nothing else is evaluated for the locations below.
        if (!granted) return false;
        continue;
      }
      const childData = data.childKey(key);
      const childNew = newData.childKey(key);
      if (!visit(child, childData, childNew, next.rules, next.wildchildren, granted)) return false;
    }
    return true;
  };

  return visit(tree, rootSnapshot, RuleDataSnapshot.of(newRoot), rulesRoot, {}, false);
}

function toTargaryenQuery(query: Query | undefined): TargaryenQuery | undefined {
  if (!query) return undefined;
  const out: TargaryenQuery = {};
  switch (query.orderBy.kind) {
    case 'key':
      out.orderByKey = true;
      break;
    case 'value':
      out.orderByValue = true;
      break;
    case 'priority':
      out.orderByPriority = true;
      break;
    case 'child':
      out.orderByChild = query.orderBy.path.join('/');
      break;
  }
  for (const k of ['startAt', 'endAt', 'equalTo', 'limitToFirst', 'limitToLast'] as const) {
    if (query[k] !== undefined && query[k] !== null) (out as Record<string, unknown>)[k] = query[k];
  }
  return out;
}
