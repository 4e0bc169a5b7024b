/**
 * How a delivery is signed, as Stripe signs its webhooks: `Site-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of
 * "<t>.<body>" under the endpoint's secret>`. The time inside the MAC lets a receiver refuse an old message replayed;
 * `verifyWebhookSignature` is what a receiver runs (the README shows it), kept here so tests check the two agree.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { WEBHOOK_HEADERS } from '../../../shared/webhook-events.ts';

/** How old a signed message a receiver accepts, by default. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

const mac = (secret: string, timestamp: number, body: string) =>
  createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');

/** The Site-Signature header's value for `body` signed at `timestamp` (unix seconds). */
export function webhookSignature(secret: string, body: string, timestamp: number): string {
  return `t=${timestamp},v1=${mac(secret, timestamp, body)}`;
}

/** The headers of one delivery attempt: the body's type, the signature, the delivery and the event. */
export function webhookHeaders(
  secret: string,
  body: string,
  delivery: { id: string; event: string },
  now = Date.now(),
): Record<string, string> {
  return {
    'content-type': 'application/json',
    [WEBHOOK_HEADERS.signature]: webhookSignature(secret, body, Math.floor(now / 1000)),
    [WEBHOOK_HEADERS.id]: delivery.id,
    [WEBHOOK_HEADERS.event]: delivery.event,
  };
}

/**
 * A receiver's check: true when `header` (Site-Signature) carries a v1 signature of the raw `body` under `secret`,
 * made at most `toleranceSeconds` from now. Compared in constant time; a header with several v1 values (a secret
 * being rolled) passes when any one matches. `body` must be the bytes received, before any JSON parsing.
 */
export function verifyWebhookSignature(
  secret: string,
  header: string | null | undefined,
  body: string,
  toleranceSeconds = WEBHOOK_TOLERANCE_SECONDS,
  now = Date.now(),
): boolean {
  if (!header) return false;
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [key, value] = part.trim().split('=', 2);
    if (key === 't') {
      // One time only: a second would leave open which one was signed.
      if (timestamp !== null || !value || !/^\d{1,12}$/.test(value)) return false;
      timestamp = Number(value);
    } else if (key === 'v1' && value && /^[0-9a-f]{64}$/.test(value)) signatures.push(value);
  }
  if (timestamp === null || signatures.length === 0) return false;
  if (Math.abs(Math.floor(now / 1000) - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(mac(secret, timestamp, body), 'hex');
  // Every candidate is compared, so the time taken does not tell which one (or how much of it) matched.
  let matched = false;
  for (const signature of signatures) {
    if (timingSafeEqual(expected, Buffer.from(signature, 'hex'))) matched = true;
  }
  return matched;
}
