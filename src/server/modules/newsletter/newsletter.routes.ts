/** Newsletter sign-up with double opt-in (issue 18 item 2). */
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env.ts';
import type { Deps } from '../../deps.ts';

export function newsletterRoutes(_deps: Deps) {
  const router = new Hono<AppEnv>();
  return router;
}
