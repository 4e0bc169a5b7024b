/** A signed-in visitor's conversations with the company, one function per endpoint. */
import type { ConversationList, ConversationSummary, ConversationThread } from '../../shared/messages.ts';
import type { NewMessageInput } from '../../shared/schemas/messages.ts';
import { api } from './client.ts';

/** GET /api/messages: the caller's threads, newest activity first (401 when signed out). */
export const fetchMyConversations = async (): Promise<ConversationSummary[]> =>
  (await api<ConversationList>('/api/messages')).results;

/** GET /api/messages/{id}: the thread and its messages; reading marks the company's answers read. */
export const fetchMyConversation = (id: string) => api<ConversationThread>(`/api/messages/${encodeURIComponent(id)}`);

/** POST /api/messages: a new thread (no conversationId) or an answer in one of the caller's threads. */
export const sendMessage = (input: NewMessageInput) =>
  api<ConversationThread>('/api/messages', { method: 'POST', body: input });
