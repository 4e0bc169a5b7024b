/** Counting what visitors do: views, likes, plays and downloads of every content type. */
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env.ts';
import type { Deps } from '../../deps.ts';

export function activityRoutes(_deps: Deps) {
  return new Hono<AppEnv>();
}
