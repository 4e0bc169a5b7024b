/** Six-digit one-time codes: CSPRNG digits, stored as an HMAC bound to the user, compared in constant time (R9, R10, R13). */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

export const OTP_LENGTH = 6;
/** Wrong guesses a code takes from the browser that asked for it, and again from everyone else (R14). */
export const OTP_MAX_ATTEMPTS = 5;

export function newOtp(): string {
  return randomInt(0, 1_000_000).toString().padStart(OTP_LENGTH, '0');
}

export function isOtpShape(value: string): boolean {
  return /^\d{6}$/.test(value);
}

/** HMAC-SHA-256 over the user id and the code, so a stored hash is useless for any other account. */
export function hashOtp(key: Buffer, userId: string, code: string): string {
  return createHmac('sha256', key).update(`otp:${userId}:${code}`).digest('hex');
}

export function otpMatches(key: Buffer, userId: string, code: string, storedHash: string): boolean {
  const actual = Buffer.from(hashOtp(key, userId, code), 'hex');
  const expected = Buffer.from(storedHash, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A stored code as far as choosing it goes: whose browser asked for it. */
export interface CodeOwner {
  id: string;
  requester_hash: string | null;
}

/**
 * The codes one guess is checked against (`live`: the account's unexpired codes, newest first): the guessing browser's
 * own code, and the account's newest code when that is another browser's (the code in the latest mail, typed into any
 * browser). A guess spends the own code's counter and only the other code's shared counter, so guesses from elsewhere
 * never use up a browser's own code.
 */
export function codesToCheck<T extends CodeOwner>(
  live: readonly T[],
  browser: string | undefined,
): { own?: T; other?: T } {
  const own = browser === undefined ? undefined : live.find((code) => code.requester_hash === browser);
  const newest = live[0];
  return { ...(own && { own }), ...(newest && newest !== own && { other: newest }) };
}

/**
 * The answer to a wrong guess from the count it left on the code that decides (the browser's own code when it has one):
 * the guess that reaches OTP_MAX_ATTEMPTS, and any after it, void the code (429); undefined is a code that is gone.
 */
export function wrongGuessOutcome(countAfter: number | undefined): 'invalid' | 'exhausted' {
  return countAfter !== undefined && countAfter >= OTP_MAX_ATTEMPTS ? 'exhausted' : 'invalid';
}
