/** The newsletter's admin side: subscribers, and composing and sending an issue. */
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env.ts';
import type { Deps } from '../../deps.ts';

export function newsletterAdminRoutes(_deps: Deps) {
  return new Hono<AppEnv>();
}
