/** The one SQLite-specific module: Kysely's SqliteDialect over Node's built-in node:sqlite. */
import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
import { SqliteDialect, type SqliteDatabase, type SqliteStatement } from 'kysely';

/** node:sqlite binds no booleans or undefined; SQLite stores booleans as 0/1. */
function bindable(parameters: ReadonlyArray<unknown>): SQLInputValue[] {
  return parameters.map((value) => {
    if (typeof value === 'boolean') return value ? 1 : 0;
    if (value === undefined) return null;
    return value as SQLInputValue;
  });
}

class NodeSqliteDatabase implements SqliteDatabase {
  readonly #db: DatabaseSync;
  constructor(db: DatabaseSync) {
    this.#db = db;
  }
  close(): void {
    if (this.#db.isOpen) this.#db.close();
  }
  prepare(sql: string): SqliteStatement {
    const stmt = this.#db.prepare(sql);
    return {
      reader: stmt.columns().length > 0,
      all: (parameters) => stmt.all(...bindable(parameters)),
      run: (parameters) => {
        const { changes, lastInsertRowid } = stmt.run(...bindable(parameters));
        return { changes, lastInsertRowid };
      },
      iterate: (parameters) => stmt.iterate(...bindable(parameters)),
    };
  }
}

/** Opens the database file with the durability pragmas of security.md R68. */
export function openSqlite(file: string): DatabaseSync {
  const db = new DatabaseSync(file, { timeout: 5000, enableForeignKeyConstraints: true });
  db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA synchronous = FULL');
  db.exec('PRAGMA foreign_keys = ON');
  db.exec('PRAGMA busy_timeout = 5000');
  return db;
}

export function sqliteDialect(file: string): { dialect: SqliteDialect; raw: DatabaseSync } {
  const raw = openSqlite(file);
  return { dialect: new SqliteDialect({ database: new NodeSqliteDatabase(raw) }), raw };
}
