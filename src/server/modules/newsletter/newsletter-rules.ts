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

/** The List-Unsubscribe address of a mail: POSTed to by a mail provider's one-click button (RFC 8058). */
export function oneClickUnsubscribeUrl(apiBase: string, token: string): string {
  return `${apiBase}/api/newsletter/unsubscribe?token=${encodeURIComponent(token)}`;
}

/** The header that tells mail providers the List-Unsubscribe address takes a one-click POST (RFC 8058). */
export const ONE_CLICK_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

/** The one body a one-click unsubscribe carries (RFC 8058 section 3.1). */
export const isOneClickBody = (form: Record<string, unknown>): boolean => form['List-Unsubscribe'] === 'One-Click';

/** The pause between two newsletter mails at `perSecond` mails a second. */
export const sendIntervalMs = (perSecond: number): number => Math.max(1, Math.ceil(1000 / perSecond));

/** Tries per delivery when the mail server turns a mail away for now; then it fails. */
export const SEND_ATTEMPTS = 3;
/** The wait before try `attempt + 1` (a minute after the first, two after the second). */
export const retryDelayMs = (attempt: number): number => attempt * 60_000;

/** SMTP commands before the message is handed over: an error at any of them means the mail did not go out. */
const BEFORE_DATA = /^(CONN|EHLO|HELO|LHLO|STARTTLS|AUTH\b.*|MAIL FROM|RCPT TO|API)$/i;

/**
 * What a failed send means, from nodemailer's error: 'retry' when the mail server surely did not take the mail and
 * may later (a 4xx answer, or a failure before the message was handed over), 'refused' when it said no for good (5xx),
 * 'unknown' otherwise (the connection broke while the message was on its way): that one is never sent again.
 */
export function sendFailure(error: unknown): 'retry' | 'refused' | 'unknown' {
  const { responseCode, command } = (error ?? {}) as { responseCode?: unknown; command?: unknown };
  if (typeof responseCode === 'number') return responseCode >= 400 && responseCode < 500 ? 'retry' : 'refused';
  if (typeof command === 'string' && BEFORE_DATA.test(command)) return 'retry';
  return 'unknown';
}
