/** Comments and reviews: the visitor's reads and writes, and the admin's queue and moderation; one function per endpoint. */
import type {
  AdminComment,
  AdminCommentPage,
  CommentDigests,
  CommentList,
  CommentSettings,
  CommentStatus,
  CommentType,
  PostedComment,
  PublicCommentSettings,
} from '../../shared/comments.ts';
import { api } from './client.ts';

/** Where a type's comments are read and sent: a post by slug, an audio item or a product by id. */
export function commentsPath(type: CommentType, ref: string): string {
  const at = encodeURIComponent(ref);
  return type === 'blog' ? `/api/blogs/${at}/comments` : `/api/${type}s/${at}/reviews`;
}

/** GET the approved comments (and a review's item's rating), never cached. */
export const fetchComments = (type: CommentType, ref: string) => api<CommentList>(commentsPath(type, ref));

/** GET a digest of each item's approved comments of `type`, by item id (the build keys the items' pages by it). */
export const fetchCommentDigests = async (type: CommentType) =>
  (await api<CommentDigests>(`/api/comments/${type}/digests`)).results;

/**
 * POST a comment (blog) or a review (rating 1-5); `website` is the honeypot, sent as the form has it. A guest (when the
 * site allows it) adds a name, an email and the code mailed to that address.
 */
export const postComment = (
  type: CommentType,
  ref: string,
  body: { comment: string; rating?: number; website?: string; name?: string; email?: string; code?: string },
) => api<PostedComment>(commentsPath(type, ref), { method: 'POST', body });

/** GET whether guests may comment and review with a mailed code. */
export const fetchPublicCommentSettings = () => api<PublicCommentSettings>('/api/comment-settings');

/** POST a guest's address: the server mails it a code good for one comment or review. */
export const requestGuestCode = (email: string) =>
  api<{ message: string }>('/api/comments/guest-code', { method: 'POST', body: { email } });

/** The admin queue's query as the screen holds it. */
export interface CommentsQueueQuery {
  page: number;
  pageSize: number;
  status: CommentStatus;
  type: CommentType | 'all';
}

/** GET /api/admin/comments: one page, newest first, and the counts per status. */
export const fetchCommentQueue = ({ page, pageSize, status, type }: CommentsQueueQuery) =>
  api<AdminCommentPage>('/api/admin/comments', { query: { page, pageSize, status, type } });

const adminPath = (c: Pick<AdminComment, 'type' | '_id'>) =>
  `/api/admin/comments/${c.type}/${encodeURIComponent(c._id)}`;

/** PATCH a comment: a new status, a new text, or both. */
export const changeComment = (
  c: Pick<AdminComment, 'type' | '_id'>,
  change: { status?: CommentStatus; comment?: string },
) => api<{ message: string; comment: AdminComment }>(adminPath(c), { method: 'PATCH', body: change });

/** DELETE a comment. */
export const deleteComment = (c: Pick<AdminComment, 'type' | '_id'>) =>
  api<{ message: string }>(adminPath(c), { method: 'DELETE' });

/** Block (or unblock) the comment's author from commenting. */
export const blockCommenter = (c: Pick<AdminComment, 'type' | '_id'>, blocked: boolean) =>
  api<{ message: string; comment: AdminComment }>(`${adminPath(c)}/block`, { method: blocked ? 'POST' : 'DELETE' });

export const fetchCommentSettings = () => api<CommentSettings>('/api/admin/comment-settings');

export const saveCommentSettings = (settings: CommentSettings) =>
  api<CommentSettings & { message: string }>('/api/admin/comment-settings', { method: 'PUT', body: settings });
