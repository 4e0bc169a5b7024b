/** One-time codes by email: request (non-enumerating) and verify (capped, single use), security.md R9-R17. */
import { randomUUID } from 'node:crypto';
import { ApiError } from '../../http/errors.ts';
import { findUserByIdentifier, updateUser } from './accounts.repository.ts';
import { type AuthDeps, sendInBackground } from './auth-deps.ts';
import { refuseField } from './auth-input.ts';
import { consumeAll } from './auth-limits.ts';
import { logAuthEvent } from '../../http/auth-log.ts';
import { forgotPasswordMail, mailBrand, verifyEmailMail } from './auth-mails.ts';
import { consumeCode, countWrongGuess, findLatestCode, replaceCode, replaceResetToken } from './codes.repository.ts';
import { identifierKey, parseIdentifier } from './identifiers.ts';
import { hashOtp, newOtp, OTP_MAX_ATTEMPTS, otpMatches } from './otp.ts';
import { afterFirstFactor } from './sign-in.service.ts';
import type { SignInAnswer } from '../../../shared/two-factor.ts';
import { newOpaqueToken, sha256Hex } from './tokens.ts';

/** The same answer whether or not the account exists (R15). */
export const OTP_REQUESTED = 'If an account matches, a code has been sent to its email address';

async function accountFor(deps: AuthDeps, identifierInput: string) {
  const id = parseIdentifier(identifierInput);
  const user = await findUserByIdentifier(deps.db, id);
  return { user: user && !user.disabled ? user : undefined, key: user ? `user:${user.id}` : identifierKey(id) };
}

/** Issues a code (and, for a verified account, a reset link), voiding earlier ones; mails it in the background. */
export async function requestCode(deps: AuthDeps, identifierInput: string): Promise<void> {
  const { user, key } = await accountFor(deps, identifierInput);
  await consumeAll(
    [
      [deps.limits.requestOtpIp, deps.ip],
      [deps.limits.requestOtpAccount, key],
    ],
    deps,
  );
  if (!user) {
    logAuthEvent('otp.requested', { ip: deps.ip, reason: 'no matching account' });
    return;
  }
  const { env } = deps;
  const code = newOtp();
  const now = Date.now();
  const verified = Boolean(user.email_verified);
  await replaceCode(deps.db, {
    id: randomUUID(),
    user_id: user.id,
    purpose: verified ? 'sign_in' : 'verify_email',
    code_hash: hashOtp(deps.codeKey, user.id, code),
    attempts: 0,
    created_at: new Date(now).toISOString(),
    expires_at: new Date(now + env.OTP_TTL_SECONDS * 1000).toISOString(),
  });
  const minutes = Math.max(1, Math.round(env.OTP_TTL_SECONDS / 60));
  let resetUrl: string | undefined;
  if (verified) {
    const token = newOpaqueToken();
    await replaceResetToken(deps.db, {
      id: randomUUID(),
      user_id: user.id,
      token_hash: sha256Hex(token),
      created_at: new Date(now).toISOString(),
      expires_at: new Date(now + env.RESET_TOKEN_TTL_SECONDS * 1000).toISOString(),
    });
    // Built from SITE_URL, never from the request's Host (R18).
    resetUrl = `${env.SITE_URL}/reset-password?token=${token}`;
  }
  sendInBackground(
    deps,
    async () => {
      const brand = await mailBrand(deps.db, env.SITE_URL);
      return resetUrl
        ? forgotPasswordMail(brand, user.email, code, minutes, resetUrl, Math.round(env.RESET_TOKEN_TTL_SECONDS / 60))
        : verifyEmailMail(brand, user.email, code, minutes);
    },
    user.id,
  );
  logAuthEvent('otp.requested', { ip: deps.ip, userId: user.id });
}

type Outcome = 'ok' | 'invalid' | 'exhausted';

/**
 * Checks a code; a match is consumed in the same transaction, the 5th wrong guess voids the code (R12, R14).
 * Answers { token }, or a challenge when the account has a second factor.
 */
export async function verifyCode(deps: AuthDeps, identifierInput: string, otp: string): Promise<SignInAnswer> {
  const { user, key } = await accountFor(deps, identifierInput);
  await consumeAll(
    [
      [deps.limits.verifyOtpIp, deps.ip],
      [deps.limits.verifyOtpAccount, key],
    ],
    deps,
  );
  const invalid = refuseField('otp', 'This code is wrong or has expired; request a new one');
  if (!user) {
    logAuthEvent('otp.failure', { ip: deps.ip, reason: 'no matching account' });
    throw invalid;
  }
  const outcome = await deps.db.transaction().execute(async (trx): Promise<Outcome> => {
    const row = await findLatestCode(trx, user.id);
    if (!row || Date.parse(row.expires_at) <= Date.now()) return 'invalid';
    if (row.attempts >= OTP_MAX_ATTEMPTS) return 'exhausted';
    if (!otpMatches(deps.codeKey, user.id, otp, row.code_hash)) {
      await countWrongGuess(trx, row.id, OTP_MAX_ATTEMPTS);
      return row.attempts + 1 >= OTP_MAX_ATTEMPTS ? 'exhausted' : 'invalid';
    }
    if (!(await consumeCode(trx, row.id))) return 'invalid';
    if (!user.email_verified) await updateUser(trx, user.id, { email_verified: true });
    return 'ok';
  });
  if (outcome !== 'ok') {
    logAuthEvent('otp.failure', { ip: deps.ip, userId: user.id, reason: outcome });
    if (outcome === 'exhausted') throw new ApiError(429, 'Too many wrong codes. Please request a new code');
    throw invalid;
  }
  const answer = await afterFirstFactor(deps, user, 'code');
  logAuthEvent('otp.verified', { ip: deps.ip, userId: user.id });
  return answer;
}
