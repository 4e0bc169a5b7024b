/** Cache policy of the API reads the pages refresh at runtime: always revalidated, answered 304 when unchanged. */
import type { MiddlewareHandler } from 'hono';
import { etag } from 'hono/etag';
import type { AppEnv } from '../app-env.ts';

/** A content hash (hono/etag, SHA-1) for answers that set no ETag themselves; 304 on a matching If-None-Match. */
const validator = etag();

/** Any cache may keep a shared answer but must ask again each time: content changes with admin edits. */
export const SHARED_CACHE_CONTROL = 'no-cache';

/** For answers that are the same for everyone. */
export const revalidate: MiddlewareHandler<AppEnv> = (c, next) => {
  c.header('Cache-Control', SHARED_CACHE_CONTROL);
  return validator(c, next);
};

/**
 * The answer depends on the bearer token: `Vary: Authorization` always; a signed-in user's answer
 * is authenticated data and never stored (security.md R55), an anonymous one is revalidated.
 */
export const revalidatePerUser: MiddlewareHandler<AppEnv> = (c, next) => {
  c.header('Vary', 'Authorization', { append: true });
  c.header('Cache-Control', c.get('user') ? 'private, no-store' : SHARED_CACHE_CONTROL);
  return validator(c, next);
};
