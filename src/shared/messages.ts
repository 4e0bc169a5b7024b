/**
 * Conversations with the company: what GET /api/messages (the visitor's own threads) and
 * /api/admin/messages (every thread) answer, shared by the server and the two Messages screens.
 */
import { codePoints } from './code-points.ts';

export const CONVERSATION_STATUSES = ['open', 'closed'] as const;
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];
/** 'contact': started on the public contact form; 'account': started on /messages. */
export type ConversationSource = 'contact' | 'account';
export type MessageAuthor = 'visitor' | 'company';

/** The one answer to an id that is not the caller's (or no thread at all): never a 403 that would confirm it exists. */
export const CONVERSATION_NOT_FOUND = 'Conversation not found';

/** A preview is at most this many characters. */
export const PREVIEW_MAX = 140;

/** One thread in a list. */
export interface ConversationSummary {
  _id: string;
  subject: string;
  status: ConversationStatus;
  source: ConversationSource;
  /** ISO time of the newest message. */
  lastMessageAt: string;
  createdAt: string;
  /** The visitor's unread company messages (on the admin side too: what the visitor has not read yet). */
  unread: number;
  /** The newest message on one line, at most PREVIEW_MAX characters. */
  preview: string;
  lastAuthor: MessageAuthor;
}

export interface ConversationMessage {
  _id: string;
  author: MessageAuthor;
  body: string;
  createdAt: string;
}

/** GET /api/messages. */
export interface ConversationList {
  results: ConversationSummary[];
}

/** GET /api/messages/:id and the answer of POST /api/messages. */
export interface ConversationThread {
  conversation: ConversationSummary;
  messages: ConversationMessage[];
}

/** A thread as the admin lists it: who wrote, whether they have an account, what the company has not read yet. */
export interface AdminConversationSummary extends ConversationSummary {
  name: string;
  email: string;
  /** The account the thread belongs to; null for a guest of the contact form (replies are only mailed). */
  userId: string | null;
  adminUnread: number;
  /** The sender's address is in the blocked list. */
  blocked: boolean;
}

/** GET /api/admin/messages: one page, unread first, then newest activity first. */
export interface AdminConversationPage {
  results: AdminConversationSummary[];
  total: number;
  page: number;
  pageSize: number;
}

/** GET /api/admin/messages/:id and the answers of its writes. */
export interface AdminConversationThread {
  conversation: AdminConversationSummary;
  messages: ConversationMessage[];
}

/** GET /api/admin/messages/unread: threads with a visitor message the company has not read. */
export interface AdminUnreadCount {
  conversations: number;
}

/** The newest message as a list shows it: white space collapsed to single spaces, cut at PREVIEW_MAX with '…'. */
export function previewOf(body: string, max = PREVIEW_MAX): string {
  const line = body.replace(/\s+/g, ' ').trim();
  const chars = codePoints(line);
  return chars.length <= max
    ? line
    : `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`;
}

/** The subject of a thread started on /messages without one. */
export const defaultSubject = (firstName: string): string => `Message from ${firstName.trim() || 'a customer'}`;
