/** Documents: public /api/documents and downloads, admin /api/admin/documents (issue 17). Being built: mounted by app.ts, answers nothing yet. */
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env.ts';
import type { Deps } from '../../deps.ts';

export function documentRoutes(_deps: Deps) {
  return new Hono<AppEnv>();
}
