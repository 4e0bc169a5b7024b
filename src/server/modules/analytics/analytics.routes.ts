/** First-party, cookie-less page-view counting and the admin's analytics over a date range (issue 20). */
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env.ts';
import type { Deps } from '../../deps.ts';

export function analyticsRoutes(_deps: Deps) {
  const router = new Hono<AppEnv>();
  return router;
}
