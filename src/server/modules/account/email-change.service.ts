/**
 * Changing the account's email address: a 6-digit code mailed to the NEW address proves it can be
 * reached; the code is stored as an HMAC bound to the account and the address, lives OTP_TTL_SECONDS (10 minutes) and
 * dies after 5 wrong guesses (security.md R9-R14). Once confirmed the old address is told.
 *
 * Enumeration: a taken address is answered 409, but only after the account's password was re-entered (limited like a
 * login) and within 5 requests an hour per account: less than registration already reveals to anyone.
 */
import {
  ACCOUNT_TEXTS,
  codeSentMessage,
  type AccountProfile,
  type EmailChangeRequested,
} from '../../../shared/account.ts';
import { isUniqueViolation } from '../../db/storage-errors.ts';
import { ApiError, fieldError } from '../../http/errors.ts';
import { updateUser } from '../auth/accounts.repository.ts';
import { sendInBackground } from '../auth/auth-deps.ts';
import { refuseField } from '../auth/auth-input.ts';
import { logAuthEvent } from '../../http/auth-log.ts';
import { mailBrand } from '../auth/auth-mails.ts';
import { deleteCodesOfUser, deleteResetTokensOfUser } from '../auth/codes.repository.ts';
import { normaliseEmail } from '../auth/identifiers.ts';
import { hashOtp, newOtp, OTP_MAX_ATTEMPTS, otpMatches } from '../auth/otp.ts';
import { confirmPassword } from '../auth/password-confirm.ts';
import type { AuthUser } from '../auth/user-dto.ts';
import { emailChangedNoticeMail, emailChangeCodeMail } from './account-mails.ts';
import { consumeAccountLimit } from './account-limits.ts';
import {
  countWrongEmailCode,
  deleteEmailChange,
  emailTakenByOther,
  findEmailChange,
  replaceEmailChange,
} from './account.repository.ts';
import { type AccountDeps, accountRow, getAccount } from './account.service.ts';

/** What the code's HMAC is bound to: this account and this new address, apart from every sign-in code. */
export const emailCodeScope = (userId: string, newEmail: string) => `email-change:${userId}:${newEmail}`;

const taken = () => fieldError(409, ACCOUNT_TEXTS.emailTaken, 'newEmail');

/** POST /api/account/email: 202 once a code is on its way to the new address; any earlier code is void. */
export async function requestEmailChange(
  deps: AccountDeps,
  user: AuthUser,
  body: { newEmail: string; password?: string | undefined },
): Promise<EmailChangeRequested> {
  await consumeAccountLimit(deps, deps.accountLimits.emailRequest, user.id);
  const row = await accountRow(deps.db, user);
  if (row.password_hash !== null) {
    if (!body.password) throw refuseField('password', ACCOUNT_TEXTS.passwordRequired);
    await confirmPassword(deps, row, body.password);
  }
  const email = normaliseEmail(body.newEmail);
  if (email === row.email) throw refuseField('newEmail', ACCOUNT_TEXTS.sameEmail);
  if (await emailTakenByOther(deps.db, email, user.id)) throw taken();
  const code = newOtp();
  const now = Date.now();
  await replaceEmailChange(deps.db, {
    user_id: user.id,
    new_email: email,
    code_hash: hashOtp(deps.codeKey, emailCodeScope(user.id, email), code),
    attempts: 0,
    created_at: new Date(now).toISOString(),
    expires_at: new Date(now + deps.env.OTP_TTL_SECONDS * 1000).toISOString(),
  });
  const minutes = Math.max(1, Math.round(deps.env.OTP_TTL_SECONDS / 60));
  sendInBackground(
    deps,
    async () => emailChangeCodeMail(await mailBrand(deps.db, deps.env.SITE_URL), email, code, minutes),
    user.id,
  );
  logAuthEvent('account.email.requested', { ip: deps.ip, userId: user.id });
  return { message: codeSentMessage(email), pendingEmail: email };
}

type Outcome =
  { kind: 'none' | 'expired' | 'exhausted' | 'invalid' | 'taken' } | { kind: 'ok'; oldEmail: string; newEmail: string };

/** POST /api/account/email/confirm: the right code changes the address (verified by the code itself) and is used up. */
export async function confirmEmailChange(deps: AccountDeps, user: AuthUser, code: string): Promise<AccountProfile> {
  await consumeAccountLimit(deps, deps.accountLimits.emailConfirm, user.id);
  let outcome: Outcome;
  try {
    outcome = await deps.db.transaction().execute(async (trx): Promise<Outcome> => {
      const change = await findEmailChange(trx, user.id);
      if (!change) return { kind: 'none' };
      if (Date.parse(change.expires_at) <= Date.now()) return { kind: 'expired' };
      if (change.attempts >= OTP_MAX_ATTEMPTS) return { kind: 'exhausted' };
      if (!otpMatches(deps.codeKey, emailCodeScope(user.id, change.new_email), code, change.code_hash)) {
        await countWrongEmailCode(trx, user.id, change.code_hash, OTP_MAX_ATTEMPTS);
        return { kind: change.attempts + 1 >= OTP_MAX_ATTEMPTS ? 'exhausted' : 'invalid' };
      }
      if (!(await deleteEmailChange(trx, user.id, change.code_hash))) return { kind: 'invalid' };
      if (await emailTakenByOther(trx, change.new_email, user.id)) return { kind: 'taken' };
      const row = await accountRow(trx, user);
      await updateUser(trx, user.id, { email: change.new_email, email_verified: true });
      // Codes and reset links already mailed to the old address no longer open the account.
      await deleteCodesOfUser(trx, user.id);
      await deleteResetTokensOfUser(trx, user.id);
      return { kind: 'ok', oldEmail: row.email, newEmail: change.new_email };
    });
  } catch (error) {
    // Another account took the address between the check and the write.
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
  if (outcome.kind !== 'ok') {
    logAuthEvent('account.email.failure', { ip: deps.ip, userId: user.id, reason: outcome.kind });
    if (outcome.kind === 'exhausted') throw new ApiError(429, ACCOUNT_TEXTS.codeTooMany);
    if (outcome.kind === 'taken') throw taken();
    const message =
      outcome.kind === 'none'
        ? ACCOUNT_TEXTS.codeNone
        : outcome.kind === 'expired'
          ? ACCOUNT_TEXTS.codeExpired
          : ACCOUNT_TEXTS.codeWrong;
    throw refuseField('code', message);
  }
  const { oldEmail, newEmail } = outcome;
  logAuthEvent('account.email.changed', { ip: deps.ip, userId: user.id });
  sendInBackground(
    deps,
    async () =>
      emailChangedNoticeMail(await mailBrand(deps.db, deps.env.SITE_URL), oldEmail, newEmail, deps.env.SITE_URL),
    user.id,
  );
  return getAccount(deps.db, user);
}

/** DELETE /api/account/email: the pending change and its code are dropped (nothing to cancel is no error). */
export async function cancelEmailChange(deps: AccountDeps, user: AuthUser): Promise<void> {
  await deleteEmailChange(deps.db, user.id);
}
