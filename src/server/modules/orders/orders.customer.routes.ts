/**
 * A customer's own orders (issue 19 item 5): GET /api/orders and GET /api/orders/:id, the caller from the session (or a guest's confirmation token).
 */
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env.ts';
import type { Deps } from '../../deps.ts';

export function customerOrderRoutes(_deps: Deps) {
  const routes = new Hono<AppEnv>();
  return routes;
}
