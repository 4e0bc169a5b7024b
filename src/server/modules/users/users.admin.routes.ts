/**
 * Manage Users: GET /api/admin/users and PATCH /api/admin/users/:id; resetting another account's
 * two-factor sign-in: DELETE /api/admin/users/:id/two-factor. Admin-only and never cached.
 */
import { Hono } from 'hono';
import {
  UserChange,
  USER_CHANGE_MESSAGES,
  UsersQuery,
  USERS_QUERY_MESSAGES,
  type UsersFilter,
} from '../../../shared/schemas/user-admin.ts';
import type { AppEnv } from '../../app-env.ts';
import { ApiError, fieldError, notFound } from '../../http/errors.ts';
import { signedInUser } from '../../middleware/auth.ts';
import { changeUser, listAdminUsers } from './users.admin.service.ts';
import type { Deps } from '../../deps.ts';
import { clientIp } from '../../middleware/client-ip.ts';
import { resetTwoFactor } from './users.two-factor.service.ts';

/** Account ids are server-made UUIDs; anything longer is no account. */
const ID_MAX = 100;

/** The first refused field of a parse, as the message and field of a 400. */
function refusal<K extends string>(
  issues: { path: PropertyKey[] }[],
  messages: Record<K, string>,
  fallback: K,
): ApiError {
  const key = issues[0]?.path[0];
  const field = typeof key === 'string' && key in messages ? (key as K) : fallback;
  return fieldError(400, messages[field], field);
}

export function userAdminRoutes(deps: Pick<Deps, 'mailer'>) {
  return new Hono<AppEnv>()
    .get('/admin/users', async (c) => {
      const parsed = UsersQuery.safeParse(c.req.query());
      if (!parsed.success) throw refusal<keyof UsersFilter>(parsed.error.issues, USERS_QUERY_MESSAGES, 'q');
      return c.json(await listAdminUsers(c.get('db'), parsed.data));
    })
    .patch('/admin/users/:id', async (c) => {
      const id = c.req.param('id');
      if (id.length > ID_MAX) throw notFound('User not found');
      const body: unknown = await c.req.json().catch(() => undefined);
      if (body === null || typeof body !== 'object' || Array.isArray(body))
        throw new ApiError(400, 'The body must be a JSON object');
      const parsed = UserChange.safeParse(body);
      if (!parsed.success) throw refusal<'role' | 'disabled'>(parsed.error.issues, USER_CHANGE_MESSAGES, 'role');
      if (parsed.data.role === undefined && parsed.data.disabled === undefined)
        throw fieldError(400, USER_CHANGE_MESSAGES.empty, 'role');
      // The admin guard ran first, so the user is set.
      return c.json(await changeUser(c.get('db'), signedInUser(c), id, parsed.data));
    })
    .delete('/admin/users/:id/two-factor', async (c) => {
      const id = c.req.param('id');
      if (id.length > ID_MAX) throw notFound('User not found');
      const resetDeps = { db: c.get('db'), env: c.get('env'), mailer: deps.mailer, ip: clientIp(c) };
      return c.json(await resetTwoFactor(resetDeps, signedInUser(c), id));
    });
}
