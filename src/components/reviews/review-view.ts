/**
 * How the reviews section words and orders what it shows: pure, shared by the build (ReviewSection.astro) and the
 * form's module (lib/browser/review-form.ts), so the list the module redraws matches the one the build wrote.
 */
import type { PublicComment } from '../../shared/comments.ts';

/** What a signed-out visitor is offered when the site takes no guest reviews, or the server asked for a session. */
export const SIGN_IN_TO_REVIEW = 'Sign in to review';

/** The reviews, newest first (the API answers oldest first). */
export function newestFirst(list: readonly PublicComment[]): PublicComment[] {
  return [...list].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b._id.localeCompare(a._id));
}

/** '1 review', '3 reviews'. */
export const reviewCount = (count: number) => `${count} ${count === 1 ? 'review' : 'reviews'}`;

/** The mean shown beside the stars: '4.3 out of 5'. */
export const ratingText = (rating: number) => `${rating.toFixed(1)} out of 5`;

/** What differs when the approved list or its mean changed: the module redraws only then. */
export function reviewSignature(list: readonly PublicComment[], rating: number): string {
  return JSON.stringify([rating, ...newestFirst(list).map((r) => [r._id, r.author, r.rating ?? 0, r.comment])]);
}

/** Where sign-in brings the visitor back to this page. */
export const signInHref = (page: string) => `/login?next=${encodeURIComponent(page)}`;
