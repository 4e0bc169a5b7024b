/**
 * Comments and reviews: a new one from a signed-in visitor or, when the site allows it, a guest with a mailed code
 * (checked against blocks, repeats and the honeypot, then held or shown by the site's moderation rule), the approved
 * ones every visitor reads, and the admin's queue, moderation, edits, deletions and blocks. A review's item shows the mean of its approved reviews, stored again in the same
 * transaction as every change that can move it.
 */
import { can } from '../../../shared/staff-roles.ts';
import { audioPath } from '../../../lib/audio/audio-page.ts';
import { createHash, randomUUID, type Hash } from 'node:crypto';
import {
  COMMENT_BLOCKED,
  COMMENT_DUPLICATE,
  COMMENT_NOT_FOUND,
  COMMENT_PUBLISHED,
  COMMENT_STATUSES,
  COMMENT_WAITING,
  DEFAULT_MODERATION,
  displayName,
  DUPLICATE_WINDOW_MS,
  GUEST_BLOCKED,
  GUEST_CODE_MINUTES,
  GUEST_CODE_WRONG,
  initialStatus,
  meanRating,
  MODERATION_MODES,
  STATUS_LABELS,
  type AdminComment,
  type AdminCommentPage,
  type CommentList,
  type CommentSettings,
  type CommentStatus,
  type CommentType,
  type ModerationMode,
  type PostedComment,
  type PublicComment,
  type PublicCommentSettings,
} from '../../../shared/comments.ts';
import type {
  AdminCommentsFilter,
  CommentChangeInput,
  GuestInput,
  NewReviewInput,
} from '../../../shared/schemas/comments.ts';
import type { Db } from '../../db/connection.ts';
import { ApiError, fieldError, notFound } from '../../http/errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { mailBrand } from '../auth/auth-mails.ts';
import { hashOtp, newOtp, OTP_MAX_ATTEMPTS, otpMatches } from '../auth/otp.ts';
import type { AuthUser } from '../auth/user-dto.ts';
import { guestCodeMail } from './comment-mails.ts';
import * as repo from './comments.repository.ts';

const NOT_FOUND: Record<CommentType, string> = {
  blog: 'Blog not found',
  audio: 'Audio not found',
  product: 'Product not found',
};

/** The published item a comment of `type` names by `ref` (a post's slug, an audio's or product's id), or a 404. */
export async function publishedItem(db: Db, type: CommentType, ref: string): Promise<repo.ItemRow> {
  const item =
    ref.length > 200
      ? undefined
      : type === 'blog'
        ? await repo.findPublishedBlog(db, ref)
        : type === 'audio'
          ? await repo.findPublishedAudio(db, ref)
          : await repo.findPublishedProduct(db, ref);
  if (!item) throw notFound(NOT_FOUND[type]);
  return item;
}

function publicComment(row: repo.CommentRow): PublicComment {
  const comment: PublicComment = { _id: row.id, author: row.author, comment: row.comment, createdAt: row.created_at };
  if (row.rating !== null) comment.rating = row.rating;
  return comment;
}

/** GET …/comments or …/reviews: the approved ones, oldest first, and a review's item's rating. */
export async function listPublished(db: Db, type: CommentType, ref: string): Promise<CommentList> {
  const item = await publishedItem(db, type, ref);
  const results = (await repo.listApproved(db, type, item.id)).map(publicComment);
  return type === 'blog' ? { results } : { results, rating: item.rating ?? 0 };
}

/**
 * GET /comments/{type}/digests: a digest of each item's approved comments, by item id (items without any left out).
 * The site build keys an item's page by it, so a page is rendered again exactly when its comments change.
 */
export async function commentDigests(db: Db, type: CommentType): Promise<Record<string, string>> {
  const byItem = new Map<string, Hash>();
  for (const row of await repo.listAllApproved(db, type)) {
    let hash = byItem.get(row.item_id);
    if (!hash) byItem.set(row.item_id, (hash = createHash('sha256')));
    hash.update(JSON.stringify([row.id, row.author, row.comment, row.created_at, row.rating]));
  }
  return Object.fromEntries([...byItem].map(([id, hash]) => [id, hash.digest('base64url')]));
}

/** The site's comment settings: 'hold-first' and no guests until an admin chose otherwise. */
export async function commentSettings(db: Db): Promise<CommentSettings> {
  const stored = await repo.readSettings(db);
  const moderation = (MODERATION_MODES as readonly string[]).includes(stored?.moderation ?? '')
    ? (stored?.moderation as ModerationMode)
    : DEFAULT_MODERATION;
  // SQLite answers 1 or 0, PostgreSQL true or false.
  const guests = stored?.guests === true || Number(stored?.guests) === 1;
  return { moderation, guests };
}

/** GET /api/comment-settings: what the public forms need to know. */
export async function publicCommentSettings(db: Db): Promise<PublicCommentSettings> {
  return { guests: (await commentSettings(db)).guests };
}

const isReview = (type: CommentType): type is 'audio' | 'product' => type !== 'blog';

/** What a guest's code's HMAC is bound to: the address and commenting, so it matches no other code or address. */
const guestScope = (email: string) => `guest-comment:${email}`;

/** What the guest code mail needs: the database, the mailer, the code key (deps.keys.otp) and the site's address. */
export interface GuestCodeDeps {
  db: Db;
  mailer: Mailer;
  codeKey: Buffer;
  siteUrl: string;
}

/**
 * POST /api/comments/guest-code (the route checked the setting and counted the limits): a new code for the address,
 * voiding its earlier one, mailed in the background (the answer does not wait for the mail server).
 */
export async function requestGuestCode(deps: GuestCodeDeps, email: string, now = new Date()): Promise<void> {
  const code = newOtp();
  await repo.replaceGuestCode(deps.db, {
    email,
    code_hash: hashOtp(deps.codeKey, guestScope(email), code),
    attempts: 0,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + GUEST_CODE_MINUTES * 60_000).toISOString(),
  });
  void mailBrand(deps.db, deps.siteUrl)
    .then((brand) => deps.mailer.send(guestCodeMail(brand, email, code, GUEST_CODE_MINUTES)))
    .catch((error: unknown) =>
      console.error(
        JSON.stringify({
          level: 'error',
          event: 'comments.guest-code.mail.failure',
          reason: error instanceof Error ? error.message : 'unknown',
        }),
      ),
    );
}

/**
 * The guest's code checked against the address's live one, without using it up (the comment's insert does): a wrong
 * guess is counted, and OTP_MAX_ATTEMPTS of them void the code. Answers the matched code's hash.
 */
async function checkGuestCode(db: Db, codeKey: Buffer, guest: GuestInput, now: Date): Promise<string> {
  const wrong = fieldError(400, GUEST_CODE_WRONG, 'code');
  const row = await repo.findGuestCode(db, guest.email);
  if (!row || Date.parse(row.expires_at) <= now.getTime() || row.attempts >= OTP_MAX_ATTEMPTS) throw wrong;
  if (!otpMatches(codeKey, guestScope(guest.email), guest.code, row.code_hash)) {
    await repo.countWrongGuestGuess(db, guest.email, row.code_hash, OTP_MAX_ATTEMPTS);
    throw wrong;
  }
  return row.code_hash;
}

/** Who sends a comment: a signed-in account, or a guest with a name, an address and its mailed code. */
export type CommentAuthor = { user: AuthUser } | { guest: GuestInput; codeKey: Buffer };

/**
 * POST …/comments or …/reviews (the limits were counted by the route). A guest's code is checked first and used up
 * only by the comment stored, so a refused repeat leaves it good. A filled honeypot is stored as spam and answered
 * like a held comment, so a bot learns nothing.
 */
export async function postComment(
  db: Db,
  by: CommentAuthor,
  type: CommentType,
  ref: string,
  input: Omit<NewReviewInput, 'rating'> & { rating?: number },
): Promise<{ posted: PostedComment; shown: boolean }> {
  const item = await publishedItem(db, type, ref);
  const now = new Date();
  let guestCode: { email: string; hash: string } | undefined;
  let who: repo.CommentAuthorKey;
  if ('user' in by) {
    if (await repo.isBlockedCommenter(db, by.user.id)) throw new ApiError(403, COMMENT_BLOCKED);
    who = { userId: by.user.id };
  } else {
    guestCode = { email: by.guest.email, hash: await checkGuestCode(db, by.codeKey, by.guest, now) };
    if (await repo.isBlockedGuest(db, by.guest.email)) throw new ApiError(403, GUEST_BLOCKED);
    who = { guestEmail: by.guest.email };
  }
  const since = new Date(now.getTime() - DUPLICATE_WINDOW_MS).toISOString();
  if (!input.trap && (await repo.sentSameTextSince(db, type, who, input.comment, since)))
    throw fieldError(409, COMMENT_DUPLICATE, 'comment');
  const status: CommentStatus = input.trap
    ? 'spam'
    : initialStatus((await commentSettings(db)).moderation, {
        approvedBefore: await repo.hasApprovedComment(db, who),
        admin: 'user' in by && can(by.user.role, 'comments'),
      });
  const id = randomUUID();
  const createdAt = now.toISOString();
  const author = 'user' in by ? displayName(by.user) : by.guest.name;
  await db.transaction().execute(async (trx) => {
    // Two comments sent at once with one code: only the one that deletes it is stored.
    if (guestCode && !(await repo.consumeGuestCode(trx, guestCode.email, guestCode.hash)))
      throw fieldError(400, GUEST_CODE_WRONG, 'code');
    await repo.insertComment(trx, type, {
      id,
      item_id: item.id,
      author,
      comment: input.comment,
      created_at: createdAt,
      status,
      user_id: 'user' in by ? by.user.id : null,
      author_email: 'user' in by ? by.user.email : by.guest.email,
      ...(input.rating === undefined ? {} : { rating: input.rating }),
    });
    if (status === 'approved' && isReview(type)) await repo.storeRating(trx, type, item.id, meanRating);
  });
  const shown = status === 'approved';
  const comment: PublicComment = { _id: id, author, comment: input.comment, createdAt };
  if (input.rating !== undefined) comment.rating = input.rating;
  return {
    posted: { message: shown ? COMMENT_PUBLISHED : COMMENT_WAITING, status: shown ? 'approved' : 'pending', comment },
    shown,
  };
}

function adminComment(row: repo.QueueRow): AdminComment {
  const status = (COMMENT_STATUSES as readonly string[]).includes(row.status)
    ? (row.status as CommentStatus)
    : 'pending';
  const itemUrl =
    row.type === 'blog'
      ? `/blogs/${row.item_slug}`
      : row.type === 'product'
        ? row.item_slug
          ? `/shop/${row.item_slug}`
          : ''
        : audioPath(row.item_id);
  return {
    _id: row.id,
    type: row.type,
    status,
    author: row.author,
    authorEmail: row.author_email,
    userId: row.user_id,
    blocked: Number(row.blocked) === 1 || row.blocked === true,
    itemId: row.item_id,
    itemTitle: row.item_title,
    itemUrl,
    comment: row.comment,
    originalComment: row.original_comment,
    rating: row.rating,
    createdAt: row.created_at,
    moderatedAt: row.moderated_at,
  };
}

/** GET /api/admin/comments: one page of the queue and the counts per status. */
export async function commentQueue(db: Db, filter: AdminCommentsFilter): Promise<AdminCommentPage> {
  const { rows, counts } = await repo.queuePage(db, filter);
  const byStatus = Object.fromEntries(COMMENT_STATUSES.map((s) => [s, counts.get(s) ?? 0])) as Record<
    CommentStatus,
    number
  >;
  return {
    results: rows.map(adminComment),
    total: byStatus[filter.status],
    pageSize: filter.pageSize,
    counts: byStatus,
  };
}

async function existing(db: Db, type: CommentType, id: string): Promise<repo.CommentRow> {
  const row = await repo.findComment(db, type, id);
  if (!row) throw notFound(COMMENT_NOT_FOUND);
  return row;
}

/** One queue row again, after a change. */
async function queueRow(db: Db, type: CommentType, id: string): Promise<AdminComment> {
  const row = await repo.queueRowById(db, type, id);
  if (!row) throw notFound(COMMENT_NOT_FOUND);
  return adminComment(row);
}

const quote = (text: string) => (text.length > 60 ? `${text.slice(0, 57)}…` : text);

/** PATCH /api/admin/comments/{type}/{id}: approve, reject, mark as spam, or edit the text. */
export async function changeComment(
  db: Db,
  actor: AuthUser,
  type: CommentType,
  id: string,
  change: CommentChangeInput,
): Promise<{ message: string; comment: AdminComment; publicChange: boolean }> {
  const before = await existing(db, type, id);
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    const changes: Parameters<typeof repo.updateComment>[3] = {};
    if (change.status !== undefined && change.status !== before.status) {
      changes.status = change.status;
      changes.moderated_at = now;
    }
    if (change.comment !== undefined && change.comment !== before.comment) {
      changes.comment = change.comment;
      changes.edited_at = now;
      changes.original_comment = before.original_comment ?? before.comment;
    }
    await repo.updateComment(trx, type, id, changes);
    if (isReview(type) && changes.status !== undefined) await repo.storeRating(trx, type, before.item_id, meanRating);
    await recordAudit(trx, actor, {
      action: `${type}.update`,
      target: { type: `${type}-comment`, id },
      summary: `Comment by ${before.author} ${change.status ? STATUS_LABELS[change.status].toLowerCase() : 'edited'}: "${quote(change.comment ?? before.comment)}"`,
    });
  });
  const after = await queueRow(db, type, id);
  const message =
    change.status !== undefined && change.status !== before.status
      ? `Comment ${STATUS_LABELS[change.status].toLowerCase()}`
      : 'Comment saved';
  // The public pages change when an approved comment comes or goes, or an approved one's text changes.
  const publicChange = before.status === 'approved' || after.status === 'approved';
  return { message, comment: after, publicChange };
}

/** DELETE /api/admin/comments/{type}/{id}. */
export async function removeComment(
  db: Db,
  actor: AuthUser,
  type: CommentType,
  id: string,
): Promise<{ publicChange: boolean }> {
  const before = await existing(db, type, id);
  await db.transaction().execute(async (trx) => {
    await repo.deleteComment(trx, type, id);
    if (isReview(type) && before.status === 'approved') await repo.storeRating(trx, type, before.item_id, meanRating);
    await recordAudit(trx, actor, {
      action: `${type}.update`,
      target: { type: `${type}-comment`, id },
      summary: `Comment by ${before.author} deleted: "${quote(before.comment)}"`,
    });
  });
  return { publicChange: before.status === 'approved' };
}

/** POST or DELETE /api/admin/comments/{type}/{id}/block: the comment's author may (no longer) comment. */
export async function setCommenterBlocked(
  db: Db,
  actor: AuthUser,
  type: CommentType,
  id: string,
  blocked: boolean,
): Promise<{ message: string; comment: AdminComment }> {
  const row = await existing(db, type, id);
  // A guest is blocked by the address its code went to; the demo's old rows have neither account nor address.
  if (!row.user_id && !row.author_email) throw new ApiError(409, 'This comment has no account or address to block.');
  if (row.user_id === actor.id) throw new ApiError(409, 'You cannot block your own account.');
  const { user_id: userId, author_email: email } = row;
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    if (userId) {
      if (blocked) await repo.blockCommenter(trx, userId, actor.id, now);
      else await repo.unblockCommenter(trx, userId);
    } else if (blocked) await repo.blockGuest(trx, email, actor.id, now);
    else await repo.unblockGuest(trx, email);
    await recordAudit(trx, actor, {
      action: blocked ? 'sender.block' : 'sender.unblock',
      target: { type: userId ? 'commenter' : 'guest-commenter', id: userId ?? email },
      summary: `${row.author} (${row.author_email}${userId ? '' : ', guest'}) ${blocked ? 'blocked from' : 'allowed'} commenting`,
    });
  });
  return {
    message: blocked ? `${row.author} can no longer comment` : `${row.author} may comment again`,
    comment: await queueRow(db, type, id),
  };
}

/**
 * PUT /api/admin/comment-settings: what was sent replaces what was stored, the rest stays; applies to the next comment
 * (or code) asked for, nothing already sent changes.
 */
export async function saveCommentSettings(db: Db, change: Partial<CommentSettings>): Promise<CommentSettings> {
  const settings = { ...(await commentSettings(db)), ...change };
  await repo.saveSettings(db, settings, new Date().toISOString());
  return commentSettings(db);
}
