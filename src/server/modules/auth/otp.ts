/** Six-digit one-time codes: CSPRNG digits, stored as an HMAC bound to the user, compared in constant time (R9, R10, R13). */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

export const OTP_LENGTH = 6;
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
