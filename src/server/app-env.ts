/** The Hono environment of every router: what the app puts on the context. A leaf module, so no router imports app.ts. */
import type { Db } from './db/connection.ts';
import type { Env } from './env.ts';
import type { AuthUser } from './modules/auth/user-dto.ts';
import type { SiteChange } from './site/site-changed.ts';

/**
 * `user` is set by the auth middleware when a valid bearer token came with the request; `siteChange` by an admin write
 * that changed what the public site shows (site/site-changed.ts).
 */
export interface AppEnv {
  Variables: { db: Db; env: Env; user?: AuthUser; siteChange?: SiteChange };
}
