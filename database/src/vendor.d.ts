// Minimal type declarations for the untyped dependencies we use (no @types packages installed).

declare module 'better-sqlite3' {
  export interface RunResult {
    changes: number;
    lastInsertRowid: number | bigint;
  }
  export interface Statement<Row = unknown> {
    run(...params: unknown[]): RunResult;
    get(...params: unknown[]): Row | undefined;
    all(...params: unknown[]): Row[];
    iterate(...params: unknown[]): IterableIterator<Row>;
    /** Rows as arrays of their columns (the Row type parameter then names the array). */
    raw(toggle?: boolean): Statement<Row>;
  }
  export interface SqliteDatabase {
    prepare<Row = unknown>(sql: string): Statement<Row>;
    exec(sql: string): SqliteDatabase;
    pragma(source: string, options?: { simple?: boolean }): unknown;
    transaction<F extends (...args: never[]) => unknown>(fn: F): F;
    close(): SqliteDatabase;
    readonly open: boolean;
  }
  const Database: {
    new (
      filename: string,
      options?: { readonly?: boolean; fileMustExist?: boolean },
    ): SqliteDatabase;
  };
  export default Database;
}

declare module 'targaryen' {
  export interface RuleResult {
    readonly allowed: boolean;
    readonly permitted: boolean;
    readonly validated: boolean;
    readonly info: string;
    readonly newDatabase: { readonly root: DataNode };
  }
  export interface DataNode {
    $value(): unknown;
    $child(path: string): DataNode;
    $isNull(): boolean;
    $isPrimitive(): boolean;
    $priority(): unknown;
    $set(path: string, value: unknown, priority?: unknown, now?: number): DataNode;
    $merge(path: string, patch: Record<string, unknown>, now?: number): DataNode;
  }
  export interface TargaryenQuery {
    orderByKey?: boolean;
    orderByValue?: boolean;
    orderByPriority?: boolean;
    orderByChild?: string;
    startAt?: unknown;
    endAt?: unknown;
    equalTo?: unknown;
    limitToFirst?: number;
    limitToLast?: number;
  }
  export interface RuleDataSnapshot {
    exists(): boolean;
  }
  export interface TargaryenDatabase {
    readonly root: DataNode;
    readonly auth: unknown;
    readonly timestamp: number;
    snapshot(path: string): RuleDataSnapshot;
    as(auth: unknown): TargaryenDatabase;
    with(updates: { data?: DataNode; auth?: unknown; now?: number }): TargaryenDatabase;
    read(path: string, options?: { now?: number; query?: TargaryenQuery }): RuleResult;
    write(path: string, value: unknown, options?: { now?: number }): RuleResult;
    update(path: string, patch: Record<string, unknown>, options?: { now?: number }): RuleResult;
  }
  /**
   * A node of a parsed, type-checked rule expression (targaryen 3.1's lib/parser/statement/*):
   * `astNode` is esprima's node; the other fields are set by the node's kind.
   */
  export interface RuleExpressionNode {
    readonly astNode: { type: string; operator?: string; name?: string };
    /** The node's text in the rule. */
    readonly original: string;
    readonly expression?: RuleExpressionNode;
    readonly left?: RuleExpressionNode;
    readonly right?: RuleExpressionNode;
    readonly argument?: RuleExpressionNode;
    readonly test?: RuleExpressionNode;
    readonly consequent?: RuleExpressionNode;
    readonly alternate?: RuleExpressionNode;
    readonly callee?: RuleExpressionNode;
    readonly arguments?: readonly RuleExpressionNode[];
    readonly elements?: readonly RuleExpressionNode[];
    readonly object?: RuleExpressionNode;
    readonly property?: RuleExpressionNode;
    readonly computed?: boolean;
    /** A literal's value (a regular expression already translated from the rules' dialect). */
    readonly value?: unknown;
  }
  /** A parsed rule expression; `evaluate` throws on a runtime error (the rule then fails). */
  export interface Rule {
    readonly root: RuleExpressionNode;
    evaluate(state: Record<string, unknown>): unknown;
  }
  /** The rules at one location (targaryen 3.1 internals, used to evaluate updates in one pass). */
  export interface RulesetNode {
    readonly $write: Rule | null;
    readonly $validate: Rule | null;
    $child(
      name: string,
      wildchildren?: Record<string, string>,
    ): { rules: RulesetNode; wildchildren: Record<string, string> } | undefined;
  }
  export interface Ruleset {
    readonly root: RulesetNode;
  }
  const targaryen: {
    database(rules: unknown, data?: unknown, now?: number): TargaryenDatabase;
    ruleset(rules: unknown): Ruleset;
    store(data: unknown, options?: { now?: number }): DataNode;
  };
  export default targaryen;
}
