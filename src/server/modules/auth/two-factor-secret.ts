/**
 * The TOTP key at rest: AES-256-GCM under a key derived from the server secret, with the user id as
 * associated data, so a copied database row is no authenticator and a row moved to another account does not decrypt.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { subKey } from '../../server-secret.ts';

const VERSION = 'v1';

export function encryptTotpKey(key: Buffer, userId: string, totpKey: Uint8Array): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(`totp:${userId}`, 'utf8'));
  const body = Buffer.concat([cipher.update(totpKey), cipher.final()]);
  return [
    VERSION,
    iv.toString('base64url'),
    cipher.getAuthTag().toString('base64url'),
    body.toString('base64url'),
  ].join('.');
}

/** The key, or null when the stored value is not ours (another AUTH_SECRET, another user, altered). */
export function decryptTotpKey(key: Buffer, userId: string, stored: string): Uint8Array | null {
  const [version, iv, tag, body] = stored.split('.');
  if (version !== VERSION || !iv || !tag || !body) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(`totp:${userId}`, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return new Uint8Array(Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]));
  } catch {
    return null;
  }
}

/** The key of TOTP secrets at rest, from the one-time-code key (itself from the server secret), apart from every other use. */
export function twoFactorSecretKey(otpKey: Buffer): Buffer {
  return subKey(otpKey, 'two-factor-secret');
}
