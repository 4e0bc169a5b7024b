/**
 * The comments and reviews migration on a site of the version before it: the comments and reviews already shown stay
 * approved, an audio item's rating becomes the mean of its reviews, and the migration can be undone and done again.
 */
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/connection.ts';
import { migrateToLatest, migrationProvider } from '../../src/server/db/migrate.ts';
import { databaseAtMigration } from '../helpers/migration-database.ts';

const BEFORE = '2026_12_02_0900_activity';
let db: Db;

beforeAll(async () => {
  const opened = await databaseAtMigration(BEFORE);
  db = opened.db;
  const at = '2026-11-01T10:00:00.000Z';
  await sql`INSERT INTO blogs (id, title, slug, created_at) VALUES ('b1', 'Post', 'post', ${at})`.execute(db);
  await sql`INSERT INTO blog_comments (id, blog_id, author, comment, created_at)
    VALUES ('c1', 'b1', 'Leah', 'Nice', ${at})`.execute(db);
  await sql`INSERT INTO audios (id, name, rating, created_at) VALUES ('a1', 'Set', 4.9, ${at}), ('a2', 'Quiet', 3, ${at})`.execute(
    db,
  );
  await sql`INSERT INTO audio_reviews (id, audio_id, author, rating, comment, created_at)
    VALUES ('r1', 'a1', 'Omar', 5, 'Great', ${at}), ('r2', 'a1', 'Kim', 4, 'Good', ${at}), ('r3', 'a1', 'Joel', 4, 'Fine', ${at})`.execute(
    db,
  );
  await migrateToLatest(db);
  return opened.close;
}, 60_000);

describe('migration 2026_12_02_1000 (comments and reviews)', () => {
  it('keeps the comments and reviews already shown approved', async () => {
    expect(await db.selectFrom('blog_comments').select(['id', 'status', 'user_id']).execute()).toEqual([
      { id: 'c1', status: 'approved', user_id: null },
    ]);
    const reviews = await db.selectFrom('audio_reviews').select('status').execute();
    expect(reviews.map((r) => r.status)).toEqual(['approved', 'approved', 'approved']);
  });

  it("makes an audio item's rating the mean of its reviews, 0 without any", async () => {
    const rows = await db.selectFrom('audios').select(['id', 'rating']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: 'a1', rating: 4.3 },
      { id: 'a2', rating: 0 },
    ]);
  });

  it('can be undone and done again', async () => {
    const migrator = new Migrator({ db, provider: migrationProvider });
    const down = await migrator.migrateTo(BEFORE);
    expect(down.error).toBeUndefined();
    const tables = await db.introspection.getTables();
    expect(tables.map((t) => t.name)).not.toContain('product_reviews');
    expect(tables.find((t) => t.name === 'blog_comments')?.columns.map((c) => c.name)).not.toContain('status');
    expect(await migrateToLatest(db)).toContain('2026_12_02_1000_comments_reviews');
    expect(await db.selectFrom('comment_settings').selectAll().execute()).toEqual([]);
  });
});
