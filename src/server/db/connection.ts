import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { Kysely, sql } from 'kysely';
import { postgresChanges } from './postgres-changes.ts';
import { postgresDialect } from './postgres-dialect.ts';
import type { Database } from './schema.ts';
import { sqliteDialect } from './sqlite-dialect.ts';
import { reportStorageFull } from './storage-health.ts';

export type Db = Kysely<Database>;

/** Which database a Db runs on: the modules that differ (search, change notification) pick theirs by it. */
export type DatabaseKind = 'sqlite' | 'postgres';

export interface DbOptions {
  dataDir: string;
  databaseUrl?: string | undefined;
  /** How long a write waits for the write lock (another writer's) before answering busy (default 5000 ms, R68). */
  lockWaitMs?: number | undefined;
  /** PostgreSQL: the longest a statement runs before failing as busy (postgres-dialect.ts). */
  statementTimeoutMs?: number | undefined;
}

interface Features {
  kind: DatabaseKind;
  /** See externalWrites. */
  changes: () => number | null;
  /** See databaseGrowthCheck. */
  canGrow?: () => Promise<boolean | null>;
}

const features = new WeakMap<Db, Features>();

/** Whether a DATABASE_URL names PostgreSQL (the only other database this product runs on). */
export function isPostgresUrl(url: string): boolean {
  return /^postgres(?:ql)?:\/\//i.test(url);
}

/**
 * One Kysely instance for the process: PostgreSQL when DATABASE_URL is a postgres:// URL, else the SQLite file
 * `site.db` in DATA_DIR.
 */
export function createDb({ dataDir, databaseUrl, lockWaitMs, statementTimeoutMs }: DbOptions): Db {
  if (databaseUrl) {
    if (!isPostgresUrl(databaseUrl))
      throw new Error('DATABASE_URL must be a postgres:// URL; unset it to use SQLite in DATA_DIR.');
    const listener = postgresChanges(databaseUrl);
    const db = new Kysely<Database>({
      dialect: postgresDialect(databaseUrl, { lockWaitMs, statementTimeoutMs, beforeDestroy: listener.close }),
    });
    features.set(db, { kind: 'postgres', changes: listener.version });
    return db;
  }
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'site.db');
  keepPrivate(file);
  const { dialect, changes, canGrow } = sqliteDialect(file, {
    lockWaitMs,
    onFull: () => reportStorageFull(dataDir, 'the database'),
  });
  const db = new Kysely<Database>({ dialect });
  features.set(db, { kind: 'sqlite', changes, canGrow });
  return db;
}

/**
 * The database holds password hashes, sessions and two-factor secrets: readable and writable by the server's own user
 * only, as secret.key is (mode 0600), whether new, from an older version or restored. SQLite gives its -wal and -shm
 * files the database file's mode; ones left from before are set too.
 */
function keepPrivate(file: string): void {
  closeSync(openSync(file, 'a', 0o600));
  for (const path of [file, `${file}-wal`, `${file}-shm`]) if (existsSync(path)) chmodSync(path, 0o600);
}

export function databaseKind(db: Db): DatabaseKind {
  return features.get(db)?.kind ?? 'sqlite';
}

/**
 * A number that changes soon after another connection (another process) commits a change the caches of this
 * process care about; null where the database cannot tell (then caches fall back to a short lifetime). SQLite: its
 * data_version, within a millisecond. PostgreSQL: notifications on LISTEN (postgres-changes.ts).
 */
export function externalWrites(db: Db): number | null {
  return features.get(db)?.changes() ?? null;
}

/**
 * Checks whether the database can still grow (true), is full (false) or cannot tell without waiting (null), for
 * health after a failed write; undefined where the database has no such check (its disk is watched by its server).
 */
export function databaseGrowthCheck(db: Db): (() => Promise<boolean | null>) | undefined {
  return features.get(db)?.canGrow;
}

/** Answers when the database does, throws when it cannot be reached. */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
