// Frozen once landed: never import app code here. Portable types only (SQLite and PostgreSQL).
import { sql, type Kysely } from 'kysely';

const now = sql`CURRENT_TIMESTAMP`;

/** The slug rule of src/shared/slug.ts as it stood when this migration landed (frozen copy). */
function slugOf(text: string): string {
  const words = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return words.slice(0, 100).replace(/-+$/, '') || 'product';
}

/**
 * Commerce: every product gets its own page (/shop/{slug}) and a gallery; the store has one currency, an
 * optional tax and its payment settings; an order keeps its priced lines, totals, shipping address, payment and the
 * idempotency key it was placed with; guests verify their email by a code; payment providers' events are kept so a
 * webhook delivered twice is applied once.
 */
export async function up(schemaOnly: Kysely<unknown>): Promise<void> {
  // The columns this migration reads and writes, as they were when it landed.
  const db = schemaOnly.$extendTables<{
    products: { id: string; name: string; slug: string | null; created_at: string };
    store_settings: { id: number; manual_payment_instructions: string };
    orders: { subtotal_cents: number; total_cents: number };
  }>();
  await db.schema.alterTable('products').addColumn('slug', 'text').execute();
  // Extra pictures after `image`: a JSON array of stored picture URLs.
  await db.schema
    .alterTable('products')
    .addColumn('gallery', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  const products = await db.selectFrom('products').select(['id', 'name']).orderBy('created_at').orderBy('id').execute();
  const taken = new Set<string>();
  for (const product of products) {
    const base = slugOf(product.name);
    let slug = base;
    for (let n = 2; taken.has(slug); n++) slug = `${base.slice(0, 100 - String(n).length - 1).replace(/-+$/, '')}-${n}`;
    taken.add(slug);
    await db.updateTable('products').set({ slug }).where('id', '=', product.id).execute();
  }
  await db.schema.createIndex('products_slug_idx').on('products').column('slug').unique().execute();

  // One row (id 1): what the whole store charges in and how it is paid.
  await db.schema
    .createTable('store_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    // ISO 4217 code; every price is in this currency's minor units.
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('USD'))
    // Tax in basis points (2000 = 20 %); 0 for none.
    .addColumn('tax_rate_bp', 'integer', (c) => c.notNull().defaultTo(0))
    // true: prices include the tax (shown as part of the total); false: the tax is added on top.
    .addColumn('tax_inclusive', 'boolean', (c) => c.notNull().defaultTo(false))
    // A flat shipping charge per order, minor units; 0 for free shipping.
    .addColumn('shipping_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('manual_payment_enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('manual_payment_instructions', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await db
    .insertInto('store_settings')
    .values({
      id: 1,
      manual_payment_instructions:
        'Pay by bank transfer within 7 days, with your order reference as the payment reference, or pay on delivery. We ship once the payment has arrived.',
    })
    .execute();

  const orderColumns: [string, 'text' | 'integer' | 'boolean', string | number | boolean][] = [
    ['subtotal_cents', 'integer', 0],
    ['tax_cents', 'integer', 0],
    ['shipping_cents', 'integer', 0],
    ['currency', 'text', 'USD'],
    ['tax_rate_bp', 'integer', 0],
    ['tax_inclusive', 'boolean', false],
    // 'manual' or 'stripe'; payment_ref is the provider's id for it (a Checkout Session id), '' for manual.
    ['payment_method', 'text', 'manual'],
    ['payment_ref', 'text', ''],
    ['ship_name', 'text', ''],
    ['ship_line1', 'text', ''],
    ['ship_line2', 'text', ''],
    ['ship_city', 'text', ''],
    ['ship_region', 'text', ''],
    ['ship_postal_code', 'text', ''],
    ['ship_country', 'text', ''],
  ];
  for (const [name, type, value] of orderColumns) {
    await db.schema
      .alterTable('orders')
      .addColumn(name, type, (c) => c.notNull().defaultTo(value))
      .execute();
  }
  // Orders placed before this migration had no tax or shipping: their subtotal is their total.
  await db
    .updateTable('orders')
    .set({ subtotal_cents: sql`total_cents` })
    .execute();
  // The key the browser placed the order with: the same key again answers the same order (a double click is one order).
  await db.schema.alterTable('orders').addColumn('idempotency_key', 'text').execute();
  // SHA-256 of the token a guest's confirmation link carries (guests have no session to read their order with).
  await db.schema.alterTable('orders').addColumn('access_token_hash', 'text').execute();
  await db.schema.createIndex('orders_idempotency_idx').on('orders').column('idempotency_key').unique().execute();
  await db.schema.createIndex('orders_user_created_idx').on('orders').columns(['user_id', 'created_at']).execute();

  // A guest's email verified by a one-time code before an order is placed.
  await db.schema
    .createTable('checkout_verifications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    // Once the code is right: SHA-256 of the checkout token handed to the browser, valid until token_expires_at.
    .addColumn('token_hash', 'text')
    .addColumn('token_expires_at', 'text')
    .execute();
  await db.schema
    .createIndex('checkout_verifications_email_idx')
    .on('checkout_verifications')
    .column('email')
    .execute();
  await db.schema
    .createIndex('checkout_verifications_token_idx')
    .on('checkout_verifications')
    .column('token_hash')
    .execute();

  // Every payment provider event applied, by the provider's own id: a webhook delivered again is a no-op.
  await db.schema
    .createTable('payment_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('order_id', 'text')
    .addColumn('received_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['payment_events', 'checkout_verifications', 'store_settings'])
    await db.schema.dropTable(table).ifExists().execute();
  for (const index of ['orders_user_created_idx', 'orders_idempotency_idx', 'products_slug_idx'])
    await db.schema.dropIndex(index).ifExists().execute();
  for (const column of [
    'access_token_hash',
    'idempotency_key',
    'ship_country',
    'ship_postal_code',
    'ship_region',
    'ship_city',
    'ship_line2',
    'ship_line1',
    'ship_name',
    'payment_ref',
    'payment_method',
    'tax_inclusive',
    'tax_rate_bp',
    'currency',
    'shipping_cents',
    'tax_cents',
    'subtotal_cents',
  ]) {
    await db.schema.alterTable('orders').dropColumn(column).execute();
  }
  await db.schema.alterTable('products').dropColumn('gallery').execute();
  await db.schema.alterTable('products').dropColumn('slug').execute();
}
