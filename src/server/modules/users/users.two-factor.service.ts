/**
 * Resetting another account's two-factor sign-in (admin accounts): an admin who lost both the phone and the
 * recovery codes is helped by another admin. In one transaction the authenticator, the recovery codes, the open
 * sign-in challenges and every session of the account go, and the audit records it; then the account is mailed. The
 * next sign-in asks for a new authenticator when ADMIN_2FA=required (sign-in.service.ts secondStepFor), else none.
 */
import type { AdminUser } from '../../../shared/admin.ts';
import { ADMIN_TWO_FACTOR_TEXTS } from '../../../shared/admin-two-factor.ts';
import type { Db } from '../../db/connection.ts';
import { readBack } from '../../db/read-back.ts';
import type { Env } from '../../env.ts';
import { ApiError, notFound } from '../../http/errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { twoFactorResetMail } from '../account/account-mails.ts';
import { actorName, recordAudit } from '../audit/audit.repository.ts';
import { sendInBackground } from '../auth/auth-deps.ts';
import { logAuthEvent } from '../../http/auth-log.ts';
import { mailBrand } from '../auth/auth-mails.ts';
import { deleteSessionsOfUser } from '../auth/sessions.repository.ts';
import { deleteChallengesOfUser, deleteTwoFactor, findTwoFactor } from '../auth/two-factor.repository.ts';
import type { AuthUser } from '../auth/user-dto.ts';
import { isStaff } from '../../../shared/staff-roles.ts';
import { bool } from '../content/content.mappers.ts';
import { adminUserFromRow } from './users.admin.service.ts';
import { findAdminUserRow } from './users.admin.repository.ts';

export interface ResetDeps {
  db: Db;
  env: Pick<Env, 'SITE_URL' | 'ADMIN_2FA'>;
  mailer: Mailer;
  /** The acting admin's address, for the log line. */
  ip: string;
}

/** DELETE /api/admin/users/:id/two-factor: never one's own (Settings turns it off with proof); 409 when it is not on. */
export async function resetTwoFactor(
  deps: ResetDeps,
  actor: AuthUser,
  id: string,
): Promise<{ message: string; user: AdminUser }> {
  if (id === actor.id) throw new ApiError(403, ADMIN_TWO_FACTOR_TEXTS.notYourOwn);
  const done = await deps.db.transaction().execute(async (trx) => {
    const row = await findAdminUserRow(trx, id);
    if (!row) throw notFound('User not found');
    const current = await findTwoFactor(trx, id);
    if (!current || !bool(current.enabled)) throw new ApiError(409, ADMIN_TWO_FACTOR_TEXTS.notOn);
    await deleteTwoFactor(trx, id);
    await deleteChallengesOfUser(trx, id);
    // Every session ends with it, in the same write: whoever holds the lost phone is signed out too.
    await deleteSessionsOfUser(trx, id);
    const target = adminUserFromRow(row);
    const message = ADMIN_TWO_FACTOR_TEXTS.reset(actorName(target));
    await recordAudit(trx, actor, { action: 'user.two-factor-reset', target: { type: 'user', id }, summary: message });
    return {
      message,
      email: row.email,
      role: row.role,
      user: adminUserFromRow(readBack(await findAdminUserRow(trx, id), `user ${id}`)),
    };
  });
  logAuthEvent('two_factor.disabled', { ip: deps.ip, userId: id, reason: `reset by admin ${actor.id}` });
  const mustEnrolAgain = isStaff(done.role) && deps.env.ADMIN_2FA === 'required';
  sendInBackground(
    deps,
    async () =>
      twoFactorResetMail(await mailBrand(deps.db, deps.env.SITE_URL), done.email, deps.env.SITE_URL, mustEnrolAgain),
    id,
  );
  return { message: done.message, user: done.user };
}
