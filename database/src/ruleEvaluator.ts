import targaryen, { type DataNode, type Rule, type RuleExpressionNode } from 'targaryen';
import { childOf } from './locations';

/**
 * The rules' evaluation for writes (docs/decisions/3902-compiled-write-rules.md): each rule that
 * targaryen parsed and type-checked is compiled once into closures with targaryen 3.1's runtime
 * semantics (the same operators, the same type checks that make a rule fail, the same string
 * methods), evaluated on snapshots that hold their node instead of a path walked again from the
 * root at every `val()` or `exists()`, and a sub-expression written more than once in one rule
 * (the colour rule's `newData.parent().child('id').val()`, eight times) is computed once per
 * evaluation. Rules have no variables nor side effects, so the same text means the same value
 * within one evaluation. Reads still go through targaryen.
 */

/** A rule's variables: root, data, newData, auth, now and the wildchildren ($lineKey…). */
export type RuleState = Record<string, unknown>;
type Evaluate = (state: RuleState, memo: unknown[]) => unknown;

export interface CompiledRule {
  /** The rule's value (a rule grants or validates only when it is `true`); throws on errors. */
  evaluate(state: RuleState): unknown;
}

const UNSET = Symbol('unset');

/** The node of a location without data (immutable, so one serves every snapshot). */
const NULL_NODE: DataNode = targaryen.store(null);

/**
 * A snapshot of one node of a tree (`root`, `data`, `newData` and what their methods answer),
 * with the methods targaryen's `RuleDataSnapshot` has and the same answers. A child is looked up
 * among the node's own keys (targaryen's `parent[key]` also found inherited properties such as
 * `constructor`, whose use then threw: the rule failed either way).
 */
export class RuleDataSnapshot {
  private constructor(
    /** The node (read by the walk of an update; the rules' type check lets no rule read it). */
    readonly node: DataNode,
    private readonly up: RuleDataSnapshot | null,
  ) {}

  static of(root: DataNode): RuleDataSnapshot {
    return new RuleDataSnapshot(root, null);
  }

  /** The child at one key (no path parsing: the walk of an update knows its keys). */
  childKey(key: string): RuleDataSnapshot {
    return new RuleDataSnapshot(childOf(this.node, key) ?? NULL_NODE, this);
  }

  val(): unknown {
    return this.node.$value();
  }

  getPriority(): unknown {
    return this.node.$priority() ?? null;
  }

  exists(): boolean {
    return !this.node.$isNull();
  }

  child(childPath: unknown): RuleDataSnapshot {
    if (typeof childPath !== 'string') throw new Error(`${String(childPath)} should be a string.`);
    // As targaryen: slashes at either end are ignored, an empty path is a node without data.
    const trimmed = trimSlashes(childPath);
    if (!trimmed) return new RuleDataSnapshot(NULL_NODE, this);
    return trimmed.split('/').reduce<RuleDataSnapshot>((snap, key) => snap.childKey(key), this);
  }

  parent(): RuleDataSnapshot {
    if (!this.up) throw new Error('This node if the database root and has no parent.');
    return this.up;
  }

  hasChild(path: unknown): boolean {
    if (typeof path !== 'string') throw new Error(`${String(path)} should be a string.`);
    return Boolean(path) && this.child(path).exists();
  }

  hasChildren(names?: unknown): boolean {
    if (!names) return !this.node.$isPrimitive() && Object.keys(this.node).length > 0;
    const list = names as unknown[];
    if (!list.length) throw new Error('`hasChildren()` requires a non empty array.');
    return list.every((path) => this.hasChild(path));
  }

  // A node with children is never a number, string or boolean: no copy of its value is made.
  isNumber(): boolean {
    return this.node.$isPrimitive() && typeof this.node.$value() === 'number';
  }

  isString(): boolean {
    return this.node.$isPrimitive() && typeof this.node.$value() === 'string';
  }

  isBoolean(): boolean {
    return this.node.$isPrimitive() && typeof this.node.$value() === 'boolean';
  }
}

const trimSlashes = (path: string): string => {
  let start = 0;
  let end = path.length;
  while (start < end && path.charCodeAt(start) === 47) start += 1;
  while (end > start && path.charCodeAt(end - 1) === 47) end -= 1;
  return start === 0 && end === path.length ? path : path.slice(start, end);
};

/** targaryen's `types.from`: the type names its runtime checks compare. */
function typeOf(value: unknown): string {
  if (value === null) return 'null';
  const type = typeof value;
  return type === 'object' ? (value as object).constructor.name : type;
}

const fail = (node: RuleExpressionNode, msg: string): Error =>
  new Error(`${node.original}: ${msg}`);

/** targaryen's string methods (lib/parser/string-methods.js): what differs from JavaScript's. */
const stringMethods: Record<string, (str: string, ...args: unknown[]) => unknown> = {
  contains(str, substr) {
    if (typeof substr !== 'string') throw new Error(`${String(substr)} is not a string.`);
    return str.indexOf(substr) !== -1;
  },
  beginsWith(str, substr) {
    if (typeof substr !== 'string') throw new Error(`${String(substr)} is not a string.`);
    return str.indexOf(substr) === 0;
  },
  endsWith(str, substr) {
    if (typeof substr !== 'string') throw new Error(`${String(substr)} is not a string.`);
    return str.indexOf(substr) + substr.length === str.length;
  },
  // Every occurrence, literally (targaryen builds an escaped global RegExp per call for it).
  replace(str, substr, replacement) {
    if (typeof substr !== 'string' || typeof replacement !== 'string') {
      throw new Error(`${String(substr)} is not a string.`);
    }
    return str.replaceAll(substr, () => replacement);
  },
  matches(str, regex) {
    return (regex as RegExp).test(str);
  },
};
const isStringMethod = (key: string): boolean => Object.hasOwn(stringMethods, key);

/** targaryen's MemberNode#evaluateWith, for a property read (not called). */
function member(object: unknown, key: string): unknown {
  if (typeof object === 'string' && isStringMethod(key)) {
    const method = stringMethods[key] as (str: string, ...args: unknown[]) => unknown;
    return (...args: unknown[]) => method(object, ...args);
  }
  const property = object == null ? null : (object as Record<string, unknown>)[key];
  if (property === undefined) return null;
  if (typeof property !== 'function') return property;
  return (property as (...args: unknown[]) => unknown).bind(object);
}

/** targaryen's MemberNode + CallNode for `object.key(args)`, without binding a function. */
function call(node: RuleExpressionNode, object: unknown, key: string, args: unknown[]): unknown {
  if (typeof object === 'string' && isStringMethod(key)) {
    return (stringMethods[key] as (str: string, ...args: unknown[]) => unknown)(object, ...args);
  }
  const property = object == null ? null : (object as Record<string, unknown>)[key];
  if (typeof property !== 'function') {
    throw fail(node, `"${String(property ?? null)}" is not a function or method`);
  }
  return (property as (...args: unknown[]) => unknown).apply(object, args);
}

const ADDITION = new Set(['string', 'number']);
const ARITHMETIC = new Set(['number']);
const EQUALITY = new Set(['string', 'number', 'boolean', 'null', 'Object']);
const COMPARISON = new Set(['string', 'number', 'null']);

/** targaryen's check of a binary operator's operands (a rule whose operands are not allowed fails). */
function checkOperands(
  node: RuleExpressionNode,
  lType: string,
  rType: string,
  allowed: Set<string>,
  sameType = false,
): void {
  const operator = String(node.astNode.operator);
  if (!allowed.has(lType)) throw fail(node, `Left operand of ${operator} is not allowed`);
  if (!allowed.has(rType)) throw fail(node, `Right operand of ${operator} is not allowed`);
  if (sameType && lType !== rType) throw fail(node, 'Left and right sides types are different.');
}

function binary(node: RuleExpressionNode, left: unknown, right: unknown): unknown {
  const lType = typeOf(left);
  const rType = typeOf(right);
  const l = left as number;
  const r = right as number;
  switch (node.astNode.operator) {
    case '+':
      checkOperands(node, lType, rType, ADDITION);
      return l + r;
    case '-':
      checkOperands(node, lType, rType, ARITHMETIC);
      return l - r;
    case '/':
      checkOperands(node, lType, rType, ARITHMETIC);
      return r === 0 ? NaN : l / r;
    case '*':
      checkOperands(node, lType, rType, ARITHMETIC);
      return l * r;
    case '%':
      checkOperands(node, lType, rType, ARITHMETIC);
      return l % r;
    case '!=':
    case '!==':
      checkOperands(node, lType, rType, EQUALITY);
      return left !== right;
    case '==':
    case '===':
      checkOperands(node, lType, rType, EQUALITY);
      return left === right;
    case '>':
      checkOperands(node, lType, rType, COMPARISON, true);
      return l > r;
    case '>=':
      checkOperands(node, lType, rType, COMPARISON, true);
      return l >= r;
    case '<':
      checkOperands(node, lType, rType, COMPARISON, true);
      return l < r;
    case '<=':
      checkOperands(node, lType, rType, COMPARISON, true);
      return l <= r;
    default:
      throw fail(node, `unknown binary operator "${String(node.astNode.operator)}"`);
  }
}

/** The texts of the calls written more than once in a rule: each gets a memo slot. */
function repeatedCalls(root: RuleExpressionNode): Map<string, number> {
  const seen = new Map<string, number>();
  const walk = (node: RuleExpressionNode | undefined): void => {
    if (!node) return;
    if (node.astNode.type === 'CallExpression') {
      seen.set(node.original, (seen.get(node.original) ?? 0) + 1);
    }
    for (const child of [
      node.expression,
      node.left,
      node.right,
      node.argument,
      node.test,
      node.consequent,
      node.alternate,
      node.callee,
      node.object,
      ...(node.computed ? [node.property] : []),
      ...(node.arguments ?? []),
      ...(node.elements ?? []),
    ]) {
      walk(child);
    }
  };
  walk(root);
  const slots = new Map<string, number>();
  for (const [text, count] of seen) if (count > 1) slots.set(text, slots.size);
  return slots;
}

function compileNode(node: RuleExpressionNode, slots: Map<string, number>): Evaluate {
  const sub = (n: RuleExpressionNode | undefined): Evaluate => {
    if (!n) throw new Error(`${node.original}: incomplete expression`);
    return compileNode(n, slots);
  };
  const { astNode } = node;
  switch (astNode.type) {
    case 'ExpressionStatement':
      return sub(node.expression);
    case 'Literal': {
      const value = node.value;
      return () => value;
    }
    case 'Identifier': {
      const name = astNode.name as string;
      return (s) => {
        if (!Object.hasOwn(s, name)) throw fail(node, `unknown variable ${name}`);
        return s[name];
      };
    }
    case 'ArrayExpression': {
      const elements = (node.elements ?? []).map(sub);
      return (s, m) => elements.map((e) => e(s, m));
    }
    case 'LogicalExpression': {
      const left = sub(node.left);
      const right = sub(node.right);
      if (astNode.operator === '&&') return (s, m) => left(s, m) && right(s, m);
      if (astNode.operator === '||') return (s, m) => left(s, m) || right(s, m);
      throw fail(node, `unknown logical operator ${String(astNode.operator)}`);
    }
    case 'UnaryExpression': {
      const argument = sub(node.argument);
      if (astNode.operator === '!') return (s, m) => !argument(s, m);
      if (astNode.operator === '-') {
        return (s, m) => {
          const value = argument(s, m);
          if (typeOf(value) !== 'number') throw fail(node, '- only operate on number');
          return -(value as number);
        };
      }
      throw fail(node, `Unary expressions may not contain "${String(astNode.operator)}"`);
    }
    case 'BinaryExpression': {
      const left = sub(node.left);
      const right = sub(node.right);
      return (s, m) => binary(node, left(s, m), right(s, m));
    }
    case 'ConditionalExpression': {
      const test = sub(node.test);
      const consequent = sub(node.consequent);
      const alternate = sub(node.alternate);
      return (s, m) => (test(s, m) === true ? consequent(s, m) : alternate(s, m));
    }
    case 'MemberExpression': {
      const object = sub(node.object);
      if (node.computed) {
        const property = sub(node.property);
        return (s, m) => member(object(s, m), property(s, m) as string);
      }
      const key = node.property?.astNode.name as string;
      return (s, m) => member(object(s, m), key);
    }
    case 'CallExpression':
      return compileCall(node, slots, sub);
    default:
      throw new Error(`${astNode.type} is not supported.`);
  }
}

/** A call (`object.key(args)` or `fn(args)`), its value kept in its memo slot when it has one. */
function compileCall(
  node: RuleExpressionNode,
  slots: Map<string, number>,
  sub: (n: RuleExpressionNode | undefined) => Evaluate,
): Evaluate {
  const args = (node.arguments ?? []).map(sub);
  const callee = node.callee;
  let evaluate: Evaluate;
  if (callee?.astNode.type === 'MemberExpression' && !callee.computed) {
    const object = sub(callee.object);
    const key = callee.property?.astNode.name as string;
    evaluate = (s, m) => {
      const values = args.map((a) => a(s, m));
      return call(node, object(s, m), key, values);
    };
  } else {
    const fn = sub(callee);
    evaluate = (s, m) => {
      const values = args.map((a) => a(s, m));
      const method = fn(s, m);
      if (typeof method !== 'function') throw fail(node, 'is not a function or method');
      return (method as (...a: unknown[]) => unknown)(...values);
    };
  }
  const slot = slots.get(node.original);
  if (slot === undefined) return evaluate;
  return (s, m) => {
    const known = m[slot];
    if (known !== UNSET) return known;
    const value = evaluate(s, m);
    m[slot] = value;
    return value;
  };
}

const compiled = new WeakMap<Rule, CompiledRule>();

/** The rule compiled (once per rule object; targaryen's own evaluation if it cannot be). */
export function compileRule(rule: Rule): CompiledRule {
  let out = compiled.get(rule);
  if (out) return out;
  try {
    const slots = repeatedCalls(rule.root);
    const evaluate = compileNode(rule.root, slots);
    const size = slots.size;
    out = {
      evaluate: (state) => evaluate(state, size ? new Array<unknown>(size).fill(UNSET) : []),
    };
  } catch {
    out = rule; // an expression this compiler does not know: targaryen evaluates it
  }
  compiled.set(rule, out);
  return out;
}
