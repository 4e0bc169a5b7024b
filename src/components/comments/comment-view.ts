/** How the comment thread words and orders what it shows; pure, so the island stays small and testable. */
import type { CommentType, PublicComment } from '../../shared/comments.ts';

/** The heading: 'Comments (3)' on a post, 'Reviews (2)' on audio and products. */
export function threadTitle(type: CommentType, count: number): string {
  return `${type === 'blog' ? 'Comments' : 'Reviews'} (${count})`;
}

/** Five stars as text, the filled ones first: 4 → '★★★★☆'. */
export function starText(rating: number): string {
  const full = Math.max(0, Math.min(5, Math.round(rating)));
  return '★'.repeat(full) + '☆'.repeat(5 - full);
}

/** What a screen reader hears for stars: '4 out of 5 stars', '4.3 out of 5 stars'. */
export const starLabel = (rating: number) => `${rating} out of 5 stars`;

/**
 * The list after the visitor's own comment was published: added once (a reload may already have it), oldest first.
 */
export function withComment(list: readonly PublicComment[], comment: PublicComment): PublicComment[] {
  return list.some((c) => c._id === comment._id) ? [...list] : [...list, comment];
}

/** The server's { message } of a refused call when it sent one, else `fallback`. */
export function refusalText(error: unknown, fallback: string): string {
  const data = (error as { data?: unknown } | null)?.data;
  const message = data && typeof data === 'object' ? (data as { message?: unknown }).message : undefined;
  return typeof message === 'string' && message.trim() ? message : fallback;
}
