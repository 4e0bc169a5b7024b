/** The admin's Messages screen (issue 20): every conversation, replies mailed to the visitor, unread counts. */
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env.ts';
import type { Deps } from '../../deps.ts';

export function messageAdminRoutes(_deps: Deps) {
  const router = new Hono<AppEnv>();
  return router;
}
