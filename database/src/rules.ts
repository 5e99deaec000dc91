import { readFileSync } from 'node:fs';
import targaryen, { type DataNode, type Ruleset, type TargaryenQuery } from 'targaryen';
import type { Principal } from './auth';
import { badRequest } from './errors';
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

  /** Returns the new root, or null when the rules deny the write. */
  write(
    root: DataNode,
    principal: Principal,
    path: string,
    value: Node | null,
    now: number,
  ): DataNode | null {
    if (principal.kind === 'admin') return root.$set(path, value, undefined, now);
    const result = this.db(root, principal, now).write(path, value, { now });
    return result.allowed ? result.newDatabase.root : null;
  }

  /** A multi-location update, evaluated as one operation (every location must be allowed). */
  update(
    root: DataNode,
    principal: Principal,
    path: string,
    patch: Record<string, Node | null>,
    now: number,
  ): DataNode | null {
    if (principal.kind === 'admin') return root.$merge(path, patch, now);
    const result = this.db(root, principal, now).update(path, patch, { now });
    return result.allowed ? result.newDatabase.root : null;
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
