import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Kysely } from 'kysely';
import type { Database } from './schema.ts';
import { sqliteDialect } from './sqlite-dialect.ts';
import { reportStorageFull } from './storage-health.ts';

export type Db = Kysely<Database>;

export interface DbOptions {
  dataDir: string;
  databaseUrl?: string | undefined;
  /** How long a write waits for another process's write lock before answering busy (SQLite; default 5000 ms, R68). */
  lockWaitMs?: number | undefined;
}

/** One Kysely instance for the process; SQLite file `site.db` in DATA_DIR unless DATABASE_URL says otherwise. */
export function createDb({ dataDir, databaseUrl, lockWaitMs }: DbOptions): Db {
  if (databaseUrl) {
    throw new Error('DATABASE_URL (PostgreSQL) is not supported by this build yet; unset it to use SQLite in DATA_DIR.');
  }
  mkdirSync(dataDir, { recursive: true });
  const { dialect, raw, canGrow } = sqliteDialect(join(dataDir, 'site.db'), { lockWaitMs, onFull: () => reportStorageFull(dataDir, 'the database') });
  const db = new Kysely<Database>({ dialect });
  const version = raw.prepare('PRAGMA data_version');
  // Asked at most once a millisecond: GET /api/company asks on every request, and the statement (about 3 µs) was a
  // tenth of that answer's time.
  let readAt = -1;
  let last = -1;
  externalWriteCounters.set(db, () => {
    const now = Date.now();
    if (now !== readAt) {
      readAt = now;
      last = raw.isOpen ? Number((version.get() as { data_version: number }).data_version) : -1;
    }
    return last;
  });
  growthChecks.set(db, canGrow);
  return db;
}

const externalWriteCounters = new WeakMap<Db, () => number>();
const growthChecks = new WeakMap<Db, () => Promise<boolean | null>>();

/**
 * A number that changes within a millisecond of another connection (another process) committing to the database, for
 * caches of this process; null where the database cannot tell (then caches fall back to a short lifetime).
 */
export function externalWrites(db: Db): number | null {
  return externalWriteCounters.get(db)?.() ?? null;
}

/**
 * Checks whether the database can still grow (true), is full (false) or cannot tell without waiting (null), for
 * health after a failed write; undefined where the database has no such check (its disk is watched by the server).
 */
export function databaseGrowthCheck(db: Db): (() => Promise<boolean | null>) | undefined {
  return growthChecks.get(db);
}
