/**
 * GET /api/store (public) and GET/PUT /api/admin/store (admin): the store's currency, tax, shipping and manual payment instructions (issue 19 item 6).
 */
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env.ts';
import type { Deps } from '../../deps.ts';

export function storeRoutes(_deps: Deps) {
  const routes = new Hono<AppEnv>();
  return routes;
}
