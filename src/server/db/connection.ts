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
  const { dialect } = sqliteDialect(join(dataDir, 'site.db'));
  return new Kysely<Database>({ dialect });
}
