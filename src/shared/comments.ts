/**
 * Comments on posts and reviews of audio and products: their statuses, the site's moderation rule and the pure rules
 * the server and the forms share (links counted, the first status of a new comment, the mean rating shown).
 */

export const COMMENT_STATUSES = ['pending', 'approved', 'rejected', 'spam'] as const;
export type CommentStatus = (typeof COMMENT_STATUSES)[number];

/** What is commented on: a blog post, an audio item or a product. */
export const COMMENT_TYPES = ['blog', 'audio', 'product'] as const;
export type CommentType = (typeof COMMENT_TYPES)[number];

/** The site's rule for new comments: hold a visitor's first one, hold every one, or publish at once. */
export const MODERATION_MODES = ['hold-first', 'hold-all', 'publish'] as const;
export type ModerationMode = (typeof MODERATION_MODES)[number];
export const DEFAULT_MODERATION: ModerationMode = 'hold-first';

export const MODERATION_LABELS: Record<ModerationMode, { label: string; hint: string }> = {
  'hold-first': {
    label: 'Hold every first comment',
    hint: "A visitor's first comment waits for your approval; once one is approved, the next ones publish at once.",
  },
  'hold-all': { label: 'Hold all', hint: 'Every comment and review waits for your approval.' },
  publish: { label: 'Publish at once', hint: 'Comments and reviews show as soon as they are sent.' },
};

export const STATUS_LABELS: Record<CommentStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  spam: 'Spam',
};

export const TYPE_LABELS: Record<CommentType, string> = { blog: 'Blog post', audio: 'Audio', product: 'Product' };

/** Longest comment or review text, in characters. */
export const COMMENT_MAX = 2000;
/** Links one comment may hold; more reads as spam. */
export const LINKS_MAX = 2;
/** The same text from the same account within this span is refused as a repeat. */
export const DUPLICATE_WINDOW_MS = 10 * 60_000;
/** Ratings are whole stars from 1 to 5. */
export const RATING_MIN = 1;
export const RATING_MAX = 5;

export const COMMENT_WAITING = 'Your comment is waiting for approval';
export const COMMENT_PUBLISHED = 'Thank you, your comment is published';
export const SIGN_IN_TO_COMMENT = 'Sign in to comment';
export const COMMENT_BLOCKED = 'Your account can no longer comment or review here.';
export const COMMENT_TOO_MANY = 'You have commented several times in a short time. Please wait a few minutes.';
export const COMMENT_DUPLICATE = 'You have just sent this text. Please write something new.';
export const TOO_MANY_LINKS = `A comment may hold at most ${LINKS_MAX} links.`;
export const COMMENT_NOT_FOUND = 'Comment not found';

/** What a public comment or review form reads before showing itself: whether guests may send one with a mailed code. */
export interface PublicCommentSettings {
  guests: boolean;
}
/** Digits in the code a guest is mailed to send one comment or review. */
export const GUEST_CODE_LENGTH = 6;
export const GUEST_CODE_SENT = 'We sent a code to your email. Enter it to send your comment.';
export const GUEST_CODE_WRONG = 'This code is wrong or has expired. Ask for a new one.';
/** How long a guest's code works, in minutes; it works once. */
export const GUEST_CODE_MINUTES = 15;
/** Longest name a guest may give, in characters. */
export const GUEST_NAME_MAX = 60;
export const GUEST_CODE_TOO_MANY = 'Several codes were asked for in a short time. Please wait a few minutes.';
/** A guest address an admin blocked hears this. */
export const GUEST_BLOCKED = 'This email address can no longer comment or review here.';
/** The admin setting's words. */
export const GUESTS_LABEL = 'Let guests comment with a code sent by email';
export const GUESTS_HINT =
  'Visitors without an account give a name and their email, and send each comment or review with a code mailed there.';

// A scheme'd URL, a www. host or a bare domain with a path: what a reader (or a spammer) means as a link.
const LINK = /\bhttps?:\/\/\S+|\bwww\.\S+|\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}\/\S*/gi;

/** How many links `text` holds. */
export function countLinks(text: string): number {
  return text.match(LINK)?.length ?? 0;
}

/** A new comment's first status under `mode`: held, or shown at once (an admin's always is). */
export function initialStatus(
  mode: ModerationMode,
  author: { approvedBefore: boolean; admin: boolean },
): 'pending' | 'approved' {
  if (author.admin || mode === 'publish') return 'approved';
  if (mode === 'hold-all') return 'pending';
  return author.approvedBefore ? 'approved' : 'pending';
}

/** The rating shown: the mean of the approved reviews' stars to one decimal, 0 with none. */
export function meanRating(ratings: readonly number[]): number {
  if (ratings.length === 0) return 0;
  const sum = ratings.reduce((a, b) => a + b, 0);
  return Math.round((sum / ratings.length) * 10) / 10;
}

/** The name a comment shows: the first name and the last name's initial, else the username. */
export function displayName(user: { first_name: string; last_name: string; username: string }): string {
  const first = user.first_name.trim();
  const last = user.last_name.trim();
  if (!first) return user.username;
  return last ? `${first} ${Array.from(last)[0] ?? ''}.` : first;
}

/** A published comment or review as every visitor reads it. */
export interface PublicComment {
  _id: string;
  author: string;
  comment: string;
  createdAt: string;
  /** Stars, for a review. */
  rating?: number;
}

/** GET /api/blogs/{slug}/comments, /api/audios/{id}/reviews, /api/products/{id}/reviews. */
export interface CommentList {
  results: PublicComment[];
  /** The mean of the approved reviews (reviews only). */
  rating?: number;
}

/** The answer to a new comment or review: what the visitor is told and whether it shows already. */
export interface PostedComment {
  message: string;
  status: 'pending' | 'approved';
  comment: PublicComment;
}

/** A comment or review in the admin's queue. */
export interface AdminComment {
  _id: string;
  type: CommentType;
  status: CommentStatus;
  author: string;
  authorEmail: string;
  userId: string | null;
  /** Whether the author's account is blocked from commenting. */
  blocked: boolean;
  itemId: string;
  itemTitle: string;
  /** The public page of the item ('' when it has none). */
  itemUrl: string;
  comment: string;
  /** The text as sent, when an admin edited it. */
  originalComment: string | null;
  rating: number | null;
  createdAt: string;
  moderatedAt: string | null;
}

/** GET /api/admin/comments: one page, and how many of each status the type filter holds. */
export interface AdminCommentPage {
  results: AdminComment[];
  total: number;
  pageSize: number;
  counts: Record<CommentStatus, number>;
}

export interface CommentSettings {
  moderation: ModerationMode;
  /** Whether guests may comment and review with a code mailed to their address (off until an admin turns it on). */
  guests: boolean;
}

/** GET /api/comments/{type}/digests: a digest of each item's approved comments, by item id (none: no entry). */
export interface CommentDigests {
  results: Record<string, string>;
}
