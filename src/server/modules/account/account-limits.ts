/**
 * Per-account limits of the account's own changes (security.md R59), counted in the database across processes
 * (attempt-store.ts). They are keyed by the account, not the address, so RATE_LIMITS=off (test rigs behind one
 * address) leaves them on.
 */
import type { Db } from '../../db/connection.ts';
import type { Env } from '../../env.ts';
import { attemptStore } from '../../http/attempt-store.ts';
import { ApiError } from '../../http/errors.ts';
import { type AttemptLimiter, slidingWindow } from '../../http/rate-limit.ts';
import { ACCOUNT_TEXTS } from '../../../shared/account.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const ACCOUNT_LIMITS = {
  /** Codes mailed to a new address: each one is a mail to an address the account names. */
  emailRequest: { limit: 5, windowMs: HOUR },
  /** Codes tried (each code also dies after 5 wrong guesses). */
  emailConfirm: { limit: 20, windowMs: 15 * MINUTE },
  profile: { limit: 30, windowMs: HOUR },
  upload: { limit: 20, windowMs: HOUR },
  export: { limit: 10, windowMs: HOUR },
} as const;

export type AccountLimits = Record<keyof typeof ACCOUNT_LIMITS, AttemptLimiter>;

export function createAccountLimits(): AccountLimits {
  return Object.fromEntries(
    Object.entries(ACCOUNT_LIMITS).map(([name, options]) => [name, slidingWindow(`account.${name}`, options)]),
  ) as AccountLimits;
}

/** Counts one attempt for the account, or refuses with 429 and Retry-After and counts nothing. */
export async function consumeAccountLimit(
  deps: { db: Db; env: Pick<Env, 'AUTH_SECRET' | 'DATA_DIR'> },
  limiter: AttemptLimiter,
  userId: string,
): Promise<void> {
  const { decision } = await attemptStore(deps.db, deps.env).reserve([[limiter, userId]]);
  if (!decision.allowed)
    throw new ApiError(429, ACCOUNT_TEXTS.tooMany, { headers: { 'Retry-After': String(decision.retryAfterSeconds) } });
}
