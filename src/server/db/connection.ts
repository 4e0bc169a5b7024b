import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Kysely } from 'kysely';
import type { Database } from './schema.ts';
import { sqliteDialect } from './sqlite-dialect.ts';

export type Db = Kysely<Database>;

export interface DbOptions {
  dataDir: string;
  databaseUrl?: string | undefined;
}

/** One Kysely instance for the process; SQLite file `site.db` in DATA_DIR unless DATABASE_URL says otherwise. */
export function createDb({ dataDir, databaseUrl }: DbOptions): Db {
  if (databaseUrl) {
    throw new Error('DATABASE_URL (PostgreSQL) is not supported by this build yet; unset it to use SQLite in DATA_DIR.');
  }
  mkdirSync(dataDir, { recursive: true });
  const { dialect, raw } = sqliteDialect(join(dataDir, 'site.db'));
  const db = new Kysely<Database>({ dialect });
  const version = raw.prepare('PRAGMA data_version');
  externalWriteCounters.set(db, () => (raw.isOpen ? Number((version.get() as { data_version: number }).data_version) : -1));
  return db;
}

const externalWriteCounters = new WeakMap<Db, () => number>();

/**
 * A number that changes whenever another connection (another process) committed to the database, for caches of
 * this process; null where the database cannot tell (then caches fall back to a short lifetime).
 */
export function externalWrites(db: Db): number | null {
  return externalWriteCounters.get(db)?.() ?? null;
}
