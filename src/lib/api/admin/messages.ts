/** The admin Messages calls, one function per endpoint. */
import type { AdminConversationPage, AdminConversationThread, AdminUnreadCount } from '../../../shared/messages.ts';
import type { ConversationChangeInput, StatusFilter } from '../../../shared/schemas/messages.ts';
import { api } from '../client.ts';

/** The list's query as the screen holds it; an empty search is left out of the URL. */
export interface MessagesListQuery {
  page: number;
  pageSize: number;
  q: string;
  status: StatusFilter;
}

/** An answer to a write: what happened, and the thread as it now is. */
export type AdminConversationChange = AdminConversationThread & { message: string };

/** GET /api/admin/messages: one page, unread first, then newest activity first. */
export function fetchAdminConversations({
  page,
  pageSize,
  q,
  status,
}: MessagesListQuery): Promise<AdminConversationPage> {
  const query: Record<string, string | number> = { page, pageSize, status };
  if (q.trim()) query['q'] = q.trim();
  return api<AdminConversationPage>('/api/admin/messages', { query });
}

/** GET /api/admin/messages/unread: threads with a visitor message the company has not read. */
export const fetchUnreadConversations = async (): Promise<number> =>
  (await api<AdminUnreadCount>('/api/admin/messages/unread')).conversations;

/** GET /api/admin/messages/{id}: the thread and its sender; reading marks it read. */
export const fetchAdminConversation = (id: string) =>
  api<AdminConversationThread>(`/api/admin/messages/${encodeURIComponent(id)}`);

/** POST /api/admin/messages/{id}/reply: stored, mailed to the visitor. */
export const replyToConversation = (id: string, message: string) =>
  api<AdminConversationChange>(`/api/admin/messages/${encodeURIComponent(id)}/reply`, {
    method: 'POST',
    body: { message },
  });

/** PATCH /api/admin/messages/{id}: close or reopen, block or unblock the sender. */
export const changeConversation = (id: string, change: ConversationChangeInput) =>
  api<AdminConversationChange>(`/api/admin/messages/${encodeURIComponent(id)}`, { method: 'PATCH', body: change });
