/** The public contact form's messages (issue 18 item 5). */
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env.ts';
import type { Deps } from '../../deps.ts';

export function contactRoutes(_deps: Deps) {
  const router = new Hono<AppEnv>();
  return router;
}
