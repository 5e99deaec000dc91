import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database, { type SqliteDatabase, type Statement } from 'better-sqlite3';
import { isObject, leaves, type Node, type NodeObject } from './tree';

/**
 * Durable storage: one SQLite row per leaf, keyed by its slash-joined path.
 *
 * - A write replaces a subtree: delete the rows under the path (a primary-key range scan, because
 *   every descendant of `a/b` sorts between `a/b/` and `a/b0`), delete leaf rows on the ancestors
 *   (a primitive replaced by an object), insert the new leaves. Cost follows the size of the write,
 *   not the size of the database.
 * - Every request is one transaction (a multi-location PATCH included), in WAL mode with
 *   `synchronous = FULL`: once `apply` returns, the commit is on disk and survives kill -9 or a
 *   power cut; a crash before that leaves the previous tree, never half of a write.
 * - Empty objects cannot be represented, which is exactly Firebase's semantics.
 */
export interface WriteOp {
  path: readonly string[];
  value: Node | null;
}

export class Store {
  private readonly db: SqliteDatabase;
  private readonly deleteExact: Statement;
  private readonly deleteRange: Statement;
  private readonly deleteAll: Statement;
  private readonly insert: Statement;
  private readonly applyTx: (ops: readonly WriteOp[]) => void;

  constructor(readonly dataDir: string) {
    mkdirSync(dataDir, { recursive: true });
    this.db = new Database(join(dataDir, 'database.sqlite'));
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = FULL');
    this.db.pragma('busy_timeout = 5000');
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS nodes (path TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL) WITHOUT ROWID;
      CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL);
      INSERT OR IGNORE INTO meta (key, value) VALUES ('layout', 'leaf-rows-v1');
    `);
    this.deleteExact = this.db.prepare('DELETE FROM nodes WHERE path = ?');
    this.deleteRange = this.db.prepare('DELETE FROM nodes WHERE path >= ? AND path < ?');
    this.deleteAll = this.db.prepare('DELETE FROM nodes');
    this.insert = this.db.prepare('INSERT INTO nodes (path, value) VALUES (?, ?)');
    this.applyTx = this.db.transaction((ops: readonly WriteOp[]) => {
      const clearedAncestors = new Set<string>();
      for (const op of ops) this.applyOne(op, clearedAncestors);
    });
  }

  /**
   * Reads the whole tree. Rows come in path order, so a row's parent is most often the previous
   * row's: it is kept, not looked up from the root again (100,000 products are 2 million rows).
   */
  load(): Node | null {
    let root: Node | null = null;
    const rows = this.db
      .prepare<[string, string]>('SELECT path, value FROM nodes ORDER BY path')
      .raw(true)
      .iterate();
    let parentPath: string | undefined;
    let parent: NodeObject = {};
    for (const [path, value] of rows) {
      const leaf = JSON.parse(value) as Node;
      if (path === '') {
        root = leaf;
        parentPath = undefined;
        continue;
      }
      const slash = path.lastIndexOf('/');
      const key = path.slice(slash + 1);
      const at = slash < 0 ? '' : path.slice(0, slash);
      if (at !== parentPath || !isObject(root)) {
        if (!isObject(root)) root = {};
        parent = root;
        if (at !== '') {
          for (const step of at.split('/')) {
            const next: Node | undefined = parent[step];
            if (isObject(next)) {
              parent = next;
            } else {
              const created: NodeObject = {};
              parent[step] = created;
              parent = created;
            }
          }
        }
        parentPath = at;
      }
      parent[key] = leaf;
    }
    return root;
  }

  /**
   * Applies all operations in one durable transaction. The operations must not overlap (none at
   * or below another's path), as the engine guarantees for a multi-location update.
   */
  apply(ops: readonly WriteOp[]): void {
    this.applyTx(ops);
  }

  private applyOne({ path, value }: WriteOp, clearedAncestors: Set<string>): void {
    const key = path.join('/');
    if (path.length === 0) {
      this.deleteAll.run();
    } else {
      this.deleteExact.run(key);
      this.deleteRange.run(key + '/', key + '0'); // '0' is the character after '/'
      // Siblings share their ancestors: clear each once (no operation of this transaction can
      // have written a leaf there since, as none overlaps another).
      for (let i = 0; i < path.length; i++) {
        const ancestor = path.slice(0, i).join('/');
        if (clearedAncestors.has(ancestor)) continue;
        clearedAncestors.add(ancestor);
        this.deleteExact.run(ancestor);
      }
    }
    if (value === null) return;
    for (const [rel, leaf] of leaves(value)) {
      this.insert.run([...path, ...rel].join('/'), JSON.stringify(leaf));
    }
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}
