/**
 * The one admin guard (security.md R33, R55): the caller's role must include the part of the admin the path belongs
 * to (shared/staff-roles.ts: apiPermission, the admin's alone when unnamed), then no-store on the answer, for every
 * admin route of the API, chosen by where the route lives rather than by each module remembering to add it. app.ts mounts it once,
 * after authentication and before any module router, so it runs ahead of every route it covers (their upload body
 * limits included).
 */
import type { Hono, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env.ts';
import { apiPermission, PERMISSIONS, type Permission } from '../../shared/staff-roles.ts';
import { requirePermission } from '../middleware/auth.ts';
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
    return staffOnly[apiPermission(c.req.path.slice(prefix.length), method) ?? 'everything'](c, next);
  };
}

/** Registers the guard of every ADMIN_AREAS entry on `api`; call it before any router is mounted on `api`. */
export function mountAdminGuard(api: Hono<AppEnv>, prefix: string): void {
  for (const area of ADMIN_AREAS) api.use(area.path, areaGuard(area, prefix));
}
