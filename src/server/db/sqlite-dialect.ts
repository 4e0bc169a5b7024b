/**
 * The one SQLite-specific module: Kysely over Node's built-in node:sqlite, with two connections to the file.
 *
 * Reads outside a transaction go to a read connection, which in WAL mode never waits for a writer. Transactions and
 * other statements go to the one write connection, one at a time. node:sqlite would wait for another process's write
 * lock inside the call, freezing the event loop; so both connections have busy_timeout 0 and a write waits for the
 * lock with short timers instead (sqlite-lock-wait.ts), up to its deadline, then fails with StorageBusyError (503).
 */
import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
import {
  type CompiledQuery,
  createQueryId,
  IdentifierNode,
  RawNode,
  SelectQueryNode,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
} from 'kysely';
import { retryWhileBusy, WriteGate } from './sqlite-lock-wait.ts';
import { storageFailure } from './storage-errors.ts';

/** How long a write waits for the lock before answering busy: SQLite's busy timeout of security.md R68, without blocking. */
export const LOCK_WAIT_MS = 5000;

export interface SqliteOptions {
  /** A write's wait for the lock; LOCK_WAIT_MS unless set. */
  lockWaitMs?: number | undefined;
  /** Told about every SQLITE_FULL, so health can report the full disk (R72). */
  onFull?: ((error: unknown) => void) | undefined;
}

/** node:sqlite binds no booleans or undefined; SQLite stores booleans as 0/1. */
function bindable(parameters: readonly unknown[]): SQLInputValue[] {
  return parameters.map((value) => {
    if (typeof value === 'boolean') return value ? 1 : 0;
    if (value === undefined) return null;
    return value as SQLInputValue;
  });
}

function run<R>(db: DatabaseSync, { sql, parameters }: CompiledQuery): QueryResult<R> {
  const stmt = db.prepare(sql);
  if (stmt.columns().length > 0) return { rows: stmt.all(...bindable(parameters)) as R[] };
  const { changes, lastInsertRowid } = stmt.run(...bindable(parameters));
  return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
}

/** Statements that only read: Kysely selects and raw SQL that starts with SELECT (health's `select 1`, search). */
function isRead({ query, sql }: CompiledQuery): boolean {
  return SelectQueryNode.is(query) || (RawNode.is(query) && /^\s*select\b/i.test(sql));
}

/** Opens the write connection with the durability pragmas of security.md R68. */
function openSqlite(file: string, lockWaitMs = LOCK_WAIT_MS): DatabaseSync {
  // Opening may wait (synchronously, before any request is served) for a lock to switch the file to WAL.
  const db = new DatabaseSync(file, { timeout: lockWaitMs, enableForeignKeyConstraints: true });
  db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA synchronous = FULL');
  db.exec('PRAGMA foreign_keys = ON');
  db.exec('PRAGMA busy_timeout = 0');
  return db;
}

/** A Kysely connection: one per acquisition, so the driver knows which one holds the write connection. */
class SessionConnection implements DatabaseConnection {
  readonly #driver: NodeSqliteDriver;
  /** Set while this connection holds the write connection (a transaction is open). */
  release: (() => void) | null = null;

  constructor(driver: NodeSqliteDriver) {
    this.#driver = driver;
  }

  executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    return this.#driver.execute<R>(compiledQuery, this.release !== null);
  }

  async *streamQuery<R>(compiledQuery: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(compiledQuery.query)) throw new Error('SQLite streams only select queries');
    yield* this.#driver.stream<R>(compiledQuery, this.release !== null);
  }
}

/** The driver's own connection, which Kysely hands back to it. */
function sessionOf(connection: DatabaseConnection): SessionConnection {
  if (!(connection instanceof SessionConnection)) throw new Error('Not a connection of the SQLite driver');
  return connection;
}

class NodeSqliteDriver implements Driver {
  readonly writer: DatabaseSync;
  readonly #reader: DatabaseSync;
  readonly #gate = new WriteGate();
  readonly #lockWaitMs: number;
  readonly #onFull: (error: unknown) => void;

  constructor(file: string, options: SqliteOptions) {
    this.#lockWaitMs = options.lockWaitMs ?? LOCK_WAIT_MS;
    this.#onFull = options.onFull ?? (() => undefined);
    this.writer = openSqlite(file, this.#lockWaitMs);
    this.#reader = new DatabaseSync(file, { timeout: 0 });
    this.#reader.exec('PRAGMA query_only = ON');
  }

  async init(): Promise<void> {
    // Nothing to do: the constructor opened both connections.
  }

  acquireConnection(): Promise<DatabaseConnection> {
    return Promise.resolve(new SessionConnection(this));
  }

  async execute<R>(query: CompiledQuery, inTransaction: boolean): Promise<QueryResult<R>> {
    try {
      if (inTransaction) return run<R>(this.writer, query);
      const deadline = Date.now() + this.#lockWaitMs;
      if (isRead(query)) return await retryWhileBusy(() => run<R>(this.#reader, query), deadline);
      // Outside a transaction a statement runs on its own (VACUUM and some PRAGMAs cannot run inside one).
      const release = await this.#gate.acquire(deadline);
      try {
        this.#discardStrayTransaction();
        return await retryWhileBusy(() => run<R>(this.writer, query), deadline);
      } finally {
        release();
      }
    } catch (error) {
      throw this.#noted(error);
    }
  }

  // eslint-disable-next-line @typescript-eslint/require-await -- Kysely streams through an async iterator; node:sqlite reads each row synchronously.
  async *stream<R>({ sql, parameters }: CompiledQuery, inTransaction: boolean): AsyncIterableIterator<QueryResult<R>> {
    const db = inTransaction ? this.writer : this.#reader;
    for (const row of db.prepare(sql).iterate(...bindable(parameters))) yield { rows: [row as R] };
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const session = sessionOf(connection);
    const deadline = Date.now() + this.#lockWaitMs;
    const release = await this.#gate.acquire(deadline);
    try {
      this.#discardStrayTransaction();
      // IMMEDIATE takes the write lock up front: a deferred transaction that reads first could meet the lock half-way
      // and would have to start over.
      await retryWhileBusy(() => this.writer.exec('BEGIN IMMEDIATE'), deadline);
    } catch (error) {
      release();
      throw this.#noted(error);
    }
    session.release = release;
  }

  // node:sqlite commits and rolls back synchronously; Promise.try turns a throw into the rejection Kysely expects.
  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return Promise.try(() => {
      try {
        this.writer.exec('COMMIT');
      } catch (error) {
        // Kysely rolls back next, which gives the write connection back.
        throw this.#noted(error);
      }
      this.#giveBack(sessionOf(connection));
    });
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    // SQLITE_FULL, SQLITE_IOERR and the like may have rolled the transaction back already; a ROLLBACK then fails with
    // "no transaction is active" and Kysely would report that instead of the error that made the transaction fail.
    // A ROLLBACK that fails otherwise is retried before the next write (#discardStrayTransaction), for the same reason.
    return Promise.try(() => {
      try {
        if (this.writer.isTransaction) this.writer.exec('ROLLBACK');
      } catch {
        // Reported by the error that led here.
      } finally {
        this.#giveBack(sessionOf(connection));
      }
    });
  }

  async savepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler['compileQuery'],
  ): Promise<void> {
    await connection.executeQuery(compileQuery(savepointCommand('savepoint', name), createQueryId()));
  }

  async rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler['compileQuery'],
  ): Promise<void> {
    await connection.executeQuery(compileQuery(savepointCommand('rollback to', name), createQueryId()));
  }

  async releaseSavepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler['compileQuery'],
  ): Promise<void> {
    await connection.executeQuery(compileQuery(savepointCommand('release', name), createQueryId()));
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const session = sessionOf(connection);
    // Only when a transaction was left neither committed nor rolled back (a failed COMMIT of a controlled transaction).
    if (session.release) await this.rollbackTransaction(session);
  }

  destroy(): Promise<void> {
    return Promise.try(() => {
      if (this.#reader.isOpen) this.#reader.close();
      if (this.writer.isOpen) this.writer.close();
    });
  }

  /**
   * Whether the database can still grow: true, false when it is full, null when the write lock is taken (no answer
   * without waiting). Allocates pages in a transaction that is always rolled back.
   */
  canGrow(): Promise<boolean | null> {
    return Promise.try(() => this.#probeGrowth());
  }

  #probeGrowth(): boolean | null {
    const release = this.#gate.tryAcquire();
    if (!release) return null;
    try {
      this.#discardStrayTransaction();
      this.writer.exec('BEGIN IMMEDIATE');
    } catch (error) {
      release();
      if (storageFailure(error) === 'busy') return null;
      throw error;
    }
    try {
      this.writer.exec('CREATE TABLE storage_probe (data BLOB); INSERT INTO storage_probe VALUES (zeroblob(65536))');
      return true;
    } catch (error) {
      if (storageFailure(error) === 'full') return false;
      throw error;
    } finally {
      if (this.writer.isTransaction) this.writer.exec('ROLLBACK');
      release();
    }
  }

  #giveBack(session: SessionConnection): void {
    const release = session.release;
    session.release = null;
    release?.();
  }

  /** A transaction left open by a failed ROLLBACK would make every later BEGIN fail. */
  #discardStrayTransaction(): void {
    if (this.writer.isTransaction) this.writer.exec('ROLLBACK');
  }

  #noted(error: unknown): unknown {
    if (storageFailure(error) === 'full') this.#onFull(error);
    return error;
  }
}

/** `savepoint "name"` with the name quoted as an identifier, as Kysely's own SQLite driver builds it. */
function savepointCommand(command: string, name: string): RawNode {
  return RawNode.createWithChildren([RawNode.createWithSql(`${command} `), IdentifierNode.create(name)]);
}

class NodeSqliteAdapter extends SqliteAdapter {
  /** Reads and the writer run side by side; the driver serialises the writer itself. */
  override get supportsMultipleConnections(): boolean {
    return true;
  }
}

class NodeSqliteDialect implements Dialect {
  readonly #driver: NodeSqliteDriver;
  constructor(driver: NodeSqliteDriver) {
    this.#driver = driver;
  }
  createDriver(): Driver {
    return this.#driver;
  }
  createQueryCompiler(): QueryCompiler {
    return new SqliteQueryCompiler();
  }
  createAdapter(): DialectAdapter {
    return new NodeSqliteAdapter();
  }
  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SqliteIntrospector(db);
  }
}

export interface SqliteHandle {
  dialect: Dialect;
  /** A number that changes within a millisecond of another process committing (PRAGMA data_version); -1 once closed. */
  changes: () => number;
  /** See NodeSqliteDriver.canGrow. */
  canGrow: () => Promise<boolean | null>;
}

/** PRAGMA data_version of the write connection: it changes only when another connection commits. */
function dataVersion(writer: DatabaseSync): () => number {
  const version = writer.prepare('PRAGMA data_version');
  // Asked at most once a millisecond: GET /api/company asks on every request, and the statement (about 3 µs) was a
  // tenth of that answer's time.
  let readAt = -1;
  let last = -1;
  return () => {
    const now = Date.now();
    if (now !== readAt) {
      readAt = now;
      last = writer.isOpen ? (version.get() as { data_version: number }).data_version : -1;
    }
    return last;
  };
}

export function sqliteDialect(file: string, options: SqliteOptions = {}): SqliteHandle {
  const driver = new NodeSqliteDriver(file, options);
  return {
    dialect: new NodeSqliteDialect(driver),
    changes: dataVersion(driver.writer),
    canGrow: () => driver.canGrow(),
  };
}
