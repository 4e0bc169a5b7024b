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
  return words.slice(0, 100).replace(/-+$/, '') || 'event';
}

/**
 * Every event gets its own address (/events/{slug}); the site's visitors can subscribe to a newsletter
 * (double opt-in) and write to the company (stored messages); the company lists its team on About.
 */
export async function up(schemaOnly: Kysely<unknown>): Promise<void> {
  // The columns this migration reads and writes, as they were when it landed.
  const db = schemaOnly.$extendTables<{
    events: { id: string; name: string; slug: string | null; created_at: string };
  }>();
  await db.schema.alterTable('events').addColumn('slug', 'text').execute();
  const events = await db.selectFrom('events').select(['id', 'name']).orderBy('created_at').orderBy('id').execute();
  const taken = new Set<string>();
  for (const event of events) {
    const base = slugOf(event.name);
    let slug = base;
    for (let n = 2; taken.has(slug); n++) slug = `${base.slice(0, 100 - String(n).length - 1).replace(/-+$/, '')}-${n}`;
    taken.add(slug);
    await db.updateTable('events').set({ slug }).where('id', '=', event.id).execute();
  }
  await db.schema.createIndex('events_slug_idx').on('events').column('slug').unique().execute();
  // A poster shown before a video plays (or when it cannot load) and an audio item's cover art: stored picture URLs.
  await db.schema
    .alterTable('videos')
    .addColumn('poster', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('audios')
    .addColumn('cover', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  await db.schema
    .createTable('newsletter_subscribers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    // 'pending' until the emailed link is opened, then 'confirmed'; 'unsubscribed' keeps the address from being mailed.
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    // SHA-256 of the confirmation and unsubscribe tokens; the tokens themselves are only ever in the mails.
    .addColumn('confirm_token_hash', 'text')
    .addColumn('confirm_expires_at', 'text')
    .addColumn('unsubscribe_token_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('confirmed_at', 'text')
    .addColumn('unsubscribed_at', 'text')
    .execute();
  await db.schema
    .createIndex('newsletter_confirm_idx')
    .on('newsletter_subscribers')
    .column('confirm_token_hash')
    .execute();
  await db.schema
    .createIndex('newsletter_unsubscribe_idx')
    .on('newsletter_subscribers')
    .column('unsubscribe_token_hash')
    .execute();

  await db.schema
    .createTable('contact_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('read_at', 'text')
    .execute();
  await db.schema.createIndex('contact_messages_created_idx').on('contact_messages').columns(['created_at']).execute();

  await db.schema
    .createTable('team_members')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('bio', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('photo', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['team_members', 'contact_messages', 'newsletter_subscribers'])
    await db.schema.dropTable(table).ifExists().execute();
  await db.schema.alterTable('audios').dropColumn('cover').execute();
  await db.schema.alterTable('videos').dropColumn('poster').execute();
  await db.schema.dropIndex('events_slug_idx').ifExists().execute();
  await db.schema.alterTable('events').dropColumn('slug').execute();
}
