/** The admin comment queue's query as a pure reducer (design.md 4.13), and the words its rows and buttons use. */
import type { CommentsQueueQuery } from '../../../lib/api/comments.ts';
import { COMMENT_TYPES, type AdminComment, type CommentStatus, type CommentType } from '../../../shared/comments.ts';
import { ADMIN_COMMENTS_PAGE_DEFAULT } from '../../../shared/schemas/comments.ts';
import { onPage, type PageAction } from '../ui/paged-list.ts';

/** What waits for the admin comes first. */
export const INITIAL_COMMENTS_QUERY: CommentsQueueQuery = {
  page: 1,
  pageSize: ADMIN_COMMENTS_PAGE_DEFAULT,
  status: 'pending',
  type: 'all',
};

export type CommentsQueryAction =
  { type: 'status'; status: CommentStatus } | { type: 'kind'; kind: CommentType | 'all' } | PageAction;

/** A new tab or type starts again at page 1. */
export function commentsQueryReducer(query: CommentsQueueQuery, action: CommentsQueryAction): CommentsQueueQuery {
  switch (action.type) {
    case 'status':
      return action.status === query.status ? query : { ...query, status: action.status, page: 1 };
    case 'kind':
      return action.kind === query.type ? query : { ...query, type: action.kind, page: 1 };
    case 'page':
      return onPage(query, action.page);
  }
}

/** A select's value parsed into the type filter (never trust a form value); anything else is 'all'. */
export const parseTypeFilter = (value: string): CommentType | 'all' =>
  (COMMENT_TYPES as readonly string[]).includes(value) ? (value as CommentType) : 'all';

/** The status changes a row offers: every status but its own. */
export function statusActions(status: CommentStatus): { to: CommentStatus; label: string }[] {
  const all: { to: CommentStatus; label: string }[] = [
    { to: 'approved', label: 'Approve' },
    { to: 'rejected', label: 'Reject' },
    { to: 'spam', label: 'Spam' },
  ];
  return all.filter((a) => a.to !== status);
}

/** The status line after a change: what happened, and when visitors see it. */
export function changeNotice(message: string, before: CommentStatus, after: CommentStatus): string {
  if (after === 'approved' && before !== 'approved')
    return `${message}. Visitors see it on their next visit to the page.`;
  if (before === 'approved' && after !== 'approved') return `${message}. It no longer shows to visitors.`;
  return `${message}.`;
}

/** The words a row's screen-reader names use for its comment: 'the comment by Carol C.'. */
export const rowName = (c: Pick<AdminComment, 'author' | 'rating'>) =>
  `the ${c.rating === null ? 'comment' : 'review'} by ${c.author}`;

/** A guest's comment: no account, sent with a code mailed to its address (the demo's old rows have no address). */
export const isGuest = (c: Pick<AdminComment, 'userId' | 'authorEmail'>) => c.userId === null && c.authorEmail !== '';

/** Whether a row offers Block sender: an account other than the admin's own, or a guest's address. */
export const canBlock = (c: Pick<AdminComment, 'userId' | 'authorEmail'>, selfId: string) =>
  c.userId === null ? isGuest(c) : c.userId !== selfId;
