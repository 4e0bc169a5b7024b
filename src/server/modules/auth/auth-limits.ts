/**
 * Attempt limits of the account endpoints (security.md R15, R58, R59), in memory per server process.
 * Keys are the socket address and the account (user id, or the typed identifier when no account matches,
 * so unknown and existing accounts are throttled alike).
 */
import type { Env } from '../../env.ts';
import { ApiError } from '../../http/errors.ts';
import { type AttemptLimiter, FailureBackoff, type LimitDecision, type Reservation, SlidingWindowLimiter, UNLIMITED } from '../../http/rate-limit.ts';
import { logAuthEvent } from './auth-log.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Failed password checks one address may make in 15 minutes, across accounts: refused well before 30. */
export const LOGIN_FAILURES_PER_ADDRESS = 20;

function buildLimits() {
  return {
    /** Failed password checks per address across accounts (login and change-password alike). */
    loginIp: new SlidingWindowLimiter({ limit: LOGIN_FAILURES_PER_ADDRESS, windowMs: 15 * MINUTE }),
    /** Failed password checks per account: after 10 in a row a wait of 1 s, doubling with each further failure up to 15 min; forgotten after an hour of quiet. */
    loginBackoff: new FailureBackoff({ freeFailures: 10, baseMs: 1000, maxMs: 15 * MINUTE, forgetAfterMs: HOUR }),
    /** At most 100 failed password checks per account per hour overall. */
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

/** The limits keyed by socket address: the ones RATE_LIMITS=off turns off. */
const PER_ADDRESS = ['loginIp', 'registerIp', 'requestOtpIp', 'verifyOtpIp', 'resetIp'] as const;

export type AuthLimits = Omit<ReturnType<typeof buildLimits>, (typeof PER_ADDRESS)[number]> & Record<(typeof PER_ADDRESS)[number], AttemptLimiter>;

export function createAuthLimits(): AuthLimits {
  return buildLimits();
}

/**
 * The limits as RATE_LIMITS sets them: `off` drops the per-address ones (test rigs behind one address, load
 * tests); the per-account and per-code limits stay whatever it says.
 */
export function limitsForSetting(limits: AuthLimits, setting: Env['RATE_LIMITS']): AuthLimits {
  if (setting === 'on') return limits;
  return { ...limits, ...Object.fromEntries(PER_ADDRESS.map((name) => [name, UNLIMITED])) };
}

interface LimitContext {
  ip: string;
  path: string;
}

/**
 * Counts one attempt in every (limiter, key) pair at once, or refuses with 429 and counts none. Checking and
 * counting happen in one synchronous step, so parallel requests cannot all pass the same check.
 */
export function reserveAll(pairs: [AttemptLimiter, string][], context: LimitContext): Reservation {
  enforce(
    pairs.map(([limiter, key]) => limiter.check(key)),
    context,
  );
  const reservations = pairs.map(([limiter, key]) => limiter.reserve(key));
  return {
    succeeded: () => reservations.forEach((r) => r.succeeded()),
    failed: () => reservations.forEach((r) => r.failed()),
  };
}

/** Counts an attempt in every (limiter, key) pair whatever its outcome, or refuses with 429 and counts none. */
export function consumeAll(pairs: [AttemptLimiter, string][], context: LimitContext): void {
  reserveAll(pairs, context);
}

/**
 * One password check (login or the current password of change-password), counted before the hash against the
 * address and the account alike; the caller settles it once the hash has answered.
 */
export function reservePasswordCheck(deps: { limits: AuthLimits } & LimitContext, accountKey: string): Reservation {
  const { limits } = deps;
  return reserveAll(
    [
      [limits.loginIp, deps.ip],
      [limits.loginBackoff, accountKey],
      [limits.loginAccount, accountKey],
    ],
    deps,
  );
}

/** Throws 429 with Retry-After for the first decision that refuses. */
export function enforce(decisions: LimitDecision[], context: LimitContext): void {
  const refused = decisions.find((d) => !d.allowed);
  if (!refused) return;
  logAuthEvent('rate_limited', { ip: context.ip, path: context.path, status: 429 });
  throw new ApiError(429, 'Too many attempts. Please try again later', { headers: { 'Retry-After': String(refused.retryAfterSeconds) } });
}
