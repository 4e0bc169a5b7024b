/** The pure rules of the double opt-in: what a sign-up does to an address in each state, and when a link expires. */
import type { NewsletterStatus } from '../../../shared/schemas/newsletter.ts';

/** How long a confirmation link works. */
export const CONFIRM_TTL_MS = 48 * 60 * 60 * 1000;

/**
 * What a sign-up does: a new address or one that unsubscribed gets a fresh pending row and a confirmation mail; a
 * pending one gets a new link (the old one stops working); a confirmed one gets nothing. The answer is the same.
 */
export type SignupAction = 'create' | 'reissue' | 'none';

export function signupAction(status: NewsletterStatus | undefined): SignupAction {
  if (status === undefined) return 'create';
  return status === 'confirmed' ? 'none' : 'reissue';
}

/** When a confirmation link issued at `now` stops working (ISO instant). */
export function confirmExpiry(now: Date, ttlMs = CONFIRM_TTL_MS): string {
  return new Date(now.getTime() + ttlMs).toISOString();
}

/** A link without an expiry, or whose expiry is not in the future, no longer confirms. */
export function isExpired(expiresAt: string | null, now: Date): boolean {
  const at = expiresAt ? Date.parse(expiresAt) : Number.NaN;
  return Number.isNaN(at) || at <= now.getTime();
}

/** The page a mailed link opens; the token travels in the query, the page POSTs it (no GET with side effects). */
export function newsletterLink(siteUrl: string, page: 'confirm' | 'unsubscribe', token: string): string {
  return `${siteUrl}/newsletter/${page}?token=${encodeURIComponent(token)}`;
}
