/**
 * The featured pins migration on a site of the version before it: the old hand-kept recommendations that name a
 * published item become the Featured row's pins, most popular first; it can be undone and done again.
 */
import { randomUUID } from 'node:crypto';
import { Migrator } from 'kysely/migration';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/connection.ts';
import { migrateToLatest, migrationProvider } from '../../src/server/db/migrate.ts';
import { listRecommendations } from '../../src/server/modules/recommendations/recommendations.service.ts';
import { databaseAtMigration } from '../helpers/migration-database.ts';

const BEFORE = '2026_12_02_1200_newsletter_sending';
const now = new Date().toISOString();
const ids = { lamp: randomUUID(), post: randomUUID(), draft: randomUUID(), song: randomUUID() };
let db: Db;

beforeAll(async () => {
  const opened = await databaseAtMigration(BEFORE);
  db = opened.db;
  await db
    .insertInto('products')
    .values({ id: ids.lamp, name: 'Tide Lamp', slug: 'tide-lamp', published: true, created_at: now, updated_at: null })
    .execute();
  await db
    .insertInto('blogs')
    .values([
      { id: ids.post, title: 'A Calm Desk', slug: 'a-calm-desk', published: true, created_at: now, updated_at: null },
      { id: ids.draft, title: 'Draft Notes', slug: 'draft-notes', published: false, created_at: now, updated_at: null },
    ])
    .execute();
  await db
    .insertInto('audios')
    .values({ id: ids.song, name: 'Rain Song', title: '', published: true, created_at: now, updated_at: null })
    .execute();
  const old = (title: string, popularity: number) => ({ id: randomUUID(), title, popularity, created_at: now });
  await db
    .insertInto('recommendations')
    .values([
      old('A Calm Desk', 10),
      old('Tide Lamp', 90),
      old('Draft Notes', 80),
      old('Nothing by this name', 70),
      old('Rain Song', 50),
      // A second entry naming the same item is one pin.
      old('Tide Lamp', 5),
    ])
    .execute();
  await migrateToLatest(db);
  return opened.close;
}, 60_000);

describe('migration 2026_12_02_1300 (featured pins)', () => {
  it('pins each old recommendation that names a published item, most popular first', async () => {
    const pins = await db.selectFrom('featured_pins').selectAll().orderBy('position').execute();
    expect(pins.map((p) => [p.content_type, p.content_id, p.position])).toEqual([
      ['product', ids.lamp, 0],
      ['audio', ids.song, 1],
      ['blog', ids.post, 2],
    ]);
    expect((await listRecommendations(db, 4, 0)).map((r) => r.title)).toEqual([
      'Tide Lamp',
      'Rain Song',
      'A Calm Desk',
    ]);
  });

  it('can be undone and done again', async () => {
    const migrator = new Migrator({ db, provider: migrationProvider });
    expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
    expect((await db.introspection.getTables()).map((table) => table.name)).not.toContain('featured_pins');
    expect(await migrateToLatest(db)).toContain('2026_12_02_1300_featured_pins');
    expect(await db.selectFrom('featured_pins').select('content_id').orderBy('position').execute()).toEqual([
      { content_id: ids.lamp },
      { content_id: ids.song },
      { content_id: ids.post },
    ]);
  });
});
