/**
 * Attempt limits of the account endpoints (security.md R15, R58, R59), in memory per server process.
 * Keys are the socket address and the account (user id, or the typed identifier when no account matches,
 * so unknown and existing accounts are throttled alike).
 */
import { ApiError } from '../../http/errors.ts';
import { FailureBackoff, type LimitDecision, SlidingWindowLimiter } from '../../http/rate-limit.ts';
import { logAuthEvent } from './auth-log.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export function createAuthLimits() {
  return {
    /** Failed logins per IP across accounts. */
    loginIp: new SlidingWindowLimiter({ limit: 50, windowMs: 15 * MINUTE }),
    /** Failed logins per account: after 10 in a row a wait of 1 s, doubling with each further failure up to 15 min; forgotten after an hour of quiet. */
    loginBackoff: new FailureBackoff({ freeFailures: 10, baseMs: 1000, maxMs: 15 * MINUTE, forgetAfterMs: HOUR }),
    /** At most 100 failed logins per account per hour overall. */
    loginAccount: new SlidingWindowLimiter({ limit: 100, windowMs: HOUR }),
    registerIp: new SlidingWindowLimiter({ limit: 20, windowMs: HOUR }),
    registerAccount: new SlidingWindowLimiter({ limit: 5, windowMs: HOUR }),
    requestOtpIp: new SlidingWindowLimiter({ limit: 20, windowMs: 15 * MINUTE }),
    requestOtpAccount: new SlidingWindowLimiter({ limit: 3, windowMs: 15 * MINUTE }),
    verifyOtpIp: new SlidingWindowLimiter({ limit: 30, windowMs: 15 * MINUTE }),
    verifyOtpAccount: new SlidingWindowLimiter({ limit: 10, windowMs: 15 * MINUTE }),
    resetIp: new SlidingWindowLimiter({ limit: 10, windowMs: 15 * MINUTE }),
  };
}

export type AuthLimits = ReturnType<typeof createAuthLimits>;

/** Checks every (limiter, key) pair and records an attempt in each only when all allow it; else 429. */
export function consumeAll(pairs: [SlidingWindowLimiter, string][], context: { ip: string; path: string }): void {
  enforce(pairs.map(([limiter, key]) => limiter.check(key)), context);
  for (const [limiter, key] of pairs) limiter.record(key);
}

/** Throws 429 with Retry-After for the first decision that refuses. */
export function enforce(decisions: LimitDecision[], context: { ip: string; path: string }): void {
  const refused = decisions.find((d) => !d.allowed);
  if (!refused) return;
  logAuthEvent('rate_limited', { ip: context.ip, path: context.path, status: 429 });
  throw new ApiError(429, 'Too many attempts. Please try again later', { 'Retry-After': String(refused.retryAfterSeconds) });
}
