/** Newsletter subscribers (Kysely only): found by address or by the SHA-256 of an emailed token. */
import { sql, type Expression, type ExpressionBuilder, type Insertable, type SqlBool, type Updateable } from 'kysely';
import type { SubscribersFilter } from '../../../shared/schemas/newsletter.ts';
import type { Db } from '../../db/connection.ts';
import type { Database, NewsletterSubscribersTable } from '../../db/schema.ts';
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
        })
        .where('newsletter_subscribers.status', '<>', 'confirmed'),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 1) > 0;
}

export async function updateSubscriber(
  db: Db,
  id: string,
  values: Updateable<NewsletterSubscribersTable>,
): Promise<void> {
  await db.updateTable('newsletter_subscribers').set(values).where('id', '=', id).execute();
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

function matching(filter: SubscribersFilter) {
  return (eb: ExpressionBuilder<Database, 'newsletter_subscribers'>) => {
    const parts: Expression<SqlBool>[] = [];
    // lower() on both sides: LIKE is case-sensitive on PostgreSQL.
    if (filter.q)
      parts.push(
        sql<SqlBool>`lower(${sql.ref('email')}) like ${`%${escapeLike(filter.q.toLowerCase())}%`} escape '\\'`,
      );
    if (filter.status) parts.push(eb('status', '=', filter.status));
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
      .select(['id', 'email', 'status', 'created_at', 'confirmed_at', 'unsubscribed_at'])
      .where(matching(filter))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize)
      .execute(),
  ]);
  return { rows, total: Number(count.n) };
}
