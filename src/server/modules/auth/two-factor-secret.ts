/**
 * The TOTP key at rest: AES-256-GCM under a key derived from the server secret, with the user id as
 * associated data, so a copied database row is no authenticator and a row moved to another account does not decrypt.
 */
import { subKey } from '../../server-secret.ts';
import { openValue, sealValue } from '../../sealed-value.ts';

export const encryptTotpKey = (key: Buffer, userId: string, totpKey: Uint8Array): string =>
  sealValue(key, `totp:${userId}`, totpKey);

/** The key, or null when the stored value is not ours (another AUTH_SECRET, another user, altered). */
export function decryptTotpKey(key: Buffer, userId: string, stored: string): Uint8Array | null {
  const opened = openValue(key, `totp:${userId}`, stored);
  return opened && new Uint8Array(opened);
}

/** The key of TOTP secrets at rest, from the one-time-code key (itself from the server secret), apart from every other use. */
export function twoFactorSecretKey(otpKey: Buffer): Buffer {
  return subKey(otpKey, 'two-factor-secret');
}
