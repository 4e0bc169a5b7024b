/** Authenticated answers (admin data, accounts) are never stored by a cache (security.md R55). */
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env.ts';

export const noStore: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  c.header('Cache-Control', 'no-store');
};
