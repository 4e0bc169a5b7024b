/**
 * Attempt limits of the account endpoints (security.md R15, R58, R59), kept in the database so every API process
 * counts together (attempt-store.ts). Keys are the client address and the account (user id, or the typed identifier
 * when no account matches, so unknown and existing accounts are throttled alike).
 */
import type { Db } from '../../db/connection.ts';
import type { Env } from '../../env.ts';
import { attemptStore, type LimitPair } from '../../http/attempt-store.ts';
import { ApiError } from '../../http/errors.ts';
import {
  type AttemptLimiter,
  failureBackoff,
  type LimitDecision,
  type Reservation,
  slidingWindow,
  UNLIMITED,
} from '../../http/rate-limit.ts';
import { logAuthEvent } from '../../http/auth-log.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Failed password checks one address may make in 15 minutes, across accounts: refused well before 30. */
export const LOGIN_FAILURES_PER_ADDRESS = 20;

/**
 * Code mails one account may be sent in an hour for browsers that have not signed in to it by code before. With 5
 * guesses per code, each only from the browser that asked for it, this bounds the guesses at an account to 40 an hour.
 */
export const CODE_MAILS_PER_ACCOUNT = 8;

/** The refusal once an account's code mails are used up: the codes already sent keep working. */
export const CODE_MAILS_USED_UP =
  'Too many codes were sent to this account. Use the newest code this browser asked for, or try again later';

function buildLimits() {
  return {
    /** Failed password checks per address across accounts (login and change-password alike). */
    loginIp: slidingWindow('auth.login.ip', { limit: LOGIN_FAILURES_PER_ADDRESS, windowMs: 15 * MINUTE }),
    /** Failed password checks per account: after 10 in a row a wait of 1 s, doubling with each further failure up to 15 min; forgotten after an hour of quiet. */
    loginBackoff: failureBackoff('auth.login.backoff', {
      freeFailures: 10,
      baseMs: 1000,
      maxMs: 15 * MINUTE,
      forgetAfterMs: HOUR,
    }),
    /** At most 100 failed password checks per account per hour overall. */
    loginAccount: slidingWindow('auth.login.account', { limit: 100, windowMs: HOUR }),
    registerIp: slidingWindow('auth.register.ip', { limit: 20, windowMs: HOUR }),
    registerAccount: slidingWindow('auth.register.account', { limit: 5, windowMs: HOUR }),
    requestOtpIp: slidingWindow('auth.otp-request.ip', { limit: 20, windowMs: 15 * MINUTE }),
    /** Codes one browser (its otp_browser cookie) may ask for one account: R15's 3 per 15 minutes. */
    requestOtpBrowser: slidingWindow('auth.otp-request.browser', { limit: 3, windowMs: 15 * MINUTE }),
    /**
     * Code mails per account, whoever asks, except for a browser that signed in to it by code before: bounds mail
     * bombing and, with the per-code counter, the guesses at an account. The codes already sent stay valid.
     */
    requestOtpAccount: slidingWindow('auth.otp-request.account-mails', {
      limit: CODE_MAILS_PER_ACCOUNT,
      windowMs: HOUR,
    }),
    verifyOtpIp: slidingWindow('auth.otp-verify.ip', { limit: 30, windowMs: 15 * MINUTE }),
    resetIp: slidingWindow('auth.reset.ip', { limit: 10, windowMs: 15 * MINUTE }),
    /** Second-factor codes per address, and per account across its challenges and the Settings forms. */
    twoFactorIp: slidingWindow('auth.two-factor.ip', { limit: 30, windowMs: 15 * MINUTE }),
    twoFactorAccount: slidingWindow('auth.two-factor.account', { limit: 10, windowMs: 15 * MINUTE }),
    /**
     * Passkey challenges per address (each is a row kept a few minutes), sign-in and adding alike: the sign-in page
     * asks for one on every visit, so an office behind one address stays well inside it.
     */
    passkeyIp: slidingWindow('auth.passkey.ip', { limit: 120, windowMs: 15 * MINUTE }),
  };
}

/** The limits keyed by client address: the ones RATE_LIMITS=off turns off. */
const PER_ADDRESS = [
  'loginIp',
  'registerIp',
  'requestOtpIp',
  'verifyOtpIp',
  'resetIp',
  'twoFactorIp',
  'passkeyIp',
] as const;

export type AuthLimits = Record<keyof ReturnType<typeof buildLimits>, AttemptLimiter>;

/** The limits' names and rules; their counts live in the database. */
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

/** Where the counts are (the database, hashed with the server secret) and what a refusal logs. */
export interface LimitContext {
  db: Db;
  env: Pick<Env, 'AUTH_SECRET' | 'DATA_DIR'>;
  ip: string;
  path: string;
}

/**
 * Counts one attempt in every (limiter, key) pair at once, or refuses with 429 and counts none. Checking and
 * counting happen in one transaction, so parallel requests (of any process) cannot all pass the same check.
 */
export async function reserveAll(pairs: LimitPair[], context: LimitContext, message?: string): Promise<Reservation> {
  const { decision, reservation } = await attemptStore(context.db, context.env).reserve(pairs);
  enforce([decision], context, message);
  return reservation;
}

/** Counts an attempt in every (limiter, key) pair whatever its outcome, or refuses with 429 and counts none. */
export async function consumeAll(pairs: LimitPair[], context: LimitContext, message?: string): Promise<void> {
  await reserveAll(pairs, context, message);
}

/** Refuses with 429 when any pair is at its limit already; counts nothing (a cheap read before costlier work). */
export async function checkAll(pairs: LimitPair[], context: LimitContext): Promise<void> {
  enforce([await attemptStore(context.db, context.env).check(pairs)], context);
}

/**
 * One password check (login or the current password of change-password), counted before the hash against the
 * address and the account alike; the caller settles it once the hash has answered.
 */
export function reservePasswordCheck(
  deps: { limits: AuthLimits } & LimitContext,
  accountKey: string,
): Promise<Reservation> {
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

/** Throws 429 with Retry-After for the first decision that refuses (with `message`, else the general sentence). */
export function enforce(
  decisions: LimitDecision[],
  context: Pick<LimitContext, 'ip' | 'path'>,
  message = 'Too many attempts. Please try again later',
): void {
  const refused = decisions.find((d) => !d.allowed);
  if (!refused) return;
  logAuthEvent('rate_limited', { ip: context.ip, path: context.path, status: 429 });
  throw new ApiError(429, message, {
    headers: { 'Retry-After': String(refused.retryAfterSeconds) },
  });
}
