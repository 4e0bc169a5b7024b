/** The Hono environment of every router: what the app puts on the context. A leaf module, so no router imports app.ts. */
import type { Db } from './db/connection.ts';
import type { Env } from './env.ts';
import type { ApiTokenPrincipal } from './modules/api-tokens/api-tokens.service.ts';
import type { AuthUser } from './modules/auth/user-dto.ts';
import type { SiteChange } from './site/site-changed.ts';

/**
 * `user` is set by the auth middleware when a valid bearer token of a session came with the request (and by the admin
 * guard for a call an API token's scopes allow); `apiToken` by the auth middleware for a valid API token;
 * `siteChange` by an admin write that changed what the public site shows (site/site-changed.ts).
 */
export interface AppEnv {
  Variables: { db: Db; env: Env; user?: AuthUser; apiToken?: ApiTokenPrincipal; siteChange?: SiteChange };
}
