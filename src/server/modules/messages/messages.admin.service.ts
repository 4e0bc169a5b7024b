/**
 * The admin's side of the conversations: every thread (unread first), reading one marks it read,
 * a reply is stored, counted unread for the visitor and mailed to them, and a thread is closed, reopened or its
 * sender blocked. Each write and its audit entry commit together; the visitor's mail goes after the commit.
 */
import {
  CONVERSATION_NOT_FOUND,
  type AdminConversationPage,
  type AdminConversationSummary,
  type AdminConversationThread,
} from '../../../shared/messages.ts';
import { CONVERSATION_ID_MAX, type AdminMessagesFilter } from '../../../shared/schemas/messages.ts';
import type { Db } from '../../db/connection.ts';
import { notFound } from '../../http/errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { mailBrand } from '../auth/auth-mails.ts';
import type { AuthUser } from '../auth/user-dto.ts';
import { contactRecipient } from '../contact/contact.service.ts';
import { replyMail } from './messages-mail.ts';
import {
  appendMessage,
  countAdminUnread,
  findConversationRow,
  listAdminConversationRows,
  listMessageRows,
  markRead,
  setConversationStatus,
  setSenderBlocked,
  type ConversationRow,
} from './messages.repository.ts';
import { messageFromRow, summaryFromRow } from './messages.service.ts';

export interface AdminMessagesContext {
  db: Db;
  actor: AuthUser;
  mailer: Mailer;
  siteUrl: string;
}

export function adminSummaryFromRow(row: ConversationRow): AdminConversationSummary {
  return {
    ...summaryFromRow(row),
    name: row.name,
    email: row.email,
    userId: row.user_id,
    adminUnread: row.admin_unread,
    blocked: Boolean(row.blocked),
  };
}

async function findOr404(db: Db, id: string): Promise<ConversationRow> {
  const row = id.length <= CONVERSATION_ID_MAX ? await findConversationRow(db, id) : undefined;
  if (!row) throw notFound(CONVERSATION_NOT_FOUND);
  return row;
}

async function adminThread(db: Db, id: string): Promise<AdminConversationThread> {
  const [row, messages] = await Promise.all([findOr404(db, id), listMessageRows(db, id)]);
  return { conversation: adminSummaryFromRow(row), messages: messages.map(messageFromRow) };
}

/** GET /api/admin/messages. */
export async function listAdminConversations(db: Db, filter: AdminMessagesFilter): Promise<AdminConversationPage> {
  const { rows, total } = await listAdminConversationRows(db, filter);
  return { results: rows.map(adminSummaryFromRow), total, page: filter.page, pageSize: filter.pageSize };
}

/** GET /api/admin/messages/unread. */
export async function adminUnreadCount(db: Db): Promise<{ conversations: number }> {
  return { conversations: await countAdminUnread(db) };
}

/** GET /api/admin/messages/:id: the thread, its visitor messages now read by the company. */
export async function readAdminConversation(db: Db, id: string): Promise<AdminConversationThread> {
  const row = await findOr404(db, id);
  if (row.admin_unread > 0) await markRead(db, id, 'admin');
  return adminThread(db, id);
}

/** Mails the visitor the company's answer without holding up the response; a failure is logged and the reply stands. */
function mailVisitor({ db, mailer, siteUrl }: AdminMessagesContext, row: ConversationRow, body: string): void {
  void Promise.all([mailBrand(db, siteUrl), contactRecipient(db)])
    .then(([brand, company]) =>
      mailer.send(
        replyMail(
          brand,
          {
            name: row.name,
            to: row.email,
            subject: row.subject,
            body,
            hasAccount: row.user_id !== null,
            replyTo: company || undefined,
          },
          siteUrl,
        ),
      ),
    )
    .catch((error: unknown) =>
      console.error(`reply mail for conversation ${row.id} failed:`, error instanceof Error ? error.message : error),
    );
}

/** POST /api/admin/messages/:id/reply: stored as the company's, unread for the visitor, the thread reopened; then mailed. */
export async function replyToConversation(
  ctx: AdminMessagesContext,
  id: string,
  body: string,
): Promise<AdminConversationThread & { message: string }> {
  const row = await findOr404(ctx.db, id);
  await ctx.db.transaction().execute(async (trx) => {
    await appendMessage(trx, row, 'company', ctx.actor.id, body);
    // Answering is reading: the visitor's messages before it are no longer waiting.
    await markRead(trx, id, 'admin');
    await recordAudit(trx, ctx.actor, {
      action: 'conversation.reply',
      target: { type: 'conversation', id },
      summary: `Replied to "${row.subject}" (${row.email})`,
    });
  });
  mailVisitor(ctx, row, body);
  return { message: `Reply sent to ${row.name}`, ...(await adminThread(ctx.db, id)) };
}

/** PATCH /api/admin/messages/:id: close or reopen the thread, block or unblock its sender's address. */
export async function changeConversation(
  ctx: AdminMessagesContext,
  id: string,
  change: { status?: 'open' | 'closed' | undefined; blocked?: boolean | undefined },
) {
  const row = await findOr404(ctx.db, id);
  const done: string[] = [];
  await ctx.db.transaction().execute(async (trx) => {
    if (change.status !== undefined && change.status !== row.status) {
      await setConversationStatus(trx, id, change.status);
      const verb = change.status === 'closed' ? 'closed' : 'reopened';
      done.push(`Conversation ${verb}`);
      await recordAudit(trx, ctx.actor, {
        action: 'conversation.update',
        target: { type: 'conversation', id },
        summary: `Conversation "${row.subject}" ${verb}`,
      });
    }
    if (change.blocked !== undefined && change.blocked !== Boolean(row.blocked)) {
      await setSenderBlocked(trx, row.email, change.blocked, ctx.actor.id);
      done.push(change.blocked ? `${row.email} blocked` : `${row.email} unblocked`);
      await recordAudit(trx, ctx.actor, {
        action: change.blocked ? 'sender.block' : 'sender.unblock',
        target: { type: 'sender', id: row.email.toLowerCase() },
        summary: `Sender ${row.email} ${change.blocked ? 'blocked' : 'unblocked'}`,
      });
    }
  });
  return { message: done.length > 0 ? done.join('; ') : 'Nothing changed', ...(await adminThread(ctx.db, id)) };
}
