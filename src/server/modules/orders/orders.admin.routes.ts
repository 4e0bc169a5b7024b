/** Orders: /api/admin/orders (issue 17). Being built: mounted by app.ts, answers nothing yet. */
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env.ts';
import type { Deps } from '../../deps.ts';

export function orderAdminRoutes(_deps: Deps) {
  return new Hono<AppEnv>();
}
