/** The payment providers of this process (deps.ts builds them once): manual always, Stripe when its key is set. */
import type { Env } from '../../env.ts';
import { manualProvider } from './manual-provider.ts';
import type { Payments } from './payment-provider.ts';
import { createStripeProvider } from './stripe-provider.ts';

export function createPayments(
  env: Pick<Env, 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_API_BASE'>,
): Payments {
  const { STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_API_BASE: apiBase } = env;
  // parseEnv refuses a key without its webhook secret; both are checked again so no half-configured Stripe exists.
  const stripe = secretKey && webhookSecret ? createStripeProvider({ secretKey, webhookSecret, apiBase }) : undefined;
  return { manual: manualProvider, stripe };
}
