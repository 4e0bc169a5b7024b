/**
 * When a failed delivery is tried again: exponential backoff over about two days, like the big senders' (Stripe's
 * retries span three days), so a receiver down for a deploy or a night gets every event once it is back; after
 * WEBHOOK_MAX_ATTEMPTS the delivery is failed and waits for the admin's Resend.
 */

/** Waits after the 1st, 2nd, … failed attempt: 1 min, 5 min, 30 min, 2 h, 6 h, 12 h, 24 h. */
export const WEBHOOK_RETRY_DELAYS_S: readonly number[] = [60, 300, 1800, 7200, 21_600, 43_200, 86_400];

/** Attempts in all (the first and seven retries). */
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_DELAYS_S.length + 1;

/** Per attempt: a receiver should answer at once and do its work afterwards. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** How much of an answer's body the log keeps. */
export const WEBHOOK_RESPONSE_MAX_BYTES = 1024;

/**
 * After `attempts` attempts that all failed (counting the one just made), when to try next; null when that was the
 * last one.
 */
export function nextAttemptAfter(attempts: number, now: Date): Date | null {
  if (attempts >= WEBHOOK_MAX_ATTEMPTS) return null;
  const delay = WEBHOOK_RETRY_DELAYS_S[Math.max(0, attempts - 1)] ?? 0;
  return new Date(now.getTime() + delay * 1000);
}

/** Whether an HTTP status counts as delivered: any 2xx (a redirect is not followed, so it is not). */
export const isDelivered = (status: number) => status >= 200 && status < 300;
