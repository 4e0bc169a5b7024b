/**
 * Checkout (issue 19 item 3): guest email codes, quotes, and POST /api/orders placing an order priced by the server.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env.ts';
import type { Deps } from '../../deps.ts';

export function checkoutRoutes(_deps: Deps) {
  const routes = new Hono<AppEnv>();
  return routes;
}
