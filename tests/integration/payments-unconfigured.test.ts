/** Without STRIPE_SECRET_KEY: manual payment only, and the Stripe webhook is not there. */
import { beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  return () => t.close();
});

it('has the manual provider and no Stripe', () => {
  expect(t.deps.payments.manual.method).toBe('manual');
  expect(t.deps.payments.stripe).toBeUndefined();
});

it('answers 404 at the webhook', async () => {
  const res = await t.request('/api/payments/stripe/webhook', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
    body: '{"id":"evt_1"}',
  });
  expect(res.status).toBe(404);
  expect(await res.json()).toEqual({ message: 'Stripe payments are not configured' });
});
