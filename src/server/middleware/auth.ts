/** The guards for signed-in and admin routes (R33); the user they read was set by the auth module's `authenticate`. */
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env.ts';
import { ApiError } from '../http/errors.ts';
import { logAuthEvent } from '../http/auth-log.ts';
import { clientIp } from './client-ip.ts';

import type { AuthUser } from '../modules/auth/user-dto.ts';

export type { AuthUser } from '../modules/auth/user-dto.ts';

/**
 * The signed-in user, for a handler behind requireUser or requireAdmin (which have answered 401 without one); a
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

/** 401 without a valid token, 403 for a signed-in customer. */
export const requireAdmin: MiddlewareHandler<AppEnv> = async (c, next) => {
  const user = c.get('user');
  if (!user) {
    logAuthEvent('access.denied', { ip: clientIp(c), path: c.req.path, status: 401 });
    throw new ApiError(401, 'Please sign in');
  }
  if (user.role !== 'admin') {
    logAuthEvent('access.denied', { ip: clientIp(c), path: c.req.path, status: 403, userId: user.id });
    throw new ApiError(403, 'Admin access required');
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
