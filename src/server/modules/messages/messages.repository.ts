/** Conversations, their messages and the blocked senders (Kysely only). */
import { randomUUID } from 'node:crypto';
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { MessageAuthor } from '../../../shared/messages.ts';
import type { AdminMessagesFilter } from '../../../shared/schemas/messages.ts';
import type { Db } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';
import { escapeLike } from '../users/users.admin.repository.ts';

type Scope = ExpressionBuilder<Database, 'conversations'>;

/** A thread's row with its newest message's text and author beside it. */
function selectConversations(db: Db) {
  const last = (eb: Scope) =>
    eb
      .selectFrom('conversation_messages')
      .whereRef('conversation_messages.conversation_id', '=', 'conversations.id')
      .orderBy('conversation_messages.created_at', 'desc')
      .orderBy('conversation_messages.id', 'desc')
      .limit(1);
  return db
    .selectFrom('conversations')
    .selectAll('conversations')
    .select((eb) => [
      last(eb).select('conversation_messages.body').as('last_body'),
      last(eb).select('conversation_messages.author').as('last_author'),
      eb
        .exists(
          eb
            .selectFrom('blocked_senders')
            .select('blocked_senders.email')
            .whereRef('blocked_senders.email', '=', sql`lower(${sql.ref('conversations.email')})`),
        )
        .as('blocked'),
    ]);
}

export type ConversationRow = NonNullable<Awaited<ReturnType<typeof findConversationRow>>>;

export function findConversationRow(db: Db, id: string) {
  return selectConversations(db).where('conversations.id', '=', id).executeTakeFirst();
}

/** The account's threads, newest activity first. */
export function listUserConversationRows(db: Db, userId: string) {
  return selectConversations(db)
    .where('conversations.user_id', '=', userId)
    .orderBy('conversations.last_message_at', 'desc')
    .orderBy('conversations.id', 'desc')
    .execute();
}

/** A thread's messages, oldest first. */
export function listMessageRows(db: Db, conversationId: string) {
  return db
    .selectFrom('conversation_messages')
    .select(['id', 'author', 'body', 'created_at'])
    .where('conversation_id', '=', conversationId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** The admin filter as one condition: status and a search in subject, name, email and the messages' text. */
function matching(filter: AdminMessagesFilter) {
  return (eb: Scope) => {
    const parts: Expression<SqlBool>[] = [];
    if (filter.status !== 'all') parts.push(eb('conversations.status', '=', filter.status));
    if (filter.q) {
      const pattern = `%${escapeLike(filter.q.toLowerCase())}%`;
      // lower() on both sides: LIKE is case-sensitive on PostgreSQL.
      const like = (column: string) => sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
      parts.push(
        eb.or([
          like('conversations.subject'),
          like('conversations.name'),
          like('conversations.email'),
          eb.exists(
            eb
              .selectFrom('conversation_messages')
              .select('conversation_messages.id')
              .whereRef('conversation_messages.conversation_id', '=', 'conversations.id')
              .where(sql<SqlBool>`lower(${sql.ref('conversation_messages.body')}) like ${pattern} escape '\\'`),
          ),
        ]),
      );
    }
    return eb.and(parts);
  };
}

/** One page of threads for the admin: those with unread visitor messages first, then newest activity first. */
export async function listAdminConversationRows(db: Db, filter: AdminMessagesFilter) {
  const [count, rows] = await Promise.all([
    db
      .selectFrom('conversations')
      .select((eb) => eb.fn.countAll().as('n'))
      .where(matching(filter))
      .executeTakeFirstOrThrow(),
    selectConversations(db)
      .where(matching(filter))
      .orderBy(sql`case when ${sql.ref('conversations.admin_unread')} > 0 then 0 else 1 end`)
      .orderBy('conversations.last_message_at', 'desc')
      .orderBy('conversations.id', 'desc')
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize)
      .execute(),
  ]);
  return { rows, total: Number(count.n) };
}

/** How many threads hold a visitor message the company has not read. */
export async function countAdminUnread(db: Db): Promise<number> {
  const row = await db
    .selectFrom('conversations')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('admin_unread', '>', 0)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface NewConversation {
  userId: string | null;
  name: string;
  email: string;
  subject: string;
  source: 'contact' | 'account';
  body: string;
  /** The signed-in visitor's id; null for a guest. */
  authorId: string | null;
}

/** A new thread with its first visitor message, unread by the company; pass the request's transaction. */
export async function insertConversation(db: Db, input: NewConversation): Promise<string> {
  const id = randomUUID();
  const at = new Date().toISOString();
  await db
    .insertInto('conversations')
    .values({
      id,
      user_id: input.userId,
      name: input.name,
      email: input.email,
      subject: input.subject,
      source: input.source,
      status: 'open',
      admin_unread: 1,
      visitor_unread: 0,
      created_at: at,
      last_message_at: at,
    })
    .execute();
  await db
    .insertInto('conversation_messages')
    .values({
      id: randomUUID(),
      conversation_id: id,
      author: 'visitor',
      author_id: input.authorId,
      body: input.body,
      created_at: at,
    })
    .execute();
  return id;
}

/** A time after `last` (ISO): now, or a millisecond past `last` so a thread's messages keep the order they came in. */
export function timeAfter(last: string, now = new Date()): string {
  const after = Date.parse(last) + 1;
  return Number.isNaN(after) || now.getTime() >= after ? now.toISOString() : new Date(after).toISOString();
}

/**
 * Adds a message to a thread, reopens it and counts it unread for the other side (admin_unread for a visitor's,
 * visitor_unread for the company's), in one statement per table; pass the request's transaction.
 */
export async function appendMessage(
  db: Db,
  conversation: { id: string; last_message_at: string },
  author: MessageAuthor,
  authorId: string | null,
  body: string,
): Promise<void> {
  const at = timeAfter(conversation.last_message_at);
  await db
    .insertInto('conversation_messages')
    .values({ id: randomUUID(), conversation_id: conversation.id, author, author_id: authorId, body, created_at: at })
    .execute();
  const counter = author === 'visitor' ? 'admin_unread' : 'visitor_unread';
  await db
    .updateTable('conversations')
    .set((eb) => ({ status: 'open' as const, last_message_at: at, [counter]: eb(counter, '+', 1) }))
    .where('id', '=', conversation.id)
    .execute();
}

/** Marks a thread read by one side. */
export async function markRead(db: Db, id: string, side: 'admin' | 'visitor'): Promise<void> {
  await db
    .updateTable('conversations')
    .set(side === 'admin' ? { admin_unread: 0 } : { visitor_unread: 0 })
    .where('id', '=', id)
    .execute();
}

export async function setConversationStatus(db: Db, id: string, status: 'open' | 'closed'): Promise<void> {
  await db.updateTable('conversations').set({ status }).where('id', '=', id).execute();
}

/** True when the address (any case) is blocked. */
export async function isBlockedSender(db: Db, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('blocked_senders')
    .select('email')
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}

/** Blocks or unblocks an address (kept lower-cased); blocking twice keeps the first entry. */
export async function setSenderBlocked(db: Db, email: string, blocked: boolean, by: string): Promise<void> {
  const key = email.trim().toLowerCase();
  if (!blocked) {
    await db.deleteFrom('blocked_senders').where('email', '=', key).execute();
    return;
  }
  await db
    .insertInto('blocked_senders')
    .values({ email: key, blocked_by: by, created_at: new Date().toISOString() })
    .onConflict((oc) => oc.column('email').doNothing())
    .execute();
}
