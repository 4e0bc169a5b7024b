/**
 * A signed-in visitor's conversations: their own threads only (any other id is 'not found'), read
 * marks the company's answers read, and a message starts a thread or answers one of theirs (reopening it).
 */
import {
  CONVERSATION_NOT_FOUND,
  defaultSubject,
  previewOf,
  type ConversationMessage,
  type ConversationSummary,
  type ConversationThread,
} from '../../../shared/messages.ts';
import type { NewMessageInput } from '../../../shared/schemas/messages.ts';
import { CONVERSATION_ID_MAX } from '../../../shared/schemas/messages.ts';
import type { Db } from '../../db/connection.ts';
import { notFound } from '../../http/errors.ts';
import type { AuthUser } from '../auth/user-dto.ts';
import { notifyCompany, type ContactContext } from '../contact/contact.service.ts';
import {
  appendMessage,
  findConversationRow,
  insertConversation,
  listMessageRows,
  listUserConversationRows,
  markRead,
  type ConversationRow,
} from './messages.repository.ts';

/** The one place a thread's row becomes the API's summary. */
export function summaryFromRow(row: ConversationRow): ConversationSummary {
  return {
    _id: row.id,
    subject: row.subject,
    status: row.status,
    source: row.source,
    lastMessageAt: row.last_message_at,
    createdAt: row.created_at,
    unread: row.visitor_unread,
    preview: previewOf(row.last_body ?? ''),
    lastAuthor: row.last_author === 'company' ? 'company' : 'visitor',
  };
}

export function messageFromRow(row: {
  id: string;
  author: 'visitor' | 'company';
  body: string;
  created_at: string;
}): ConversationMessage {
  return { _id: row.id, author: row.author, body: row.body, createdAt: row.created_at };
}

/** The thread `id` when it is the account's; 404 otherwise, whether it exists or not. */
export async function ownConversation(db: Db, userId: string, id: string): Promise<ConversationRow> {
  const row = id.length <= CONVERSATION_ID_MAX ? await findConversationRow(db, id) : undefined;
  if (row?.user_id !== userId) throw notFound(CONVERSATION_NOT_FOUND);
  return row;
}

/** GET /api/messages: the account's threads, newest activity first. */
export async function listMyConversations(db: Db, userId: string): Promise<{ results: ConversationSummary[] }> {
  return { results: (await listUserConversationRows(db, userId)).map(summaryFromRow) };
}

async function threadOf(db: Db, id: string): Promise<ConversationThread> {
  const [row, messages] = await Promise.all([findConversationRow(db, id), listMessageRows(db, id)]);
  if (!row) throw notFound(CONVERSATION_NOT_FOUND);
  return { conversation: summaryFromRow(row), messages: messages.map(messageFromRow) };
}

/** GET /api/messages/:id: the thread, its company answers now read. */
export async function readMyConversation(db: Db, userId: string, id: string): Promise<ConversationThread> {
  const row = await ownConversation(db, userId, id);
  if (row.visitor_unread > 0) await markRead(db, id, 'visitor');
  return threadOf(db, id);
}

/** The account's name as a thread keeps it: first and last name, else the username. */
const accountName = (user: AuthUser) => `${user.first_name} ${user.last_name}`.trim() || user.username;

/**
 * POST /api/messages: a new thread (the company is mailed about it) or an answer in one of the caller's threads
 * (404 for any other); name and address come from the account, never from the body.
 */
export async function sendMyMessage(
  ctx: ContactContext,
  user: AuthUser,
  input: NewMessageInput,
): Promise<{ created: boolean; thread: ConversationThread }> {
  const { db } = ctx;
  if (input.conversationId !== undefined) {
    const row = await ownConversation(db, user.id, input.conversationId);
    await db.transaction().execute((trx) => appendMessage(trx, row, 'visitor', user.id, input.message));
    return { created: false, thread: await threadOf(db, row.id) };
  }
  const subject = input.subject ?? defaultSubject(user.first_name || user.username);
  const name = accountName(user);
  const id = await db.transaction().execute((trx) =>
    insertConversation(trx, {
      userId: user.id,
      name,
      email: user.email,
      subject,
      source: 'account',
      body: input.message,
      authorId: user.id,
    }),
  );
  await notifyCompany(ctx, id, { name, email: user.email, subject, message: input.message }, 'account');
  return { created: true, thread: await threadOf(db, id) };
}
