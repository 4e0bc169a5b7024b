// Frozen once landed: never import app code here. Portable types only (SQLite and PostgreSQL).
import { sql, type Kysely } from 'kysely';

/**
 * Tickets of paid events: a ticket is a product whose event_id names its event (null for the shop's own products,
 * which the public lists keep to), one per event. A paid order of tickets becomes a registration with source 'order'
 * and its order's id; one such row per order and event. An address may hold a sign-up and any number of orders, so the
 * one-live-registration-per-address rule now covers the form's sign-ups only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('products').addColumn('event_id', 'text').execute();
  await db.schema.createIndex('products_event_idx').on('products').column('event_id').unique().execute();
  await db.schema
    .alterTable('event_registrations')
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('form'))
    .execute();
  await db.schema
    .alterTable('event_registrations')
    // No foreign key: SQLite cannot drop a column that has one, and orders are never deleted.
    .addColumn('order_id', 'text')
    .execute();
  await db.schema.dropIndex('event_registrations_live_email_idx').execute();
  await db.schema
    .createIndex('event_registrations_live_email_idx')
    .on('event_registrations')
    .columns(['event_id', 'email'])
    .unique()
    .where(sql.ref('status'), '<>', 'cancelled')
    .where(sql.ref('source'), '=', 'form')
    .execute();
  await db.schema
    .createIndex('event_registrations_order_idx')
    .on('event_registrations')
    .columns(['order_id', 'event_id'])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('event_registrations_order_idx').execute();
  await db.schema.dropIndex('event_registrations_live_email_idx').execute();
  await sql`delete from event_registrations where source = 'order'`.execute(db);
  await db.schema
    .createIndex('event_registrations_live_email_idx')
    .on('event_registrations')
    .columns(['event_id', 'email'])
    .unique()
    .where(sql.ref('status'), '<>', 'cancelled')
    .execute();
  await db.schema.alterTable('event_registrations').dropColumn('order_id').execute();
  await db.schema.alterTable('event_registrations').dropColumn('source').execute();
  await db.schema.dropIndex('products_event_idx').execute();
  await db.schema.alterTable('products').dropColumn('event_id').execute();
}
