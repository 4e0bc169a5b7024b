// Frozen once landed: never import app code here. Portable types only (SQLite and PostgreSQL).
import { sql, type Kysely } from 'kysely';

const now = sql`CURRENT_TIMESTAMP`;

/**
 * Moving in from another platform. Redirects: an old address (a path) answered with a 301 to its new one. Import jobs:
 * an uploaded export, its dry run's plan (JSON), then the import's progress, lease (the runner that holds it) and
 * report (JSON). Import sources: what each item of a source became here, keyed by its name in the source, with a hash
 * of what the source said, so a second run creates nothing twice and changes only what changed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('redirects')
    .addColumn('from_path', 'text', (c) => c.primaryKey())
    .addColumn('to_path', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('admin'))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createTable('import_jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('media_file_name', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('planned'))
    .addColumn('plan', 'text', (c) => c.notNull())
    .addColumn('report', 'text')
    .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_by_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .addColumn('lease_until', 'text')
    .execute();
  await db.schema
    .createTable('import_sources')
    .addColumn('source_key', 'text', (c) => c.primaryKey())
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('source_hash', 'text', (c) => c.notNull())
    .addColumn('job_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('import_sources').execute();
  await db.schema.dropTable('import_jobs').execute();
  await db.schema.dropTable('redirects').execute();
}
