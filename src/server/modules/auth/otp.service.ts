/**
 * One-time codes by email: request (non-enumerating) and verify (capped, single use), security.md R9-R17. A code can be
 * used only in the browser that asked for it (otp-browser.ts), so a stranger who knows the email can neither void nor
 * spend the owner's code, nor exhaust a limit the owner's own sign-in needs (throttle, never lock out: the Copenhagen
 * Book, NIST SP 800-63B). docs/security-decisions.md says where this departs from the letter of R13-R15 and why.
 */
import { randomUUID } from 'node:crypto';
import { ApiError } from '../../http/errors.ts';
import { findUserByIdentifier, updateUser } from './accounts.repository.ts';
import { type AuthDeps, sendInBackground } from './auth-deps.ts';
import { refuseField } from './auth-input.ts';
import { CODE_MAILS_USED_UP, consumeAll } from './auth-limits.ts';
import { logAuthEvent } from '../../http/auth-log.ts';
import { forgotPasswordMail, mailBrand, verifyEmailMail } from './auth-mails.ts';
import {
  consumeCode,
  countWrongGuess,
  deleteCodesOfUser,
  findCode,
  findOwnCode,
  replaceCode,
  replaceResetToken,
} from './codes.repository.ts';
import { identifierKey, parseIdentifier } from './identifiers.ts';
import type { OtpBrowser } from './otp-browser.ts';
import { hashOtp, newOtp, OTP_MAX_ATTEMPTS, otpMatches, wrongGuessOutcome } from './otp.ts';
import { afterFirstFactor } from './sign-in.service.ts';
import type { SignInAnswer } from '../../../shared/two-factor.ts';
import { newOpaqueToken, sha256Hex } from './tokens.ts';

/** The same answer whether or not the account exists (R15). */
export const OTP_REQUESTED = 'If an account matches, a code has been sent to its email address';

/** The answer to a code from a browser that never asked for one (no otp_browser cookie sent). */
export const CODE_NEEDS_ITS_BROWSER =
  'A code works only in the browser that asked for it: request a code here, then enter the newest one';

async function accountFor(deps: AuthDeps, identifierInput: string) {
  const id = parseIdentifier(identifierInput);
  const user = await findUserByIdentifier(deps.db, id);
  return { user: user && !user.disabled ? user : undefined, key: user ? `user:${user.id}` : identifierKey(id) };
}

/**
 * Issues a code for the asking browser and, for a verified account, a reset link, voiding that browser's earlier code;
 * mails it in the background. Limits: per address, per account and browser (R15's 3 per 15 minutes), and code mails
 * per account, which a browser that signed in to the account by code before is spared (a refusal leaves the codes
 * already sent valid).
 */
export async function requestCode(deps: AuthDeps, identifierInput: string, browser: OtpBrowser): Promise<void> {
  const { user, key } = await accountFor(deps, identifierInput);
  await consumeAll(
    [
      [deps.limits.requestOtpIp, deps.ip],
      [deps.limits.requestOtpBrowser, `${key}|browser:${browser.hash}`],
    ],
    deps,
  );
  // Counted for an unknown identifier alike, so this refusal tells nothing about whether the account exists.
  if (!(user && browser.knows(user.id)))
    await consumeAll([[deps.limits.requestOtpAccount, key]], deps, CODE_MAILS_USED_UP);
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
    requester_hash: browser.hash,
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

const isLive = (row: { expires_at: string } | undefined, now: number) =>
  row !== undefined && Date.parse(row.expires_at) > now;

/**
 * Checks a code against the one the guessing browser (`browser`: the hash of its cookie, if any) asked for; without
 * one there is nothing a guess could match. A match is consumed with every other code of the account in the same
 * transaction (R12); 5 wrong guesses void the code (R14), and only its own browser can make them. Answers { token }, or
 * a challenge when the account has a second factor, and the account's id.
 */
export async function verifyCode(
  deps: AuthDeps,
  identifierInput: string,
  otp: string,
  browser: string | undefined,
): Promise<{ answer: SignInAnswer; userId: string }> {
  const { user } = await accountFor(deps, identifierInput);
  await consumeAll([[deps.limits.verifyOtpIp, deps.ip]], deps);
  // Said whether or not the account exists: it depends only on the cookie the browser sent.
  if (browser === undefined) throw refuseField('otp', CODE_NEEDS_ITS_BROWSER);
  const invalid = refuseField('otp', 'This code is wrong or has expired; request a new one');
  const own = user && (await findOwnCode(deps.db, user.id, browser));
  if (!user || !isLive(own, Date.now())) {
    logAuthEvent('otp.failure', {
      ip: deps.ip,
      ...(user ? { userId: user.id } : {}),
      reason: user ? 'no code for this browser' : 'no matching account',
    });
    throw invalid;
  }
  const outcome = await deps.db.transaction().execute(async (trx): Promise<Outcome> => {
    const row = own && (await findCode(trx, own.id));
    if (!row || !isLive(row, Date.now())) return 'invalid';
    if (row.attempts >= OTP_MAX_ATTEMPTS) return 'exhausted';
    if (otpMatches(deps.codeKey, user.id, otp, row.code_hash)) {
      // Only the one caller that deleted the code signs in; the account's other codes go with it.
      if (!(await consumeCode(trx, row.id))) return 'invalid';
      await deleteCodesOfUser(trx, user.id);
      if (!user.email_verified) await updateUser(trx, user.id, { email_verified: true });
      return 'ok';
    }
    // A guess that found the code spent by parallel ones counts as at the cap; one whose code is gone, as invalid.
    const after = await countWrongGuess(trx, row.id, OTP_MAX_ATTEMPTS);
    return wrongGuessOutcome(after ?? ((await findCode(trx, row.id)) ? OTP_MAX_ATTEMPTS : undefined));
  });
  if (outcome !== 'ok') {
    logAuthEvent('otp.failure', { ip: deps.ip, userId: user.id, reason: outcome });
    if (outcome === 'exhausted') throw new ApiError(429, 'Too many wrong codes. Please request a new code');
    throw invalid;
  }
  const answer = await afterFirstFactor(deps, user, 'code');
  logAuthEvent('otp.verified', { ip: deps.ip, userId: user.id });
  return { answer, userId: user.id };
}
