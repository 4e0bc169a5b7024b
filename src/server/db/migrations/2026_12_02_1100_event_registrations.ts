// Frozen once landed: never import app code here. Portable types only (SQLite and PostgreSQL).
import { sql, type Kysely } from 'kysely';

/**
 * Sign-ups for events: a capacity per event (0 = unlimited), the product that sells a paid event's tickets, and one
 * row per registration (confirmed, waiting or cancelled). events.registrations stays the count of confirmed seats.
 * One live registration per address and event (a cancelled one frees the address); the cancel link's token is kept
 * only as its SHA-256.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('events')
    .addColumn('capacity', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('events')
    .addColumn('ticket_product_id', 'text', (c) => c.references('products.id').onDelete('set null'))
    .execute();
  await db.schema
    .createTable('event_registrations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('seats', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('cancel_token_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('cancelled_at', 'text')
    .execute();
  await db.schema
    .createIndex('event_registrations_event_idx')
    .on('event_registrations')
    .columns(['event_id', 'status', 'created_at'])
    .execute();
  await db.schema
    .createIndex('event_registrations_live_email_idx')
    .on('event_registrations')
    .columns(['event_id', 'email'])
    .unique()
    .where(sql.ref('status'), '<>', 'cancelled')
    .execute();
  await db.schema
    .createIndex('event_registrations_cancel_idx')
    .on('event_registrations')
    .column('cancel_token_hash')
    .unique()
    .execute();
  await db.schema.createIndex('event_registrations_user_idx').on('event_registrations').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('event_registrations').execute();
  await db.schema.alterTable('events').dropColumn('ticket_product_id').execute();
  await db.schema.alterTable('events').dropColumn('capacity').execute();
}
