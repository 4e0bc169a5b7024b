/**
 * The guest comments migration on a site of the version before it: a site that chose its moderation rule keeps it and
 * has guests off, and the migration can be undone and done again.
 */
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/connection.ts';
import { migrateToLatest, migrationProvider } from '../../src/server/db/migrate.ts';
import { databaseAtMigration } from '../helpers/migration-database.ts';

const BEFORE = '2026_12_02_1300_featured_pins';
let db: Db;

beforeAll(async () => {
  const opened = await databaseAtMigration(BEFORE);
  db = opened.db;
  await sql`INSERT INTO comment_settings (id, moderation, updated_at) VALUES (1, 'publish', '2026-11-01T10:00:00.000Z')`.execute(
    db,
  );
  await migrateToLatest(db);
  return opened.close;
}, 60_000);

describe('migration 2026_12_03_0900 (guest comments)', () => {
  it('keeps the chosen moderation rule and leaves guests off', async () => {
    const row = await db.selectFrom('comment_settings').select(['moderation', 'guests']).executeTakeFirstOrThrow();
    expect(row.moderation).toBe('publish');
    expect(Boolean(Number(row.guests))).toBe(false);
    expect(await db.selectFrom('guest_comment_codes').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('comment_email_blocks').selectAll().execute()).toEqual([]);
  });

  it('can be undone and done again', async () => {
    const migrator = new Migrator({ db, provider: migrationProvider });
    expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
    const tables = await db.introspection.getTables();
    expect(tables.map((t) => t.name)).not.toContain('guest_comment_codes');
    expect(tables.map((t) => t.name)).not.toContain('comment_email_blocks');
    expect(tables.find((t) => t.name === 'comment_settings')?.columns.map((c) => c.name)).not.toContain('guests');
    expect(await migrateToLatest(db)).toContain('2026_12_03_0900_guest_comments');
  });
});
