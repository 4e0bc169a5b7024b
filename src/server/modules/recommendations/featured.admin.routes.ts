/** The featured items the admin pins and orders. */
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env.ts';
import type { Deps } from '../../deps.ts';

export function featuredAdminRoutes(_deps: Deps) {
  return new Hono<AppEnv>();
}
