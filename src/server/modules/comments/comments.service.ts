/**
 * Comments and reviews: a signed-in visitor's new one (checked against blocks, repeats and the honeypot, then held or
 * shown by the site's moderation rule), the approved ones every visitor reads, and the admin's queue, moderation,
 * edits, deletions and blocks. A review's item shows the mean of its approved reviews, stored again in the same
 * transaction as every change that can move it.
 */
import { randomUUID } from 'node:crypto';
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
} from '../../../shared/comments.ts';
import type { AdminCommentsFilter, CommentChangeInput, NewReviewInput } from '../../../shared/schemas/comments.ts';
import type { Db } from '../../db/connection.ts';
import { ApiError, fieldError, notFound } from '../../http/errors.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import type { AuthUser } from '../auth/user-dto.ts';
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

/** The site's moderation rule; 'hold-first' until an admin chose one. */
export async function moderationMode(db: Db): Promise<ModerationMode> {
  const stored = await repo.readModeration(db);
  return (MODERATION_MODES as readonly string[]).includes(stored ?? '')
    ? (stored as ModerationMode)
    : DEFAULT_MODERATION;
}

const isReview = (type: CommentType): type is 'audio' | 'product' => type !== 'blog';

/**
 * POST …/comments or …/reviews by a signed-in visitor (the limits were counted by the route). A filled honeypot is
 * stored as spam and answered like a held comment, so a bot learns nothing.
 */
export async function postComment(
  db: Db,
  user: AuthUser,
  type: CommentType,
  ref: string,
  input: Omit<NewReviewInput, 'rating'> & { rating?: number },
): Promise<{ posted: PostedComment; shown: boolean }> {
  const item = await publishedItem(db, type, ref);
  if (await repo.isBlockedCommenter(db, user.id)) throw new ApiError(403, COMMENT_BLOCKED);
  const now = new Date();
  const since = new Date(now.getTime() - DUPLICATE_WINDOW_MS).toISOString();
  if (!input.trap && (await repo.sentSameTextSince(db, type, user.id, input.comment, since)))
    throw fieldError(409, COMMENT_DUPLICATE, 'comment');
  const status: CommentStatus = input.trap
    ? 'spam'
    : initialStatus(await moderationMode(db), {
        approvedBefore: await repo.hasApprovedComment(db, user.id),
        admin: user.role === 'admin',
      });
  const id = randomUUID();
  const createdAt = now.toISOString();
  const author = displayName(user);
  await db.transaction().execute(async (trx) => {
    await repo.insertComment(trx, type, {
      id,
      item_id: item.id,
      author,
      comment: input.comment,
      created_at: createdAt,
      status,
      user_id: user.id,
      author_email: user.email,
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
        : `/audio?q=${encodeURIComponent(row.item_title)}`;
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
  if (!row.user_id) throw new ApiError(409, 'This comment has no account to block.');
  if (row.user_id === actor.id) throw new ApiError(409, 'You cannot block your own account.');
  const userId = row.user_id;
  await db.transaction().execute(async (trx) => {
    if (blocked) await repo.blockCommenter(trx, userId, actor.id, new Date().toISOString());
    else await repo.unblockCommenter(trx, userId);
    await recordAudit(trx, actor, {
      action: blocked ? 'sender.block' : 'sender.unblock',
      target: { type: 'commenter', id: userId },
      summary: `${row.author} (${row.author_email}) ${blocked ? 'blocked from' : 'allowed'} commenting`,
    });
  });
  return {
    message: blocked ? `${row.author} can no longer comment` : `${row.author} may comment again`,
    comment: await queueRow(db, type, id),
  };
}

export async function commentSettings(db: Db): Promise<CommentSettings> {
  return { moderation: await moderationMode(db) };
}

/** PUT /api/admin/comment-settings: applies to the next comment sent; nothing already sent changes. */
export async function saveCommentSettings(db: Db, settings: CommentSettings): Promise<CommentSettings> {
  await repo.saveModeration(db, settings.moderation, new Date().toISOString());
  return commentSettings(db);
}
