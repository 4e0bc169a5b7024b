/**
 * Newsletter subscribers, issues and deliveries (Kysely only): subscribers found by address or by the SHA-256 of an
 * emailed token; deliveries claimed one at a time by the send worker.
 */
import { sql, type Expression, type ExpressionBuilder, type Insertable, type SqlBool, type Updateable } from 'kysely';
import type { SubscribersFilter } from '../../../shared/schemas/newsletter.ts';
import type { Db } from '../../db/connection.ts';
import type {
  Database,
  NewsletterDeliveriesTable,
  NewsletterIssuesTable,
  NewsletterSubscribersTable,
} from '../../db/schema.ts';
import { escapeLike } from '../users/users.admin.repository.ts';

export const findSubscriberByEmail = (db: Db, email: string) =>
  db.selectFrom('newsletter_subscribers').selectAll().where('email', '=', email).executeTakeFirst();

export const findSubscriberByConfirmHash = (db: Db, hash: string) =>
  db.selectFrom('newsletter_subscribers').selectAll().where('confirm_token_hash', '=', hash).executeTakeFirst();

export const findSubscriberByUnsubscribeHash = (db: Db, hash: string) =>
  db.selectFrom('newsletter_subscribers').selectAll().where('unsubscribe_token_hash', '=', hash).executeTakeFirst();

/**
 * Stores a pending sign-up with fresh token hashes: a new row, or the address's row when it is not confirmed (a
 * sign-up racing another for the same address updates instead of failing; a confirmed row is never reset).
 */
export async function upsertPendingSubscriber(db: Db, row: Insertable<NewsletterSubscribersTable>): Promise<boolean> {
  const result = await db
    .insertInto('newsletter_subscribers')
    .values(row)
    .onConflict((oc) =>
      oc
        .column('email')
        .doUpdateSet({
          status: 'pending',
          confirm_token_hash: row.confirm_token_hash,
          confirm_expires_at: row.confirm_expires_at,
          unsubscribe_token_hash: row.unsubscribe_token_hash,
          confirmed_at: null,
          source: row.source ?? 'form',
        })
        .where('newsletter_subscribers.status', '<>', 'confirmed'),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 1) > 0;
}

/** Unsubscribes a row that is not unsubscribed yet; false when another request got there first. */
export async function unsubscribeSubscriber(db: Db, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('newsletter_subscribers')
    .set({ status: 'unsubscribed', unsubscribed_at: at, confirm_token_hash: null, confirm_expires_at: null })
    .where('id', '=', id)
    .where('status', '!=', 'unsubscribed')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Confirms a pending row whose confirmation hash is still `hash`; false when another request got there first. */
export async function confirmSubscriber(db: Db, id: string, hash: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('newsletter_subscribers')
    .set({
      status: 'confirmed',
      confirmed_at: at,
      unsubscribed_at: null,
      confirm_token_hash: null,
      confirm_expires_at: null,
    })
    .where('id', '=', id)
    .where('confirm_token_hash', '=', hash)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

const SUBSCRIBER_COLUMNS = [
  'id',
  'email',
  'status',
  'source',
  'created_at',
  'confirmed_at',
  'unsubscribed_at',
] as const;

function matching(filter: Omit<SubscribersFilter, 'page' | 'pageSize'>) {
  return (eb: ExpressionBuilder<Database, 'newsletter_subscribers'>) => {
    const parts: Expression<SqlBool>[] = [];
    // lower() on both sides: LIKE is case-sensitive on PostgreSQL.
    if (filter.q)
      parts.push(
        sql<SqlBool>`lower(${sql.ref('email')}) like ${`%${escapeLike(filter.q.toLowerCase())}%`} escape '\\'`,
      );
    if (filter.status) parts.push(eb('status', '=', filter.status));
    if (filter.source) parts.push(eb('source', '=', filter.source));
    return eb.and(parts);
  };
}

/** One page of subscribers, newest first, and how many match in all. */
export async function listSubscriberRows(db: Db, filter: SubscribersFilter) {
  const [count, rows] = await Promise.all([
    db
      .selectFrom('newsletter_subscribers')
      .select((eb) => eb.fn.countAll().as('n'))
      .where(matching(filter))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('newsletter_subscribers')
      .select(SUBSCRIBER_COLUMNS)
      .where(matching(filter))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize)
      .execute(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Every subscriber the filter matches (the CSV export), newest first. */
export const exportSubscriberRows = (db: Db, filter: Omit<SubscribersFilter, 'page' | 'pageSize'>) =>
  db
    .selectFrom('newsletter_subscribers')
    .select(SUBSCRIBER_COLUMNS)
    .where(matching(filter))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();

/** How many subscribers there are in each status. */
export async function countSubscribersByStatus(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('newsletter_subscribers')
    .select((eb) => ['status', eb.fn.countAll().as('n')])
    .groupBy('status')
    .execute();
  return new Map(rows.map((r) => [r.status, Number(r.n)]));
}

/** Removes a subscriber and its deliveries (queued ones are then never sent); false when there was none. */
export async function deleteSubscriber(db: Db, id: string): Promise<string | null> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('newsletter_subscribers').select('email').where('id', '=', id).executeTakeFirst();
    if (!row) return null;
    await trx.deleteFrom('newsletter_deliveries').where('subscriber_id', '=', id).execute();
    await trx.deleteFrom('newsletter_subscribers').where('id', '=', id).execute();
    return row.email;
  });
}

/** The status of each of `emails` that is stored. */
export async function subscriberStatuses(db: Db, emails: readonly string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (let at = 0; at < emails.length; at += 500) {
    const rows = await db
      .selectFrom('newsletter_subscribers')
      .select(['email', 'status'])
      .where('email', 'in', emails.slice(at, at + 500))
      .execute();
    for (const row of rows) found.set(row.email, row.status);
  }
  return found;
}

/** Stores new pending rows; an address stored meanwhile is left as it is. Answers the addresses inserted. */
export async function insertNewSubscribers(
  db: Db,
  rows: readonly Insertable<NewsletterSubscribersTable>[],
): Promise<Set<string>> {
  const inserted = new Set<string>();
  for (let at = 0; at < rows.length; at += 200) {
    const done = await db
      .insertInto('newsletter_subscribers')
      .values(rows.slice(at, at + 200))
      .onConflict((oc) => oc.column('email').doNothing())
      .returning('email')
      .execute();
    for (const row of done) inserted.add(row.email);
  }
  return inserted;
}

// Confirmations of imported addresses, for the send worker.

/**
 * The next address owed its confirmation mail, oldest first: pending with no confirmation token yet (an import stores
 * its addresses so, and the send worker mails them). A sign-up from the form meanwhile gives the row a token of its own
 * and its own mail, which takes it out of this queue.
 */
export const nextDueConfirmation = (db: Db) =>
  db
    .selectFrom('newsletter_subscribers')
    .select(['id', 'email'])
    .where('status', '=', 'pending')
    .where('confirm_token_hash', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();

/**
 * Claims a due confirmation before its mail goes out: stores the hashes of the tokens the mail will carry. False when
 * the row is no longer due (another worker claimed it, the address signed up from the form, or it was removed). A
 * claim is never undone: a mail that may have gone out is never sent a second time.
 */
export async function claimConfirmation(
  db: Db,
  id: string,
  hashes: { confirm_token_hash: string; confirm_expires_at: string; unsubscribe_token_hash: string },
): Promise<boolean> {
  const result = await db
    .updateTable('newsletter_subscribers')
    .set(hashes)
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('confirm_token_hash', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The subscriber a newsletter mail's unsubscribe token (kept per delivery) belongs to. */
export const findSubscriberByDeliveryHash = (db: Db, hash: string) =>
  db
    .selectFrom('newsletter_deliveries as d')
    .innerJoin('newsletter_subscribers as s', 's.id', 'd.subscriber_id')
    .selectAll('s')
    .where('d.unsubscribe_token_hash', '=', hash)
    .executeTakeFirst();

// Issues.

export const insertIssue = (db: Db, row: Insertable<NewsletterIssuesTable>) =>
  db.insertInto('newsletter_issues').values(row).execute();

export const findIssue = (db: Db, id: string) =>
  db.selectFrom('newsletter_issues').selectAll().where('id', '=', id).executeTakeFirst();

/** Changes a draft; false when the issue is missing or no longer a draft. */
export async function updateDraftIssue(
  db: Db,
  id: string,
  values: Updateable<NewsletterIssuesTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('newsletter_issues')
    .set(values)
    .where('id', '=', id)
    .where('status', '=', 'draft')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Deletes a draft; false when the issue is missing or no longer a draft. */
export async function deleteDraftIssue(db: Db, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('newsletter_issues')
    .where('id', '=', id)
    .where('status', '=', 'draft')
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** One page of issues, newest first, without their bodies. */
export async function listIssueRows(db: Db, page: number, pageSize: number) {
  const [count, rows] = await Promise.all([
    db
      .selectFrom('newsletter_issues')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('newsletter_issues')
      .select(['id', 'subject', 'status', 'recipient_count', 'created_at', 'updated_at', 'send_started_at', 'sent_at'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
  ]);
  return { rows, total: Number(count.n) };
}

/** The deliveries of each issue counted by status and failure. */
export async function countDeliveries(db: Db, issueIds: readonly string[]) {
  if (issueIds.length === 0) return [];
  const rows = await db
    .selectFrom('newsletter_deliveries')
    .select((eb) => ['issue_id', 'status', 'failure', eb.fn.countAll().as('n')])
    .where('issue_id', 'in', issueIds)
    .groupBy(['issue_id', 'status', 'failure'])
    .execute();
  return rows.map((r) => ({ ...r, n: Number(r.n) }));
}

/**
 * Starts sending a draft: it becomes 'sending' and gets one queued delivery per confirmed subscriber, in one
 * transaction. Answers the number of recipients; null when the issue is no draft (sent already, or by a
 * request in between), 0 (and nothing changed) when there is no confirmed subscriber.
 */
export async function queueIssue(db: Db, id: string, at: string): Promise<number | null> {
  return db
    .transaction()
    .execute(async (trx) => {
      const started = await trx
        .updateTable('newsletter_issues')
        .set({ status: 'sending', send_started_at: at, updated_at: at })
        .where('id', '=', id)
        .where('status', '=', 'draft')
        .executeTakeFirst();
      if (Number(started.numUpdatedRows) !== 1) return null;
      await trx
        .insertInto('newsletter_deliveries')
        .columns(['issue_id', 'subscriber_id', 'email', 'status', 'attempts'])
        .expression((eb) =>
          eb
            .selectFrom('newsletter_subscribers')
            .select([
              sql<string>`cast(${id} as text)`.as('issue_id'),
              'id',
              'email',
              sql.lit('queued').as('status'),
              sql.lit(0).as('attempts'),
            ])
            .where('status', '=', 'confirmed'),
        )
        .execute();
      const { n } = await trx
        .selectFrom('newsletter_deliveries')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('issue_id', '=', id)
        .executeTakeFirstOrThrow();
      const recipients = Number(n);
      // Rolled back: the draft stays a draft.
      if (recipients === 0) throw new NoRecipients();
      await trx.updateTable('newsletter_issues').set({ recipient_count: recipients }).where('id', '=', id).execute();
      return recipients;
    })
    .catch((error: unknown) => {
      if (error instanceof NoRecipients) return 0;
      throw error;
    });
}

class NoRecipients extends Error {}

// Deliveries, for the send worker.

export interface DeliveryKey {
  issue_id: string;
  subscriber_id: string;
}

/**
 * Deliveries a stopped worker left claimed: they may or may not have gone out, so they are marked failed
 * ('interrupted') and never sent again. Answers how many.
 */
export async function failInterruptedDeliveries(db: Db): Promise<number> {
  const result = await db
    .updateTable('newsletter_deliveries')
    .set({ status: 'failed', failure: 'interrupted' })
    .where('status', '=', 'sending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The next delivery due, with its subscriber's status now (null when the subscriber was removed). */
export const nextQueuedDelivery = (db: Db, now: string) =>
  db
    .selectFrom('newsletter_deliveries as d')
    .leftJoin('newsletter_subscribers as s', 's.id', 'd.subscriber_id')
    .select(['d.issue_id', 'd.subscriber_id', 'd.email', 'd.attempts', 's.status as subscriber_status'])
    .where('d.status', '=', 'queued')
    .where((eb) => eb.or([eb('d.next_attempt_at', 'is', null), eb('d.next_attempt_at', '<=', now)]))
    .orderBy('d.issue_id')
    .orderBy('d.subscriber_id')
    .limit(1)
    .executeTakeFirst();

/** Claims a queued delivery ('sending', one more attempt, the new token's hash); false when another got it first. */
export async function claimDelivery(db: Db, key: DeliveryKey, at: string, tokenHash: string): Promise<boolean> {
  const result = await db
    .updateTable('newsletter_deliveries')
    .set((eb) => ({
      status: 'sending',
      claimed_at: at,
      attempts: eb('attempts', '+', 1),
      unsubscribe_token_hash: tokenHash,
    }))
    .where('issue_id', '=', key.issue_id)
    .where('subscriber_id', '=', key.subscriber_id)
    .where('status', '=', 'queued')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Moves a delivery on from `from` (the worker's own claim, or a queued one it skips); false when it had moved. */
export async function settleDelivery(
  db: Db,
  key: DeliveryKey,
  from: 'sending' | 'queued',
  values: Updateable<NewsletterDeliveriesTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('newsletter_deliveries')
    .set(values)
    .where('issue_id', '=', key.issue_id)
    .where('subscriber_id', '=', key.subscriber_id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Issues still 'sending' with no delivery left to send become 'sent'. */
export async function finishIssues(db: Db, at: string): Promise<void> {
  await db
    .updateTable('newsletter_issues')
    .set({ status: 'sent', sent_at: at })
    .where('status', '=', 'sending')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('newsletter_deliveries')
            .select('issue_id')
            .whereRef('newsletter_deliveries.issue_id', '=', 'newsletter_issues.id')
            .where('newsletter_deliveries.status', 'in', ['queued', 'sending']),
        ),
      ),
    )
    .execute();
}
