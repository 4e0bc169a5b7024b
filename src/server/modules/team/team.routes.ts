/** The team shown on About (issue 18 item 1). */
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env.ts';
import type { Deps } from '../../deps.ts';

export function teamRoutes(_deps: Deps) {
  const router = new Hono<AppEnv>();
  return router;
}
