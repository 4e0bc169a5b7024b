/**
 * Bearer-token authentication (security.md R25): the session a request's token names becomes c.var.user; an API
 * token (cst_…) becomes c.var.apiToken instead, which only the admin guard honours, within the token's scopes.
 */
import type { MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie } from 'hono/cookie';
import type { AppEnv } from '../../app-env.ts';
import type { Env } from '../../env.ts';
import { isApiToken, resolveApiToken } from '../api-tokens/api-tokens.service.ts';
import { BIND_COOKIE, resolveSession } from './sessions.service.ts';

const BEARER = /^Bearer\s+([A-Za-z0-9_-]{1,512})\s*$/i;

/**
 * Sets c.var.user from `Authorization: Bearer <token>`; never from a query string, body or cookie. Anything else leaves
 * it unset. `bindKey` is deps.keys.sessionBinding.
 */
export function authenticate(env: Env, bindKey: Buffer): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = BEARER.exec(c.req.header('Authorization') ?? '')?.[1];
    if (token && isApiToken(token)) {
      const principal = await resolveApiToken(c.get('db'), token);
      if (principal) c.set('apiToken', principal);
    } else if (token) {
      const resolved = await resolveSession(c.get('db'), env, token, {
        key: bindKey,
        cookie: getCookie(c, BIND_COOKIE.name),
      });
      if (resolved) {
        c.set('user', resolved.user);
        if (resolved.activated) deleteCookie(c, BIND_COOKIE.name, { path: BIND_COOKIE.path });
      }
    }
    await next();
  };
}
