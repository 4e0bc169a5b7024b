/**
 * The start of a migration test: a fresh test database (SQLite, or PostgreSQL under TEST_POSTGRES_URL) migrated up
 * to and including `migration`, for the test to fill with rows as that version wrote them before it migrates to the
 * latest. `close` removes the database and its folder.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Migrator } from 'kysely/migration';
import { createDb, type Db } from '../../src/server/db/connection.ts';
import { migrationProvider } from '../../src/server/db/migrate.ts';
import { dropTestDatabase, testDatabaseFor } from './test-database.ts';

export async function databaseAtMigration(migration: string): Promise<{ db: Db; close: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'migration-'));
  const databaseUrl = await testDatabaseFor(dir);
  const db = createDb({ dataDir: dir, databaseUrl });
  const close = async () => {
    await db.destroy();
    await dropTestDatabase(databaseUrl);
    rmSync(dir, { recursive: true, force: true });
  };
  const { error } = await new Migrator({ db, provider: migrationProvider }).migrateTo(migration);
  if (error) {
    await close();
    throw error instanceof Error ? error : new Error(`migrating to ${migration} failed`);
  }
  return { db, close };
}
