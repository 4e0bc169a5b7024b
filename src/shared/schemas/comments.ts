/**
 * Comments' and reviews' input rules: a visitor's new comment or review (the form and the server run the same
 * check), the admin queue's query, a moderation change and the moderation setting. No zod here: the public comment
 * form imports this module and must stay small.
 */
import {
  COMMENT_MAX,
  COMMENT_STATUSES,
  COMMENT_TYPES,
  countLinks,
  GUEST_CODE_LENGTH,
  GUEST_NAME_MAX,
  LINKS_MAX,
  MODERATION_MODES,
  RATING_MAX,
  RATING_MIN,
  TOO_MANY_LINKS,
  type CommentSettings,
  type CommentStatus,
  type CommentType,
  type ModerationMode,
} from '../comments.ts';
import { codePoints } from '../code-points.ts';
import { hasControlCharacters } from './control-characters.ts';
import { checkContactField, isHoneypotFilled } from './contact.ts';
import { isObject, NOT_AN_OBJECT, objectBody, type FieldCheck } from './refusal.ts';

/** A new blog comment as checked; `trap` is true when the hidden honeypot field was filled (a bot). */
export interface NewCommentInput {
  comment: string;
  trap: boolean;
}

/** A new review: a comment with whole stars. */
export interface NewReviewInput extends NewCommentInput {
  rating: number;
}

const refuse = (field: string, message: string) => ({ ok: false as const, field, message });

/** A comment's text trimmed (CRLF as LF), or a sentence saying what to fix (field 'comment'). */
export function checkCommentText(raw: unknown): FieldCheck<string> {
  if (raw !== undefined && raw !== null && typeof raw !== 'string') return refuse('comment', 'Please write a comment.');
  const text = (raw ?? '').replace(/\r\n?/g, '\n').trim();
  if (text === '') return refuse('comment', 'Please write a comment.');
  if (codePoints(text).length > COMMENT_MAX)
    return refuse('comment', `Your comment must be at most ${COMMENT_MAX} characters.`);
  if (!text.isWellFormed() || hasControlCharacters(text, { multiline: true }))
    return refuse('comment', 'Your comment contains characters that cannot be sent.');
  if (countLinks(text) > LINKS_MAX) return refuse('comment', TOO_MANY_LINKS);
  return { ok: true, value: text };
}

/** POST /api/blogs/{slug}/comments body: { comment } (and the honeypot `website`, which people leave empty). */
export function checkNewComment(body: unknown): FieldCheck<NewCommentInput> {
  if (!isObject(body)) return NOT_AN_OBJECT;
  const comment = checkCommentText(body['comment']);
  return comment.ok ? { ok: true, value: { comment: comment.value, trap: isHoneypotFilled(body) } } : comment;
}

/** Whole stars from 1 to 5; a number sent as text ('4', from a form) passes too. */
export function checkRating(raw: unknown): FieldCheck<number> {
  const value = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
  if (raw === undefined || raw === null || raw === '') return refuse('rating', 'Please choose a rating.');
  if (typeof value !== 'number' || !Number.isInteger(value) || value < RATING_MIN || value > RATING_MAX)
    return refuse('rating', `The rating must be a whole number from ${RATING_MIN} to ${RATING_MAX}.`);
  return { ok: true, value };
}

/** POST /api/audios/{id}/reviews and /api/products/{id}/reviews body: { rating, comment }. */
export function checkNewReview(body: unknown): FieldCheck<NewReviewInput> {
  if (!isObject(body)) return NOT_AN_OBJECT;
  const rating = checkRating(body['rating']);
  if (!rating.ok) return rating;
  const comment = checkCommentText(body['comment']);
  return comment.ok
    ? { ok: true, value: { rating: rating.value, comment: comment.value, trap: isHoneypotFilled(body) } }
    : comment;
}

/** What a guest adds to a comment or review: the name shown, the address the code went to, and the code. */
export interface GuestInput {
  name: string;
  email: string;
  code: string;
}

/** A guest's name as shown on the comment: trimmed, one line, no links (a name is no place for an advert). */
export function checkGuestName(raw: unknown): FieldCheck<string> {
  const name = typeof raw === 'string' ? raw.trim() : '';
  if (name === '') return refuse('name', 'Please enter your name.');
  if (codePoints(name).length > GUEST_NAME_MAX)
    return refuse('name', `Your name must be at most ${GUEST_NAME_MAX} characters.`);
  if (!name.isWellFormed() || hasControlCharacters(name, { header: true }) || countLinks(name) > 0)
    return refuse('name', 'Your name must be on one line, without links or special characters.');
  return { ok: true, value: name };
}

/** A guest's address, trimmed and in lower case (one address, one code and one block, however it is typed). */
export function checkGuestEmail(raw: unknown): FieldCheck<string> {
  const email = checkContactField('email', typeof raw === 'string' ? raw : '');
  return email.ok ? { ok: true, value: email.value.toLowerCase() } : email;
}

/** The mailed code: GUEST_CODE_LENGTH digits (spaces a reader typed between them are dropped). */
export function checkGuestCode(raw: unknown): FieldCheck<string> {
  const code = typeof raw === 'string' ? raw.replace(/\s+/g, '') : '';
  return new RegExp(`^\\d{${GUEST_CODE_LENGTH}}$`).test(code)
    ? { ok: true, value: code }
    : refuse('code', `Please enter the ${GUEST_CODE_LENGTH}-digit code we sent to your email.`);
}

/** A guest's name, email and code from a comment's or review's body, checked in that order. */
export function checkGuestFields(body: unknown): FieldCheck<GuestInput> {
  if (!isObject(body)) return NOT_AN_OBJECT;
  const name = checkGuestName(body['name']);
  if (!name.ok) return name;
  const email = checkGuestEmail(body['email']);
  if (!email.ok) return email;
  const code = checkGuestCode(body['code']);
  return code.ok ? { ok: true, value: { name: name.value, email: email.value, code: code.value } } : code;
}

/** POST /api/comments/guest-code body: { email }. */
export const checkGuestCodeRequest = objectBody((body): FieldCheck<{ email: string }> => {
  const email = checkGuestEmail(body['email']);
  return email.ok ? { ok: true, value: { email: email.value } } : email;
});

export const ADMIN_COMMENTS_PAGE_MAX = 100;
export const ADMIN_COMMENTS_PAGE_DEFAULT = 20;
/** How far a page number may go: a bound, so no number is too big to read. */
const PAGE_LIMIT = 1_000_000;

/** GET /api/admin/comments query as checked. */
export interface AdminCommentsFilter {
  page: number;
  pageSize: number;
  status: CommentStatus;
  type: CommentType | 'all';
}

/** A whole number from `min` to `max` given as query text; '' or absent is `fallback`. */
function wholeNumber(raw: unknown, min: number, max: number, fallback: number): number | null {
  if (raw === undefined || raw === '') return fallback;
  if (typeof raw !== 'string' || !/^\d{1,7}$/.test(raw)) return null;
  const n = Number(raw);
  return n >= min && n <= max ? n : null;
}

/** A value that must be one of `values`; '' or absent is `fallback`. */
function oneOf<T extends string>(raw: unknown, values: readonly T[], fallback: T): T | null {
  if (raw === undefined || raw === '') return fallback;
  return typeof raw === 'string' && (values as readonly string[]).includes(raw) ? (raw as T) : null;
}

/** GET /api/admin/comments query: status (pending when absent), type ('all' when absent), page and page size. */
export function checkAdminCommentsQuery(query: unknown): FieldCheck<AdminCommentsFilter> {
  const q = isObject(query) ? query : {};
  const page = wholeNumber(q['page'], 1, PAGE_LIMIT, 1);
  if (page === null) return refuse('page', 'Page must be a whole number from 1.');
  const pageSize = wholeNumber(q['pageSize'], 1, ADMIN_COMMENTS_PAGE_MAX, ADMIN_COMMENTS_PAGE_DEFAULT);
  if (pageSize === null)
    return refuse('pageSize', `Page size must be a whole number from 1 to ${ADMIN_COMMENTS_PAGE_MAX}.`);
  const status = oneOf(q['status'], COMMENT_STATUSES, 'pending');
  if (status === null) return refuse('status', `Status must be one of ${COMMENT_STATUSES.join(', ')}.`);
  const type = oneOf<CommentType | 'all'>(q['type'], ['all', ...COMMENT_TYPES], 'all');
  if (type === null) return refuse('type', `Type must be one of all, ${COMMENT_TYPES.join(', ')}.`);
  return { ok: true, value: { page, pageSize, status, type } };
}

/** The type part of an admin comment path ('blog', 'audio', 'product'), or null for anything else. */
export const parseCommentType = (raw: string): CommentType | null =>
  (COMMENT_TYPES as readonly string[]).includes(raw) ? (raw as CommentType) : null;

/** PATCH /api/admin/comments/{type}/{id}: a new status, a new text, or both. */
export interface CommentChangeInput {
  status?: CommentStatus;
  comment?: string;
}

export const checkCommentChange = objectBody((body): FieldCheck<CommentChangeInput> => {
  const value: CommentChangeInput = {};
  const status = body['status'];
  if (status !== undefined) {
    if (typeof status !== 'string' || !(COMMENT_STATUSES as readonly string[]).includes(status))
      return refuse('status', `Status must be one of ${COMMENT_STATUSES.join(', ')}.`);
    value.status = status as CommentStatus;
  }
  if (body['comment'] !== undefined) {
    const comment = checkCommentText(body['comment']);
    if (!comment.ok) return comment;
    value.comment = comment.value;
  }
  if (value.status === undefined && value.comment === undefined)
    return refuse('status', 'Send a new status or a new comment text.');
  return { ok: true, value };
});

/** PUT /api/admin/comment-settings body: { moderation, guests }, either or both; what is left out stays as it is. */
export const checkCommentSettings = objectBody((body): FieldCheck<Partial<CommentSettings>> => {
  const { moderation, guests } = body;
  const value: Partial<CommentSettings> = {};
  if (moderation !== undefined) {
    if (typeof moderation !== 'string' || !(MODERATION_MODES as readonly string[]).includes(moderation))
      return refuse('moderation', `Moderation must be one of ${MODERATION_MODES.join(', ')}.`);
    value.moderation = moderation as ModerationMode;
  }
  if (guests !== undefined) {
    if (typeof guests !== 'boolean') return refuse('guests', 'Guests must be true or false.');
    value.guests = guests;
  }
  if (value.moderation === undefined && value.guests === undefined)
    return refuse('moderation', `Moderation must be one of ${MODERATION_MODES.join(', ')}.`);
  return { ok: true, value };
});
