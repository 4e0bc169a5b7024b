/**
 * An endpoint's signing secret: `whsec_` and 32 random bytes (base64url), shown to the admin once. The server must
 * sign with it again later, so it cannot be kept as a hash: it is kept sealed (AES-256-GCM under the webhooks key,
 * from the server secret) with the endpoint's id as associated data, so a copied database row signs nothing and a
 * secret moved to another endpoint does not open.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

export const WEBHOOK_SECRET_PREFIX = 'whsec_';
const VERSION = 'v1';

export const newWebhookSecret = () => `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;

const aad = (endpointId: string) => Buffer.from(`webhook:${endpointId}`, 'utf8');

export function sealWebhookSecret(key: Buffer, endpointId: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(aad(endpointId));
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [
    VERSION,
    iv.toString('base64url'),
    cipher.getAuthTag().toString('base64url'),
    body.toString('base64url'),
  ].join('.');
}

/** The secret, or null when the stored value is not ours (another AUTH_SECRET, another endpoint, altered). */
export function openWebhookSecret(key: Buffer, endpointId: string, sealed: string): string | null {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || !body) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(aad(endpointId));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
