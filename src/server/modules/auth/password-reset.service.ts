/** POST /api/auth/reset-password: single-use link, same policy, every session revoked, no sign-in (security.md R17-R20). */
import { getCompany } from '../company/company.service.ts';
import { findUserById, updateUser } from './accounts.repository.ts';
import { type AuthDeps, sendInBackground } from './auth-deps.ts';
import { refuseField } from './auth-input.ts';
import { consumeAll } from './auth-limits.ts';
import { logAuthEvent } from '../../http/auth-log.ts';
import { mailBrand, passwordChangedMail } from './auth-mails.ts';
import { consumeResetToken, deleteCodesOfUser, deleteResetTokensOfUser, findResetToken } from './codes.repository.ts';
import { contextWords, newPasswordProblem } from './password-check.ts';
import { hashPassword } from './password-hash.ts';
import { deleteSessionsOfUser } from './sessions.repository.ts';
import { deleteChallengesOfUser } from './two-factor.repository.ts';
import { isOpaqueToken, sha256Hex } from './tokens.ts';

export async function resetPassword(deps: AuthDeps, token: string, newPassword: string): Promise<void> {
  await consumeAll([[deps.limits.resetIp, deps.ip]], deps);
  const invalid = () => {
    logAuthEvent('password.reset.failure', { ip: deps.ip, reason: 'invalid link' });
    return refuseField('token', 'This reset link is invalid or has expired');
  };
  if (!isOpaqueToken(token)) throw invalid();
  const row = await findResetToken(deps.db, sha256Hex(token));
  if (!row || Date.parse(row.expires_at) <= Date.now()) throw invalid();
  const user = await findUserById(deps.db, row.user_id);
  if (!user || user.disabled) throw invalid();

  const company = await getCompany(deps.db);
  const problem = newPasswordProblem(newPassword, contextWords(user, company.name));
  if (problem) throw refuseField('newPassword', problem);
  const passwordHash = await hashPassword(newPassword);

  const applied = await deps.db.transaction().execute(async (trx) => {
    // Whoever deletes the row owns the link; a second use finds nothing (single use).
    if (!(await consumeResetToken(trx, row.id))) return false;
    await updateUser(trx, user.id, { password_hash: passwordHash, email_verified: true, must_change_password: false });
    await deleteSessionsOfUser(trx, user.id);
    await deleteCodesOfUser(trx, user.id);
    await deleteResetTokensOfUser(trx, user.id);
    // A sign-in waiting for its second factor started with the old password: it ends too (the authenticator stays).
    await deleteChallengesOfUser(trx, user.id);
    return true;
  });
  if (!applied) throw invalid();
  logAuthEvent('password.reset', { ip: deps.ip, userId: user.id });
  sendInBackground(
    deps,
    async () => passwordChangedMail(await mailBrand(deps.db, deps.env.SITE_URL), user.email, deps.env.SITE_URL),
    user.id,
  );
}
