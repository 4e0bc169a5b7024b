/**
 * The one admin guard (security.md R33, R55): the caller's role must include the part of the admin the path belongs
 * to (shared/staff-roles.ts: apiPermission, the admin's alone when unnamed), then no-store on the answer, for every
 * admin route of the API, chosen by where the route lives rather than by each module remembering to add it. app.ts mounts it once,
 * after authentication and before any module router, so it runs ahead of every route it covers (their upload body
 * limits included).
 */
import type { Hono, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env.ts';
import { tokenAllows } from '../../shared/api-scopes.ts';
import { apiPermission, PERMISSIONS, type Permission } from '../../shared/staff-roles.ts';
import type { ApiTokenPrincipal } from '../modules/api-tokens/api-tokens.service.ts';
import { requirePermission } from '../middleware/auth.ts';
import { clientIp } from '../middleware/client-ip.ts';
import { logAuthEvent } from './auth-log.ts';
import { ApiError } from './errors.ts';
import { noStore } from './no-store.ts';

export type AdminMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface AdminArea {
  /** A Hono path pattern under /api. In Hono 4 'x/*' matches the bare 'x' too (admin-guard.test.ts checks it). */
  path: string;
  /** The methods that are admin-only there; every method when absent. GET brings HEAD, as Hono answers it. */
  methods?: readonly AdminMethod[];
  /** Routes inside `path` that anyone may call, as 'METHOD /path' with the exact path. */
  public?: readonly string[];
}

export const ADMIN_AREAS: readonly AdminArea[] = [
  // The admin screens' API: whatever is added under /admin later is admin data or an admin write.
  { path: '/admin/*' },
  // The dashboard's figures, outside /admin because the spec names that URL.
  { path: '/dashboard/*' },
  // Visitor analytics is for the admin; only the page-view beacon every visitor's browser sends is public.
  { path: '/analytics/*', public: ['POST /analytics/view'] },
  // The company's settings are written here; its public GET is mounted ahead of the guard and takes no other method.
  { path: '/company', methods: ['PUT'] },
  // The homepage sliders are read by everyone and written by the admin alone.
  { path: '/sliders/*', methods: ['POST', 'PUT', 'PATCH', 'DELETE'] },
];

/** Whether a call (path under /api, without the prefix) is admin-only: inside an area, by its method, not public. */
export function isAdminCall(path: string, method: string): boolean {
  return ADMIN_AREAS.some((area) => {
    const base = area.path.replace(/\/\*$/, '');
    const inside = area.path.endsWith('/*') ? path === base || path.startsWith(`${base}/`) : path === base;
    const read = method === 'HEAD' ? 'GET' : method;
    if (!inside || (area.methods && !area.methods.includes(read as AdminMethod))) return false;
    return !(area.public ?? []).includes(`${method} ${path}`);
  });
}

/** requirePermission, and for a caller it lets through, an answer no cache stores: one per part of the admin. */
const staffOnly = Object.fromEntries(
  PERMISSIONS.map((permission) => {
    const guard = requirePermission(permission);
    const handler: MiddlewareHandler<AppEnv> = (c, next) =>
      guard(c, async () => {
        await noStore(c, next);
      });
    return [permission, handler];
  }),
) as Record<Permission, MiddlewareHandler<AppEnv>>;

/**
 * A call made with an API token: let through only where its scopes reach (shared/api-scopes.ts), acting as the
 * token (its maker, named as the token) from here on; anything else is 403 with why.
 */
function tokenOnly(token: ApiTokenPrincipal, path: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!tokenAllows(token.scopes, path, c.req.method)) {
      logAuthEvent('access.denied', {
        ip: clientIp(c),
        path: c.req.path,
        status: 403,
        userId: token.actor.id,
        reason: `API token ${token.id}`,
      });
      throw new ApiError(403, 'This API token’s scopes do not include this call');
    }
    c.set('user', token.actor);
    await noStore(c, next);
  };
}

/** The guard of one area, for `api` mounted at `prefix` (its routes' paths then start with it). */
function areaGuard(area: AdminArea, prefix: string): MiddlewareHandler<AppEnv> {
  const methods = area.methods && new Set(area.methods.flatMap((m) => (m === 'GET' ? ['GET', 'HEAD'] : [m])));
  const open = new Set(
    (area.public ?? []).map((key) => {
      const [method = '', path = ''] = key.split(' ');
      return `${method} ${prefix}${path}`;
    }),
  );
  return async (c, next) => {
    const method = c.req.method;
    if ((methods && !methods.has(method)) || open.has(`${method} ${c.req.path}`)) {
      await next();
      return;
    }
    const path = c.req.path.slice(prefix.length);
    const token = c.get('apiToken');
    if (token && !c.get('user')) return tokenOnly(token, path)(c, next);
    return staffOnly[apiPermission(path, method) ?? 'everything'](c, next);
  };
}

/** Registers the guard of every ADMIN_AREAS entry on `api`; call it before any router is mounted on `api`. */
export function mountAdminGuard(api: Hono<AppEnv>, prefix: string): void {
  for (const area of ADMIN_AREAS) api.use(area.path, areaGuard(area, prefix));
}
