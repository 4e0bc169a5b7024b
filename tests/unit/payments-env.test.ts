import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../src/server/env.ts';
import { createPayments } from '../../src/server/modules/payments/create-payments.ts';

describe('the Stripe environment', () => {
  it('is optional: without it only manual payment exists', () => {
    const env = parseEnv({ STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '', STRIPE_API_BASE: '' });
    expect([env.STRIPE_SECRET_KEY, env.STRIPE_WEBHOOK_SECRET, env.STRIPE_API_BASE]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    const payments = createPayments(env);
    expect(payments.manual.method).toBe('manual');
    expect(payments.stripe).toBeUndefined();
  });

  it('with a key and its webhook secret, adds the Stripe provider', () => {
    const env = parseEnv({
      STRIPE_SECRET_KEY: ' sk_test_abc123 ',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
      STRIPE_API_BASE: 'http://127.0.0.1:12111',
    });
    expect(env.STRIPE_SECRET_KEY).toBe('sk_test_abc123');
    expect(createPayments(env).stripe?.method).toBe('stripe');
    expect(parseEnv({ STRIPE_SECRET_KEY: 'rk_live_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' }).STRIPE_SECRET_KEY).toBe(
      'rk_live_abc',
    );
  });

  it('refuses a key without the webhook secret, saying what is missing', () => {
    expect(() => parseEnv({ STRIPE_SECRET_KEY: 'sk_test_abc123' })).toThrow(
      /STRIPE_WEBHOOK_SECRET: is required when STRIPE_SECRET_KEY is set/,
    );
    // Also when another variable is wrong too: every problem is named at once.
    expect(() => parseEnv({ STRIPE_SECRET_KEY: 'sk_test_abc123', PORT: 'eighty' })).toThrow(
      /PORT.*STRIPE_WEBHOOK_SECRET|STRIPE_WEBHOOK_SECRET.*PORT/,
    );
  });

  it.each([
    [
      { STRIPE_SECRET_KEY: 'pk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' },
      /STRIPE_SECRET_KEY: must be a Stripe secret key/,
    ],
    [
      { STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'abc' },
      /STRIPE_WEBHOOK_SECRET: must be a Stripe webhook signing secret/,
    ],
    [{ STRIPE_API_BASE: 'not a url' }, /STRIPE_API_BASE/],
  ])('refuses %o with a message naming the variable', (source, pattern) => {
    expect(() => parseEnv(source)).toThrow(pattern);
  });

  it('never repeats a wrong key in its message', () => {
    expect(() => parseEnv({ STRIPE_SECRET_KEY: 'pk_live_secretish', STRIPE_WEBHOOK_SECRET: 'whsec_abc' })).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining('secretish') as unknown }),
    );
  });
});
