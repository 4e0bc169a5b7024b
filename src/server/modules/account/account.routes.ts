/** The signed-in person's own account (issue 20, /settings): profile, email change, sessions, export, deletion. */
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env.ts';
import type { Deps } from '../../deps.ts';

export function accountRoutes(_deps: Deps) {
  const router = new Hono<AppEnv>();
  return router;
}
