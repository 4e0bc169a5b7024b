/**
 * The one PostgreSQL-specific module for connections: Kysely's PostgresDialect over a `pg` pool, with what differs
 * from SQLite kept here (design.md: one module per database).
 *
 * - Values read back as SQLite's do: booleans as 1/0, bigint counts and sums as numbers (never strings), so rows and
 *   the JSON made from them are the same on both databases.
 * - Transactions run one at a time across every instance, like SQLite's BEGIN IMMEDIATE: each takes one
 *   transaction-level advisory lock first. The services keep their invariants inside transactions (stock, the last
 *   admin, one-time codes); with the lock those hold across processes without retry loops. Reads and single
 *   statements outside a transaction never wait for it.
 * - Every statement of the API's connections waits at most the lock wait for any lock (lock_timeout: the advisory
 *   lock of a transaction, a row another transaction is changing, a table someone locked) and runs at most
 *   STATEMENT_TIMEOUT_MS (statement_timeout); past either it fails (lock_not_available, query_canceled), which
 *   storage-errors.ts reads as busy (503 with Retry-After, R69).
 * - Every connection speaks UTC.
 */
import pg from 'pg';
import {
  CompiledQuery,
  PostgresDialect,
  PostgresDriver,
  type DatabaseConnection,
  type Driver,
  type TransactionSettings,
} from 'kysely';

/** How long a statement waits for a lock before failing as busy (the SQLite module's LOCK_WAIT_MS). */
const DEFAULT_LOCK_WAIT_MS = 5000;
/** The longest an API statement runs: far above the slowest (a search at 60,000 items, 12 ms at p95). */
const STATEMENT_TIMEOUT_MS = 15_000;
/** The advisory lock key every transaction takes: 'site' in ASCII. */
export const WRITE_LOCK_KEY = 0x73697465;

type TypeId = Parameters<typeof pg.types.getTypeParser>[0];
type TypeFormat = Parameters<typeof pg.types.getTypeParser>[1];
const { BOOL, INT8, NUMERIC } = pg.types.builtins;

/** Type parsers of this pool only (pg's global ones stay as they are for anyone else in the process). */
const types = {
  getTypeParser(oid: TypeId, format?: TypeFormat): (value: string) => unknown {
    if (oid === BOOL) return (value: string) => (value === 't' ? 1 : 0);
    if (oid === INT8) return (value: string) => Number(value);
    if (oid === NUMERIC) return (value: string) => Number(value);
    // pg's own parser for every other type (typed `any` by pg-types): text in, a value out.
    return pg.types.getTypeParser(oid, format) as (value: string) => unknown;
  },
};

export interface PostgresOptions {
  lockWaitMs?: number | undefined;
  /** See STATEMENT_TIMEOUT_MS; 0 is none. */
  statementTimeoutMs?: number | undefined;
  /** Connections per process (pg's default is 10). */
  poolSize?: number | undefined;
  /** Runs when the database is destroyed, before the pool ends (the change listener's close). */
  beforeDestroy?: (() => Promise<void>) | undefined;
}

type DriverConfig = ConstructorParameters<typeof PostgresDriver>[0];

class LockingPostgresDriver extends PostgresDriver {
  readonly #options: PostgresOptions;
  constructor(config: DriverConfig, options: PostgresOptions) {
    super(config);
    this.#options = options;
  }

  override async destroy(): Promise<void> {
    await this.#options.beforeDestroy?.();
    await super.destroy();
  }

  override async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    await super.beginTransaction(connection, settings);
    try {
      await connection.executeQuery(CompiledQuery.raw(`SELECT pg_advisory_xact_lock(${WRITE_LOCK_KEY})`));
    } catch (error) {
      // Kysely rolls back only transactions that began: this one must not go back to the pool open and aborted.
      await connection.executeQuery(CompiledQuery.raw('rollback')).catch(() => undefined);
      throw error;
    }
  }
}

class LockingPostgresDialect extends PostgresDialect {
  readonly #config: DriverConfig;
  readonly #options: PostgresOptions;
  constructor(config: DriverConfig, options: PostgresOptions) {
    super(config);
    this.#config = config;
    this.#options = options;
  }
  override createDriver(): Driver {
    return new LockingPostgresDriver(this.#config, this.#options);
  }
}

/**
 * The pg client settings every connection of this product uses (the pool's, the listener's, the backup's), with
 * `settings` of its own added (`name=value`).
 */
export function clientConfig(databaseUrl: string, settings: readonly string[] = []): pg.ClientConfig {
  // pg_trgm's word similarity threshold for search's typo tolerance (postgres-search.ts): 0.5 lets one wrong letter
  // in a five-letter word through ('desgn' finds 'Design'); the default 0.6 does not. random_page_cost 1.1 (the
  // usual value for SSDs, which managed databases run on) lets the planner use the search index for common terms
  // instead of scanning the table: search p95 at 60,000 items went from 30 to 12 ms (docs/performance.md).
  const options = ['TimeZone=UTC', 'pg_trgm.word_similarity_threshold=0.5', 'random_page_cost=1.1', ...settings]
    .map((o) => `-c ${o}`)
    .join(' ');
  return { connectionString: databaseUrl, types, options, application_name: 'company-site' };
}

export function postgresDialect(databaseUrl: string, options: PostgresOptions = {}): PostgresDialect {
  // 0 is no bound (a tool's long statement, not a request's).
  const ms = (value: number | undefined, fallback: number) => Math.max(0, Math.round(value ?? fallback));
  const bounds = [
    `lock_timeout=${ms(options.lockWaitMs, DEFAULT_LOCK_WAIT_MS)}`,
    `statement_timeout=${ms(options.statementTimeoutMs, STATEMENT_TIMEOUT_MS)}`,
  ];
  const pool = new pg.Pool({ ...clientConfig(databaseUrl, bounds), max: options.poolSize ?? 10 });
  // An idle connection the server closed (restart, failover) must not crash the process; the pool replaces it.
  pool.on('error', (error) => console.error('database connection lost:', error.message));
  return new LockingPostgresDialect({ pool }, options);
}
