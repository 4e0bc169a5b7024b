/** Admin writes of sliders (issue 16), beside the public read in sliders.routes.ts. */
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env.ts';
import type { Deps } from '../../deps.ts';

export function sliderAdminRoutes(_deps: Deps) {
  return new Hono<AppEnv>();
}
