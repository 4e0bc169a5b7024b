/**
 * TOTP (RFC 6238) for two-factor sign-in, through @oslojs/otp: 20-byte keys, SHA-1, 6 digits, 30-second
 * steps, the step before and after accepted for clock drift. The step a code matched is what the caller stores, so
 * the same code (or an older one) is never accepted twice.
 */
import { randomBytes } from 'node:crypto';
import { createTOTPKeyURI, verifyHOTP } from '@oslojs/otp';

export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps either side of now that still count (±1: a code typed as it turns over, or a phone's clock 30 s off). */
export const TOTP_WINDOW = 1;

export function newTotpKey(): Uint8Array {
  return new Uint8Array(randomBytes(20));
}

/** The otpauth:// address the QR code holds, and the same key as people type it into an app (base32 in groups of four). */
export function totpSetup(issuer: string, accountName: string, key: Uint8Array): { uri: string; secret: string } {
  const uri = createTOTPKeyURI(
    issuer.replace(/:/g, ' ').trim() || 'Website',
    accountName,
    key,
    TOTP_PERIOD_SECONDS,
    TOTP_DIGITS,
  );
  const base32 = new URL(uri).searchParams.get('secret') ?? '';
  return { uri, secret: base32.match(/.{1,4}/g)?.join(' ') ?? base32 };
}

export const stepAt = (nowMs: number) => Math.floor(nowMs / 1000 / TOTP_PERIOD_SECONDS);

/**
 * The step `code` is right for within the window around `nowMs`, newer than `lastUsedStep`; null when none is.
 * Steps at or before the last used one are never tried: a code seen once cannot be used again.
 */
export function matchingStep(key: Uint8Array, code: string, nowMs: number, lastUsedStep: number | null): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const now = stepAt(nowMs);
  for (let step = now - TOTP_WINDOW; step <= now + TOTP_WINDOW; step++) {
    if (lastUsedStep !== null && step <= lastUsedStep) continue;
    if (verifyHOTP(key, BigInt(step), TOTP_DIGITS, code)) return step;
  }
  return null;
}
