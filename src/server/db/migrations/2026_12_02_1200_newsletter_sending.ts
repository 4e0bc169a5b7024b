// Frozen once landed: never import app code here. Portable types only (SQLite and PostgreSQL).
import type { Kysely } from 'kysely';

/**
 * Sending the newsletter: where each address signed up ('form', 'import'; every earlier row came from the sign-up
 * form), the issues the admin composes, and one delivery row per issue and confirmed subscriber, which the send worker
 * claims ('sending') before mailing and marks 'sent' right after, so that a restart never mails an address twice.
 * A delivery's unsubscribe token is kept only as its SHA-256.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('newsletter_subscribers')
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('form'))
    .execute();
  await db.schema
    .createTable('newsletter_issues')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('subject', 'text', (c) => c.notNull())
    // Sanitised rich text (the blog allow-list).
    .addColumn('body', 'text', (c) => c.notNull().defaultTo(''))
    // 'draft' until sent; 'sending' while deliveries are queued; 'sent' once none is left to send.
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
    .addColumn('recipient_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('send_started_at', 'text')
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema.createIndex('newsletter_issues_created_idx').on('newsletter_issues').column('created_at').execute();
  await db.schema
    .createTable('newsletter_deliveries')
    .addColumn('issue_id', 'text', (c) => c.notNull().references('newsletter_issues.id').onDelete('cascade'))
    .addColumn('subscriber_id', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    // queued → sending (claimed) → sent | failed | skipped; a crash leaves 'sending', which is never sent again.
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('claimed_at', 'text')
    .addColumn('next_attempt_at', 'text')
    .addColumn('sent_at', 'text')
    // Why a delivery failed or was skipped: 'refused' (the mail server said no), 'interrupted' (may have gone out),
    // 'unsubscribed' (left before its turn).
    .addColumn('failure', 'text')
    .addColumn('unsubscribe_token_hash', 'text')
    .addPrimaryKeyConstraint('newsletter_deliveries_pk', ['issue_id', 'subscriber_id'])
    .execute();
  await db.schema
    .createIndex('newsletter_deliveries_status_idx')
    .on('newsletter_deliveries')
    .columns(['status', 'issue_id'])
    .execute();
  await db.schema
    .createIndex('newsletter_deliveries_subscriber_idx')
    .on('newsletter_deliveries')
    .column('subscriber_id')
    .execute();
  await db.schema
    .createIndex('newsletter_deliveries_unsubscribe_idx')
    .on('newsletter_deliveries')
    .column('unsubscribe_token_hash')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('newsletter_deliveries').execute();
  await db.schema.dropTable('newsletter_issues').execute();
  await db.schema.alterTable('newsletter_subscribers').dropColumn('source').execute();
}
