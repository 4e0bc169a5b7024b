/** Pricing plans: public /api/plans, admin /api/admin/plans (issue 17). Being built: mounted by app.ts, answers nothing yet. */
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env.ts';
import type { Deps } from '../../deps.ts';

export function planRoutes(_deps: Deps) {
  return new Hono<AppEnv>();
}
