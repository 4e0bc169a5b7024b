/**
 * Webhook signatures as Stripe makes them (t=<seconds>,v1=<HMAC-SHA256 of "t.body">): what the sender puts in the
 * headers verifies with the receiver's helper, and anything altered, late, early or malformed does not; the secret
 * sealed at rest opens only for its own endpoint and key.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  verifyWebhookSignature,
  WEBHOOK_TOLERANCE_SECONDS,
  webhookHeaders,
  webhookSignature,
} from '../../src/server/modules/webhooks/webhook-signature.ts';
import {
  newWebhookSecret,
  openWebhookSecret,
  sealWebhookSecret,
} from '../../src/server/modules/webhooks/webhook-secret.ts';

const SECRET = 'whsec_test-secret-for-the-unit-tests';
const BODY = JSON.stringify({
  id: 'd1',
  event: 'ping',
  created_at: '2026-12-10T09:00:00.000Z',
  data: { summary: 'x' },
});
const NOW = 1_800_000_000_000;
const T = NOW / 1000;

describe('webhookSignature', () => {
  it('is the hex HMAC-SHA256 of "<t>.<body>" under the secret, after t=', () => {
    const expected = createHmac('sha256', SECRET).update(`${T}.${BODY}`).digest('hex');
    expect(webhookSignature(SECRET, BODY, T)).toBe(`t=${T},v1=${expected}`);
  });

  it('puts the signature, the delivery id and the event in the headers', () => {
    const headers = webhookHeaders(SECRET, BODY, { id: 'delivery-1', event: 'content.created' }, NOW);
    expect(headers).toEqual({
      'content-type': 'application/json',
      'Site-Signature': webhookSignature(SECRET, BODY, T),
      'Site-Webhook-Id': 'delivery-1',
      'Site-Event': 'content.created',
    });
    expect(verifyWebhookSignature(SECRET, headers['Site-Signature'], BODY, undefined, NOW)).toBe(true);
  });
});

describe('verifyWebhookSignature', () => {
  const signed = (at = T, body = BODY, secret = SECRET) => webhookSignature(secret, body, at);

  it.each([
    ['now', signed(), true],
    ['at the past bound', signed(T - WEBHOOK_TOLERANCE_SECONDS), true],
    ['at the future bound', signed(T + WEBHOOK_TOLERANCE_SECONDS), true],
    ['a second too old', signed(T - WEBHOOK_TOLERANCE_SECONDS - 1), false],
    ['a second too far ahead', signed(T + WEBHOOK_TOLERANCE_SECONDS + 1), false],
    ['with another secret', signed(T, BODY, 'whsec_another'), false],
    ['for another body', signed(T, `${BODY} `), false],
    ['with spaces around the parts', signed().replace(',', ' , '), true],
    ['with an old v1 beside the right one (a secret being rolled)', `${signed()},v1=${'0'.repeat(64)}`, true],
    ['with only a wrong v1', `t=${T},v1=${'0'.repeat(64)}`, false],
    ['with the time changed after signing', signed().replace(`t=${T}`, `t=${T + 1}`), false],
    ['naming two times', `t=${T - 9999},${signed()}`, false],
    ['naming no time', signed().replace(`t=${T},`, ''), false],
    ['with a v1 that is not hex', `t=${T},v1=zz${'0'.repeat(62)}`, false],
    ['with a short v1', signed().slice(0, -2), false],
    ['with only a v0', signed().replace('v1=', 'v0='), false],
    ['empty', '', false],
  ])('%s: %s', (_what, header, expected) => {
    expect(verifyWebhookSignature(SECRET, header, BODY, WEBHOOK_TOLERANCE_SECONDS, NOW)).toBe(expected);
  });

  it('refuses a missing header', () => {
    expect(verifyWebhookSignature(SECRET, null, BODY, WEBHOOK_TOLERANCE_SECONDS, NOW)).toBe(false);
    expect(verifyWebhookSignature(SECRET, undefined, BODY, WEBHOOK_TOLERANCE_SECONDS, NOW)).toBe(false);
  });

  it('takes the tolerance it is given', () => {
    const header = signed(T - 60);
    expect(verifyWebhookSignature(SECRET, header, BODY, 30, NOW)).toBe(false);
    expect(verifyWebhookSignature(SECRET, header, BODY, 60, NOW)).toBe(true);
  });

  it('checks against the clock when no time is given', () => {
    expect(verifyWebhookSignature(SECRET, webhookSignature(SECRET, BODY, Math.floor(Date.now() / 1000)), BODY)).toBe(
      true,
    );
    expect(verifyWebhookSignature(SECRET, signed(T), BODY)).toBe(false);
  });
});

describe('signing secrets', () => {
  it('are whsec_ and 32 random bytes in base64url, a new one each time', () => {
    const one = newWebhookSecret();
    expect(one).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(one.slice('whsec_'.length), 'base64url')).toHaveLength(32);
    expect(newWebhookSecret()).not.toBe(one);
  });

  it('are sealed so that only the same key and endpoint open them, and an altered seal opens nothing', () => {
    const key = randomBytes(32);
    const secret = newWebhookSecret();
    const sealed = sealWebhookSecret(key, 'endpoint-1', secret);
    expect(sealed).not.toContain(secret.slice('whsec_'.length));
    expect(sealWebhookSecret(key, 'endpoint-1', secret)).not.toBe(sealed);
    expect(openWebhookSecret(key, 'endpoint-1', sealed)).toBe(secret);
    expect(openWebhookSecret(key, 'endpoint-2', sealed)).toBeNull();
    expect(openWebhookSecret(randomBytes(32), 'endpoint-1', sealed)).toBeNull();
    const [version, iv, tag, body = ''] = sealed.split('.');
    const flipped = `${body.startsWith('A') ? 'B' : 'A'}${body.slice(1)}`;
    expect(openWebhookSecret(key, 'endpoint-1', [version, iv, tag, flipped].join('.'))).toBeNull();
    expect(openWebhookSecret(key, 'endpoint-1', 'not sealed')).toBeNull();
  });
});
