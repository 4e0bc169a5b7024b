// Frozen once landed: never import app code here. Portable types only (SQLite and PostgreSQL).
import type { Kysely } from 'kysely';

/**
 * Scheduled publishing: an item published or unpublished at run_at (a UTC instant). status is 'pending' until the
 * runner claims it ('running'), then 'done' or 'failed' (with error); 'cancelled' when withdrawn before its time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('scheduled_changes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('item_type', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('item_title', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('run_at', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_by_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('claimed_at', 'text')
    .addColumn('finished_at', 'text')
    .addColumn('error', 'text')
    .execute();
  await db.schema
    .createIndex('scheduled_changes_due_idx')
    .on('scheduled_changes')
    .columns(['status', 'run_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('scheduled_changes').execute();
}
