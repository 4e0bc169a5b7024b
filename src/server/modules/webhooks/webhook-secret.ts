/**
 * An endpoint's signing secret: `whsec_` and 32 random bytes (base64url), shown to the admin once. The server must
 * sign with it again later, so it cannot be kept as a hash: it is kept sealed (AES-256-GCM under the webhooks key,
 * from the server secret) with the endpoint's id as associated data, so a copied database row signs nothing and a
 * secret moved to another endpoint does not open.
 */
import { randomBytes } from 'node:crypto';
import { openValue, sealValue } from '../../sealed-value.ts';

export const WEBHOOK_SECRET_PREFIX = 'whsec_';

export const newWebhookSecret = () => `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;

const context = (endpointId: string) => `webhook:${endpointId}`;

export const sealWebhookSecret = (key: Buffer, endpointId: string, secret: string): string =>
  sealValue(key, context(endpointId), secret);

/** The secret, or null when the stored value is not ours (another server secret, another endpoint, altered). */
export function openWebhookSecret(key: Buffer, endpointId: string, sealed: string): string | null {
  return openValue(key, context(endpointId), sealed)?.toString('utf8') ?? null;
}
