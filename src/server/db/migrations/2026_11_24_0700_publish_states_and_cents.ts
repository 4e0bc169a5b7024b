// Frozen once landed: never import app code here. Portable types only (SQLite and PostgreSQL).
import { sql, type Kysely } from 'kysely';

const now = sql`CURRENT_TIMESTAMP`;

/**
 * Every content type gets a publish state (existing rows stay published), money becomes integer minor
 * units (cents) everywhere, orders get their items and status history, and the new types (documents, plans, pages).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['products', 'blogs', 'videos', 'audios', 'events']) {
    await db.schema
      .alterTable(table)
      .addColumn('published', 'boolean', (c) => c.notNull().defaultTo(true))
      .execute();
  }
  for (const table of ['products', 'blogs', 'videos', 'audios', 'events']) {
    await db.schema.alterTable(table).addColumn('updated_at', 'text').execute();
  }

  // Floating amounts to cents, half away from zero at the cent as written (1.005 is 100.4999… cents as a double, and
  // PostgreSQL's ROUND of a double rounds half to even): the nudge of a millionth of a cent settles both.
  for (const [table, from, to] of [
    ['products', 'price', 'price_cents'],
    ['events', 'price', 'price_cents'],
    ['orders', 'total', 'total_cents'],
  ] as const) {
    await db.schema
      .alterTable(table)
      .addColumn(to, 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    const amount = sql.ref(from);
    await sql`UPDATE ${sql.table(table)} SET ${sql.ref(to)} = CAST(ROUND(${amount} * 100 + CASE WHEN ${amount} < 0 THEN -0.000001 ELSE 0.000001 END) AS INTEGER)`.execute(
      db,
    );
    await db.schema.alterTable(table).dropColumn(from).execute();
  }
  await db.schema
    .alterTable('products')
    .addColumn('stock', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('events')
    .addColumn('time_zone', 'text', (c) => c.notNull().defaultTo('UTC'))
    .execute();

  // Orders: the statuses of the state machine (src/shared/order-status.ts); 'processing' was a paid order being packed.
  await sql`UPDATE orders SET status = 'paid' WHERE status = 'processing'`.execute(db);
  await db.schema
    .alterTable('orders')
    .addColumn('customer_name', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('customer_email', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('orders').addColumn('updated_at', 'text').execute();
  await db.schema.createIndex('orders_created_idx').on('orders').columns(['created_at']).execute();
  await db.schema.createIndex('orders_status_idx').on('orders').columns(['status', 'created_at']).execute();

  await db.schema
    .createTable('order_items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('product_id', 'text', (c) => c.references('products.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('unit_price_cents', 'integer', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_items_order_idx').on('order_items').columns(['order_id']).execute();

  await db.schema
    .createTable('order_status_history')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('from_status', 'text')
    .addColumn('to_status', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('actor_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('order_status_history_order_idx')
    .on('order_status_history')
    .columns(['order_id', 'at'])
    .execute();

  await db.schema
    .createTable('documents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('file', 'text', (c) => c.notNull())
    .addColumn('download_name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('published', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'text')
    .execute();

  await db.schema
    .createTable('plans')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('price_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('billing_period', 'text', (c) => c.notNull().defaultTo('month'))
    .addColumn('features', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('highlighted', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('published', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'text')
    .execute();

  await db.schema
    .createTable('pages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('in_footer', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('published', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['pages', 'plans', 'documents', 'order_status_history', 'order_items'])
    await db.schema.dropTable(table).ifExists().execute();
  await db.schema.dropIndex('orders_status_idx').ifExists().execute();
  await db.schema.dropIndex('orders_created_idx').ifExists().execute();
  for (const col of ['customer_name', 'customer_email', 'updated_at'])
    await db.schema.alterTable('orders').dropColumn(col).execute();
  await sql`UPDATE orders SET status = 'processing' WHERE status = 'paid'`.execute(db);
  await db.schema.alterTable('events').dropColumn('time_zone').execute();
  await db.schema.alterTable('products').dropColumn('stock').execute();
  for (const [table, to, from] of [
    ['products', 'price', 'price_cents'],
    ['events', 'price', 'price_cents'],
    ['orders', 'total', 'total_cents'],
  ] as const) {
    await db.schema
      .alterTable(table)
      .addColumn(to, 'double precision', (c) => c.notNull().defaultTo(0))
      .execute();
    await sql`UPDATE ${sql.table(table)} SET ${sql.ref(to)} = ${sql.ref(from)} / 100.0`.execute(db);
    await db.schema.alterTable(table).dropColumn(from).execute();
  }
  for (const table of ['products', 'blogs', 'videos', 'audios', 'events']) {
    await db.schema.alterTable(table).dropColumn('updated_at').execute();
    await db.schema.alterTable(table).dropColumn('published').execute();
  }
}
