/** Blog writes: /api/admin/blogs (issue 17). Being built: mounted by app.ts, answers nothing yet. */
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env.ts';
import type { Deps } from '../../deps.ts';

export function blogAdminRoutes(_deps: Deps) {
  return new Hono<AppEnv>();
}
