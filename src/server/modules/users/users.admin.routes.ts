/**
 * Manage Users: GET /api/admin/users and PATCH /api/admin/users/:id; resetting another account's
 * two-factor sign-in: DELETE /api/admin/users/:id/two-factor; staff invitations: POST and GET
 * /api/admin/users/invitations, DELETE /api/admin/users/invitations/:id. Admin-only and never cached.
 */
import { Hono } from 'hono';
import { checkUserChange, checkUsersQuery } from '../../../shared/schemas/user-admin.ts';
import { InvitationBody } from '../../../shared/schemas/staff-invitation.ts';
import { checkWithSentences } from '../../../shared/schemas/refusal.ts';
import type { AppEnv } from '../../app-env.ts';
import { notFound } from '../../http/errors.ts';
import { jsonBody, validQuery } from '../../http/valid-input.ts';
import { signedInUser } from '../../middleware/auth.ts';
import { changeUser, listAdminUsers } from './users.admin.service.ts';
import type { Deps } from '../../deps.ts';
import { clientIp } from '../../middleware/client-ip.ts';
import { resetTwoFactor } from './users.two-factor.service.ts';
import { inviteStaff, listInvitations, withdrawStaffInvitation } from './invitations.service.ts';

/** Account ids are server-made UUIDs; anything longer is no account. */
const ID_MAX = 100;

export function userAdminRoutes(deps: Pick<Deps, 'mailer'>) {
  return new Hono<AppEnv>()
    .get('/admin/users', validQuery(checkUsersQuery), async (c) =>
      c.json(await listAdminUsers(c.get('db'), c.req.valid('query'))),
    )
    .patch('/admin/users/:id', jsonBody(checkUserChange), async (c) => {
      const id = c.req.param('id');
      if (id.length > ID_MAX) throw notFound('User not found');
      // The admin guard ran first, so the user is set.
      return c.json(await changeUser(c.get('db'), signedInUser(c), id, c.req.valid('json')));
    })
    .get('/admin/users/invitations', async (c) => c.json(await listInvitations(c.get('db'))))
    .post('/admin/users/invitations', jsonBody(checkWithSentences(InvitationBody)), async (c) => {
      const inviteDeps = { db: c.get('db'), env: c.get('env'), mailer: deps.mailer, ip: clientIp(c) };
      return c.json(await inviteStaff(inviteDeps, signedInUser(c), c.req.valid('json')), 201);
    })
    .delete('/admin/users/invitations/:id', async (c) => {
      const id = c.req.param('id');
      if (id.length > ID_MAX) throw notFound('Invitation not found');
      return c.json(await withdrawStaffInvitation(c.get('db'), signedInUser(c), id));
    })
    .delete('/admin/users/:id/two-factor', async (c) => {
      const id = c.req.param('id');
      if (id.length > ID_MAX) throw notFound('User not found');
      const resetDeps = { db: c.get('db'), env: c.get('env'), mailer: deps.mailer, ip: clientIp(c) };
      return c.json(await resetTwoFactor(resetDeps, signedInUser(c), id));
    });
}
