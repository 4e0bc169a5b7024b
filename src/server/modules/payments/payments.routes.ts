/**
 * Payment providers' callbacks: the Stripe webhook, verified by signature and applied once.
 * Stripe signs the exact bytes it sends, so the body is read raw, never parsed and re-serialised before the check.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env.ts';
import type { Deps } from '../../deps.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import type { StripeEvent } from './payment-provider.ts';
import { handleStripeEvent } from './stripe-webhook.ts';

export const INVALID_SIGNATURE = 'Invalid signature';

export function paymentRoutes(deps: Deps) {
  const routes = new Hono<AppEnv>();

  routes.post('/payments/stripe/webhook', async (c) => {
    const stripe = deps.payments.stripe;
    if (!stripe) throw notFound('Stripe payments are not configured');
    const signature = c.req.header('stripe-signature');
    if (!signature) throw badRequest(INVALID_SIGNATURE);
    const raw = await c.req.text();
    let event: StripeEvent;
    try {
      event = stripe.verifyEvent(raw, signature);
    } catch {
      throw badRequest(INVALID_SIGNATURE);
    }
    // A failure here (the database busy) answers 5xx, and Stripe delivers the event again later: it applies once.
    await handleStripeEvent({ db: c.get('db'), mailer: deps.mailer, siteUrl: c.get('env').SITE_URL }, event);
    return c.json({ received: true });
  });

  return routes;
}
