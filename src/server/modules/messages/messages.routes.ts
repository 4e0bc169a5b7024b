/** A signed-in visitor's conversations with the company (issue 20): GET/POST /api/messages, the caller from the session. */
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env.ts';
import type { Deps } from '../../deps.ts';

export function messageRoutes(_deps: Deps) {
  const router = new Hono<AppEnv>();
  return router;
}
