/** POST /api/auth/change-password: the current password (limited like a login), the same policy, every other session revoked (R8, R24, R58). */
import { getCompany } from '../company/company.service.ts';
import { findUserById, updateUser } from './accounts.repository.ts';
import type { AuthDeps } from './auth-deps.ts';
import { refuseField } from './auth-input.ts';
import { reservePasswordCheck } from './auth-limits.ts';
import { logAuthEvent } from '../../http/auth-log.ts';
import { contextWords, newPasswordProblem } from './password-check.ts';
import { hashPassword, verifyPassword } from './password-hash.ts';
import { deleteOtherSessionsOfUser } from './sessions.repository.ts';
import type { AuthUser } from './user-dto.ts';

export async function changePassword(
  deps: AuthDeps,
  user: AuthUser,
  currentPassword: string,
  newPassword: string,
): Promise<void> {
  const row = await findUserById(deps.db, user.id);
  // The same limits as a password login, on the same account: a stolen session cannot guess the password here (R58).
  const attempt = await reservePasswordCheck(deps, `user:${user.id}`);
  const current = row?.password_hash ? await verifyPassword(currentPassword, row.password_hash) : { ok: false };
  if (!row || !current.ok) {
    await attempt.failed();
    logAuthEvent('password.change.failure', { ip: deps.ip, userId: user.id });
    throw refuseField('currentPassword', 'The current password is not correct');
  }
  await attempt.succeeded();
  if (currentPassword === newPassword)
    throw refuseField('newPassword', 'Choose a password different from the current one');
  const company = await getCompany(deps.db);
  const problem = newPasswordProblem(newPassword, contextWords(row, company.name));
  if (problem) throw refuseField('newPassword', problem);
  const passwordHash = await hashPassword(newPassword);
  await deps.db.transaction().execute(async (trx) => {
    await updateUser(trx, user.id, { password_hash: passwordHash, must_change_password: false });
    await deleteOtherSessionsOfUser(trx, user.id, user.sessionId);
  });
  logAuthEvent('password.change.success', { ip: deps.ip, userId: user.id });
}
