// Frozen once landed: never import app code here. Portable types only (SQLite and PostgreSQL).
import { sql, type Kysely } from 'kysely';

const now = sql`CURRENT_TIMESTAMP`;

/**
 * Conversations between visitors and the company (the contact form's messages become the first message of
 * one), a pending email change confirmed by a code, and cookie-less page-view counts.
 */
export async function up(schemaOnly: Kysely<unknown>): Promise<void> {
  // The columns this migration reads and writes, as they were when it landed.
  const db = schemaOnly.$extendTables<{
    contact_messages: {
      id: string;
      name: string;
      email: string;
      subject: string;
      message: string;
      created_at: string;
      read_at: string | null;
    };
    conversations: {
      id: string;
      user_id: string | null;
      name: string;
      email: string;
      subject: string;
      source: string;
      status: string;
      admin_unread: number;
      visitor_unread: number;
      created_at: string;
      last_message_at: string;
    };
    conversation_messages: {
      id: string;
      conversation_id: string;
      author: string;
      author_id: string | null;
      body: string;
      created_at: string;
    };
  }>();
  // A thread with the company: a signed-in visitor's (user_id set) or a guest's from the contact form (user_id null).
  await db.schema
    .createTable('conversations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    // The visitor's name and address as given: replies are mailed there.
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    // 'contact' (the public form) or 'account' (/messages).
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('contact'))
    // 'open' or 'closed'.
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
    // Messages the other side has not read yet.
    .addColumn('admin_unread', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('visitor_unread', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('last_message_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('conversations_user_idx')
    .on('conversations')
    .columns(['user_id', 'last_message_at'])
    .execute();
  await db.schema.createIndex('conversations_last_idx').on('conversations').column('last_message_at').execute();
  await db.schema.createIndex('conversations_email_idx').on('conversations').column('email').execute();

  await db.schema
    .createTable('conversation_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('conversation_id', 'text', (c) => c.notNull().references('conversations.id').onDelete('cascade'))
    // 'visitor' or 'company'.
    .addColumn('author', 'text', (c) => c.notNull())
    // The admin who answered, or the signed-in visitor; null for a guest.
    .addColumn('author_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('conversation_messages_thread_idx')
    .on('conversation_messages')
    .columns(['conversation_id', 'created_at'])
    .execute();

  // Addresses whose messages the company no longer accepts (the admin's 'Block sender'), lower-cased.
  await db.schema
    .createTable('blocked_senders')
    .addColumn('email', 'text', (c) => c.primaryKey())
    .addColumn('blocked_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();

  // Every stored contact-form message becomes a guest conversation with that one message.
  const stored = await db.selectFrom('contact_messages').selectAll().execute();
  for (const row of stored) {
    await db
      .insertInto('conversations')
      .values({
        id: row.id,
        user_id: null,
        name: row.name,
        email: row.email,
        subject: row.subject,
        source: 'contact',
        status: 'open',
        admin_unread: row.read_at ? 0 : 1,
        visitor_unread: 0,
        created_at: row.created_at,
        last_message_at: row.created_at,
      })
      .execute();
    await db
      .insertInto('conversation_messages')
      .values({
        id: `${row.id}-1`,
        conversation_id: row.id,
        author: 'visitor',
        author_id: null,
        body: row.message,
        created_at: row.created_at,
      })
      .execute();
  }
  await db.schema.dropTable('contact_messages').execute();
  // The placeholder's user-to-user table was never written by any screen.
  await db.schema.dropTable('messages').execute();

  // One pending email change per account: the new address and a hashed code sent to it.
  await db.schema
    .createTable('email_changes')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('new_email', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();

  // Page views per day, path and referring host ('' for none or this site): no address, no cookie, no user id.
  await db.schema
    .createTable('page_views')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('referrer_host', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('page_views_pk', ['day', 'path', 'referrer_host'])
    .execute();
  // Unique visitors: a hash of the day's secret salt, address and browser; the salt is deleted when the day ends.
  await db.schema
    .createTable('page_visitors')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('visitor_hash', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('page_visitors_pk', ['day', 'visitor_hash'])
    .execute();
  await db.schema
    .createTable('analytics_salts')
    .addColumn('day', 'text', (c) => c.primaryKey())
    .addColumn('salt', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'analytics_salts',
    'page_visitors',
    'page_views',
    'email_changes',
    'blocked_senders',
    'conversation_messages',
    'conversations',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  // The two replaced tables come back empty: their rows moved into conversations.
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
  await db.schema
    .createTable('messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('sender_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('receiver_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}
