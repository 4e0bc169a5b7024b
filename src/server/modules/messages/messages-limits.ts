/** How often a sender may write: per account on /messages, per address for a guest of the contact form. */
import type { Env } from '../../env.ts';
import { slidingWindow, UNLIMITED, type AttemptLimiter } from '../../http/rate-limit.ts';

/** Messages one account may send in ten minutes (new threads and answers alike). */
export const MESSAGE_USER_LIMIT = { limit: 10, windowMs: 10 * 60_000 } as const;
/** Contact-form messages one address may send in an hour without a session (beside the per-IP limit). */
export const GUEST_EMAIL_LIMIT = { limit: 3, windowMs: 60 * 60_000 } as const;

/** A sliding window named `name` (counted in the database, attempt-store.ts), or nothing under RATE_LIMITS=off (test rigs behind one address). */
export function messageLimiter(
  env: Pick<Env, 'RATE_LIMITS'>,
  name: string,
  options: { limit: number; windowMs: number },
): AttemptLimiter {
  return env.RATE_LIMITS === 'on' ? slidingWindow(name, options) : UNLIMITED;
}
