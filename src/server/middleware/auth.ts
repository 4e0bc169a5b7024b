/** The guards for signed-in and staff routes (R33); the user they read was set by the auth module's `authenticate`. */
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env.ts';
import { ApiError } from '../http/errors.ts';
import { logAuthEvent } from '../http/auth-log.ts';
import { can, isStaff, type Permission } from '../../shared/staff-roles.ts';
import { clientIp } from './client-ip.ts';

import type { AuthUser } from '../modules/auth/user-dto.ts';

export type { AuthUser } from '../modules/auth/user-dto.ts';

/**
 * The signed-in user, for a handler behind requireUser or requirePermission (which have answered 401 without one); a
 * handler without either guard gets the same 401.
 */
export function signedInUser(c: Context<AppEnv>): AuthUser {
  const user = c.get('user');
  if (!user) throw new ApiError(401, 'Please sign in');
  return user;
}

/** 401 without a valid token. */
export const requireUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.get('user')) {
    logAuthEvent('access.denied', { ip: clientIp(c), path: c.req.path, status: 401 });
    throw new ApiError(401, 'Please sign in');
  }
  await next();
};

/** What a signed-in person without the part of the admin a route belongs to is told (a customer or a staff role). */
export const NOT_STAFF_MESSAGE = 'Admin access required';
export const NOT_YOUR_PART_MESSAGE = 'Your role does not give access to this';

/**
 * 401 without a valid token; 403 for a customer, and for a staff member whose role does not include `permission`
 * (shared/staff-roles.ts).
 */
export function requirePermission(permission: Permission): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = c.get('user');
    if (!user) {
      logAuthEvent('access.denied', { ip: clientIp(c), path: c.req.path, status: 401 });
      throw new ApiError(401, 'Please sign in');
    }
    if (!can(user.role, permission)) {
      logAuthEvent('access.denied', { ip: clientIp(c), path: c.req.path, status: 403, userId: user.id });
      throw new ApiError(403, isStaff(user.role) ? NOT_YOUR_PART_MESSAGE : NOT_STAFF_MESSAGE);
    }
    // A generated first-admin password was shown on a console: nothing admin happens until it is replaced (R8).
    if (user.mustChangePassword) {
      logAuthEvent('access.denied', {
        ip: clientIp(c),
        path: c.req.path,
        status: 403,
        userId: user.id,
        reason: 'password change required',
      });
      throw new ApiError(403, 'Please change your password first');
    }
    await next();
  };
}
