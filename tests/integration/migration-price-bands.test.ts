/** The price bands migration on a store of the version before it: its settings kept, its filters the spec's bands. */
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/connection.ts';
import { migrateToLatest, migrationProvider } from '../../src/server/db/migrate.ts';
import { getStoreSettings } from '../../src/server/modules/store/store.service.ts';
import { databaseAtMigration } from '../helpers/migration-database.ts';

let db: Db;

beforeAll(async () => {
  const opened = await databaseAtMigration('2026_12_01_1300_checkout_requester');
  db = opened.db;
  // A store that set its own currency and zone before bands could be set.
  await sql`UPDATE store_settings SET currency = 'EUR', time_zone = 'Europe/Paris', shipping_cents = 495`.execute(db);
  await migrateToLatest(db);
  return opened.close;
}, 60_000);

describe('migration 2026_12_01_1400 (price bands)', () => {
  it("keeps the store's settings and leaves its bands unset", async () => {
    const row = await db.selectFrom('store_settings').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ currency: 'EUR', time_zone: 'Europe/Paris', shipping_cents: 495, price_bands: null });
  });

  it("answers the spec's bands for the store, in its own currency", async () => {
    const settings = await getStoreSettings(db, { stripe: undefined });
    expect(settings.currency).toBe('EUR');
    expect(settings.priceBandsCents).toEqual({ shop: [5000, 10000, 50000], search: [5000, 10000] });
  });

  it('can be undone and done again', async () => {
    const migrator = new Migrator({ db, provider: migrationProvider });
    const down = await migrator.migrateTo('2026_12_01_1300_checkout_requester');
    expect(down.error).toBeUndefined();
    const columns = (await db.introspection.getTables()).find((table) => table.name === 'store_settings')?.columns;
    expect(columns?.map((column) => column.name)).not.toContain('price_bands');
    expect(await migrateToLatest(db)).toContain('2026_12_01_1400_price_bands');
    expect((await db.selectFrom('store_settings').select('price_bands').executeTakeFirstOrThrow()).price_bands).toBe(
      null,
    );
  });
});
