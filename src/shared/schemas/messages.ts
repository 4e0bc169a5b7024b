/**
 * Conversations' input rules: a visitor's new message (POST /api/messages), the admin's reply, the
 * admin list's query and a thread's change. Texts follow the contact form's rules and limits (contact.ts).
 */
import { CONVERSATION_STATUSES } from '../messages.ts';
import { CONTACT_LIMITS, checkContactField } from './contact.ts';
import { listQueryFields, listQueryMessages } from './list-query.ts';
import { checkWithMessages, isObject, NOT_AN_OBJECT, objectBody, type FieldCheck } from './refusal.ts';
import { z } from './zod.ts';

export const MESSAGE_MAX = CONTACT_LIMITS.message;
export const SUBJECT_MAX = CONTACT_LIMITS.subject;
/** Conversation ids are server-made UUIDs; anything longer is no thread. */
export const CONVERSATION_ID_MAX = 100;

/** True when the text has nothing to send (spec: 'Messages: empty or blank text is not sent'). */
export const isBlankMessage = (text: string): boolean => text.trim() === '';

/** A message's text trimmed, or a sentence saying what to fix (field 'message'). */
export const checkMessageText = (raw: unknown): FieldCheck<string> => checkContactField('message', raw);

/** POST /api/messages as checked; senderId, receiverId and any other field are ignored. */
export interface NewMessageInput {
  message: string;
  /** Only for a new thread; undefined when none was given (the default subject applies). */
  subject?: string;
  /** The caller's thread to answer in; undefined starts a new one. */
  conversationId?: string;
}

/** POST /api/messages body: the message, an optional subject and an optional thread id. */
export function checkNewMessage(body: unknown): FieldCheck<NewMessageInput> {
  if (!isObject(body)) return NOT_AN_OBJECT;
  const message = checkMessageText(body['message']);
  if (!message.ok) return message;
  const value: NewMessageInput = { message: message.value };
  const rawSubject = body['subject'];
  if (
    rawSubject !== undefined &&
    rawSubject !== null &&
    !(typeof rawSubject === 'string' && rawSubject.trim() === '')
  ) {
    const subject = checkContactField('subject', rawSubject);
    if (!subject.ok) return subject;
    value.subject = subject.value;
  }
  const id = body['conversationId'];
  if (id !== undefined && id !== null && id !== '') {
    if (typeof id !== 'string')
      return {
        ok: false,
        field: 'conversationId',
        message: 'The conversation could not be found. Please reload the page.',
      };
    value.conversationId = id;
  }
  return { ok: true, value };
}

/** POST /api/admin/messages/:id/reply body. */
export function checkReply(body: unknown): FieldCheck<{ message: string }> {
  if (!isObject(body)) return NOT_AN_OBJECT;
  const message = checkMessageText(body['message']);
  return message.ok ? { ok: true, value: { message: message.value } } : message;
}

export const ADMIN_MESSAGES_PAGE_MAX = 100;
export const ADMIN_MESSAGES_PAGE_DEFAULT = 20;
export const ADMIN_MESSAGES_QUERY_MAX = 200;
export const STATUS_FILTERS = ['open', 'closed', 'all'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

/** GET /api/admin/messages query: status ('all' when absent or ''), search text, page. */
export const AdminMessagesQuery = z.object({
  ...listQueryFields({
    pageMax: ADMIN_MESSAGES_PAGE_MAX,
    pageDefault: ADMIN_MESSAGES_PAGE_DEFAULT,
    queryMax: ADMIN_MESSAGES_QUERY_MAX,
  }),
  status: z
    .union([z.literal(''), z.enum(STATUS_FILTERS)])
    .default('all')
    .transform((v): StatusFilter => (v === '' ? 'all' : v)),
});
export type AdminMessagesFilter = z.output<typeof AdminMessagesQuery>;

export const ADMIN_MESSAGES_QUERY_MESSAGES: Record<keyof AdminMessagesFilter, string> = {
  ...listQueryMessages({ pageMax: ADMIN_MESSAGES_PAGE_MAX, queryMax: ADMIN_MESSAGES_QUERY_MAX }),
  status: `Status must be one of ${STATUS_FILTERS.join(', ')}.`,
};

/** PATCH /api/admin/messages/:id body: close or reopen, block or unblock the sender; at least one of them. */
export const ConversationChange = z
  .object({ status: z.enum(CONVERSATION_STATUSES).optional(), blocked: z.boolean().optional() })
  .refine((v) => v.status !== undefined || v.blocked !== undefined, { path: ['status'] });
export type ConversationChangeInput = z.input<typeof ConversationChange>;

export const CONVERSATION_CHANGE_MESSAGES = {
  status: 'Status must be open or closed (or send blocked).',
  blocked: 'Blocked must be true or false.',
} as const;

/** GET /api/admin/messages's query, checked. */
export const checkAdminMessagesQuery = checkWithMessages(AdminMessagesQuery, ADMIN_MESSAGES_QUERY_MESSAGES, 'q');

/** PATCH /api/admin/messages/:id's body, checked. */
export const checkConversationChange = objectBody(
  checkWithMessages(ConversationChange, CONVERSATION_CHANGE_MESSAGES, 'status'),
);
