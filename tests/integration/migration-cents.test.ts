/** The cents migration on a database with rows of the version before it: floating money to cents, states kept. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../src/server/db/connection.ts';
import { migrateToLatest, migrationProvider } from '../../src/server/db/migrate.ts';

let dir: string;
let db: Db;
const at = '2026-11-01T10:00:00.000Z';

// Each hook hands back its own cleanup, so what was made is removed whichever step fails.
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'migration-cents-'));
  return () => {
    rmSync(dir, { recursive: true, force: true });
  };
});
beforeAll(() => {
  db = createDb({ dataDir: dir });
  return () => db.destroy();
});
beforeAll(async () => {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error } = await migrator.migrateTo('2026_11_24_0400_create_audit_log');
  expect(error).toBeUndefined();
  // Rows as the earlier version wrote them (its columns are not in today's types, hence raw SQL).
  await sql`INSERT INTO products (id, name, price, created_at) VALUES ('p1', 'Hub', 39.99, ${at}), ('p2', 'Odd', 1.005, ${at}), ('p3', 'Free', 0, ${at})`.execute(
    db,
  );
  await sql`INSERT INTO events (id, name, start_date, end_date, price, created_at) VALUES ('e1', 'Talk', ${at}, ${at}, 12.5, ${at})`.execute(
    db,
  );
  await sql`INSERT INTO orders (id, status, total, created_at) VALUES ('o1', 'processing', 348.5, ${at}), ('o2', 'delivered', 0.1, ${at})`.execute(
    db,
  );
  await sql`INSERT INTO blogs (id, title, slug, created_at) VALUES ('b1', 'Kept', 'kept', ${at})`.execute(db);
  await migrateToLatest(db);
}, 60_000);

describe('migration 2026_11_24_0700 (publish states and cents)', () => {
  it('turns floating prices and totals into integer cents, rounding half away from zero', async () => {
    const products = await db
      .selectFrom('products')
      .select(['id', 'price_cents', 'stock', 'published'])
      .orderBy('id')
      .execute();
    expect(products.map((p) => p.price_cents)).toEqual([3999, 101, 0]);
    expect(products.every((p) => p.stock === 0 && Boolean(p.published))).toBe(true);
    const event = await db.selectFrom('events').select(['price_cents', 'time_zone']).executeTakeFirstOrThrow();
    expect(event).toEqual({ price_cents: 1250, time_zone: 'UTC' });
    const orders = await db.selectFrom('orders').select(['id', 'total_cents', 'status']).orderBy('id').execute();
    expect(orders).toEqual([
      { id: 'o1', total_cents: 34850, status: 'paid' },
      { id: 'o2', total_cents: 10, status: 'delivered' },
    ]);
  });

  it('keeps existing content published and drops the floating columns', async () => {
    expect(Boolean((await db.selectFrom('blogs').select('published').executeTakeFirstOrThrow()).published)).toBe(true);
    const columns = async (table: string) =>
      (await sql<{ name: string }>`SELECT name FROM pragma_table_info(${table})`.execute(db)).rows.map((r) => r.name);
    expect(await columns('products')).not.toContain('price');
    expect(await columns('orders')).not.toContain('total');
    for (const table of ['order_items', 'order_status_history', 'documents', 'plans', 'pages'])
      expect(await columns(table)).toContain('id');
  });
});
