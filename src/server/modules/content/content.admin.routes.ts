/** Content Management writes for photos, videos, audio and events: /api/admin/{photos,videos,audios,events} (issue 17). Being built: mounted by app.ts, answers nothing yet. */
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env.ts';
import type { Deps } from '../../deps.ts';

export function contentAdminRoutes(_deps: Deps) {
  return new Hono<AppEnv>();
}
