/**
 * The categories migration on a database with items of the version before it: the spec's lists first, in their order,
 * then every other value the items already name (audio items by their type), so that no item is left in a category
 * the admin cannot see; the addresses unique per kind.
 */
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/connection.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { databaseAtMigration } from '../helpers/migration-database.ts';
import { DEFAULT_CATEGORIES } from '../../src/shared/constants.ts';

let db: Db;
const at = '2026-11-30T10:00:00.000Z';

beforeAll(async () => {
  const opened = await databaseAtMigration('2026_11_30_1100_dark_logo_own');
  db = opened.db;
  await sql`INSERT INTO products (id, name, slug, category, created_at) VALUES
    ('p1', 'Sponge', 'sponge', 'Cakes', ${at}), ('p2', 'Tart', 'tart', 'Pies & Tarts', ${at}),
    ('p3', 'Atlas', 'atlas', 'Books', ${at}), ('p4', 'Other sponge', 'other-sponge', 'cakes', ${at}),
    ('p5', 'Plain', 'plain', '', ${at})`.execute(db);
  await sql`INSERT INTO audios (id, name, type, category, created_at) VALUES
    ('a1', 'Set', 'DJ Set', 'Jazz', ${at}), ('a2', 'Show', 'Podcast', 'Talk', ${at})`.execute(db);
  await migrateToLatest(db);
  return opened.close;
}, 60_000);

const categories = (kind: string) =>
  db
    .selectFrom('categories')
    .select(['name', 'slug', 'sort_order'])
    .where('kind', '=', kind)
    .orderBy('sort_order')
    .execute();

describe('migration 2026_12_01_0900 (categories)', () => {
  it("starts each kind with the spec's list, then the other names its items carry, alphabetically", async () => {
    expect(await categories('product')).toEqual(
      [...DEFAULT_CATEGORIES.product, 'Cakes', 'Pies & Tarts', 'cakes'].map((name, i) => ({
        name,
        slug: { Cakes: 'cakes', 'Pies & Tarts': 'pies-and-tarts', cakes: 'cakes-2' }[name] ?? name.toLowerCase(),
        sort_order: i,
      })),
    );
    expect((await categories('blog')).map((c) => c.name)).toEqual(DEFAULT_CATEGORIES.blog);
  });

  it('groups audio by its type, leaving the free-text sub-category alone', async () => {
    expect((await categories('audio')).map((c) => c.name)).toEqual([...DEFAULT_CATEGORIES.audio, 'DJ Set']);
  });

  it('leaves every item in a category the company has', async () => {
    const names = new Set((await categories('product')).map((c) => c.name));
    const rows = await db.selectFrom('products').select('category').where('category', '<>', '').execute();
    expect(rows.every((row) => names.has(row.category))).toBe(true);
  });
});
