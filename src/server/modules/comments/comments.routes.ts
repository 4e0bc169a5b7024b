/** Comments on posts and reviews of audio and products, and their moderation. */
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env.ts';
import type { Deps } from '../../deps.ts';

export function commentRoutes(_deps: Deps) {
  return new Hono<AppEnv>();
}
