/** Six-digit one-time codes: CSPRNG digits, stored as an HMAC bound to the user, compared in constant time (R9, R10, R13). */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

export const OTP_LENGTH = 6;
/** Wrong guesses a code takes, all from the browser that asked for it (the only one that can use it), R14. */
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

/**
 * The answer to a wrong guess from the count it left on the code: the guess that reaches OTP_MAX_ATTEMPTS, and any after it, void the code (429); undefined is a code that is gone.
 */
export function wrongGuessOutcome(countAfter: number | undefined): 'invalid' | 'exhausted' {
  return countAfter !== undefined && countAfter >= OTP_MAX_ATTEMPTS ? 'exhausted' : 'invalid';
}
