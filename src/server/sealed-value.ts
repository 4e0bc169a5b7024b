/**
 * A value kept at rest that the server must read again (so not a hash): AES-256-GCM under a key derived from the server
 * secret, with what the value belongs to (`context`, such as `totp:<user id>`) as associated data, so a copied database
 * row opens nowhere else and one moved to another owner does not open at all. Stored as `v1.<iv>.<tag>.<body>`.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';

export function sealValue(key: Buffer, context: string, value: Uint8Array | string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([
    typeof value === 'string' ? cipher.update(value, 'utf8') : cipher.update(value),
    cipher.final(),
  ]);
  return [
    VERSION,
    iv.toString('base64url'),
    cipher.getAuthTag().toString('base64url'),
    body.toString('base64url'),
  ].join('.');
}

/** The value's bytes, or null when the stored value is not ours (another server secret, another owner, altered). */
export function openValue(key: Buffer, context: string, stored: string): Buffer | null {
  const [version, iv, tag, body] = stored.split('.');
  if (version !== VERSION || !iv || !tag || !body) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]);
  } catch {
    return null;
  }
}
