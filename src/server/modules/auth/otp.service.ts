/**
 * One-time codes by email: request (non-enumerating) and verify (capped, single use), security.md R9-R17. Each code
 * belongs to the browser that asked for it (otp-browser.ts), so a stranger who knows the email can neither void nor
 * spend the owner's code, nor exhaust a limit the owner's own sign-in needs (throttle, never lock out: the Copenhagen
 * Book, NIST SP 800-63B).
 */
import { randomUUID } from 'node:crypto';
import { ApiError } from '../../http/errors.ts';
import { findUserByIdentifier, updateUser } from './accounts.repository.ts';
import { type AuthDeps, sendInBackground } from './auth-deps.ts';
import { refuseField } from './auth-input.ts';
import { CODE_MAILS_USED_UP, consumeAll, consumeIfAllowed } from './auth-limits.ts';
import { logAuthEvent } from '../../http/auth-log.ts';
import { forgotPasswordMail, mailBrand, verifyEmailMail } from './auth-mails.ts';
import {
  consumeCode,
  countWrongGuess,
  deleteCodesOfUser,
  findCode,
  findCodesOfUser,
  replaceCode,
  replaceResetToken,
} from './codes.repository.ts';
import { identifierKey, parseIdentifier } from './identifiers.ts';
import type { OtpBrowser } from './otp-browser.ts';
import { codesToCheck, hashOtp, newOtp, OTP_MAX_ATTEMPTS, otpMatches, wrongGuessOutcome } from './otp.ts';
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
    foreign_attempts: 0,
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

/** A live code's row as the check reads it. */
type CodeRow = NonNullable<Awaited<ReturnType<typeof findCode>>>;

const isLive = (row: CodeRow | undefined, now: number): row is CodeRow =>
  row !== undefined && Date.parse(row.expires_at) > now;

/**
 * Checks a code against the guessing browser's own code (`browser`: the hash of its cookie, if any) and the account's
 * newest code; a match is consumed with every other code of the account in the same transaction (R12). Wrong guesses
 * are counted per code: 5 from the browser that asked for it, 5 from everyone else, then it is void for them (R14).
 * Guesses at another browser's code also count per account (10 per 15 minutes); once those are spent a browser with a
 * code of its own is still checked against it. Answers { token }, or a challenge when the account has a second factor,
 * and the account's id.
 */
export async function verifyCode(
  deps: AuthDeps,
  identifierInput: string,
  otp: string,
  browser: string | undefined,
): Promise<{ answer: SignInAnswer; userId: string }> {
  const { user, key } = await accountFor(deps, identifierInput);
  await consumeAll([[deps.limits.verifyOtpIp, deps.ip]], deps);
  const invalid = refuseField('otp', 'This code is wrong or has expired; request a new one');
  const now = Date.now();
  const live = user ? (await findCodesOfUser(deps.db, user.id)).filter((row) => isLive(row, now)) : [];
  const { own, other: newest } = codesToCheck(live, browser);
  let other = newest;
  // Without a code of its own a guess is one at someone else's code (or at none: an unknown account alike).
  if (!own) await consumeAll([[deps.limits.verifyOtpAccount, key]], deps);
  else if (other && !(await consumeIfAllowed([[deps.limits.verifyOtpAccount, key]], deps))) other = undefined;
  if (!user) {
    logAuthEvent('otp.failure', { ip: deps.ip, reason: 'no matching account' });
    throw invalid;
  }
  const outcome = await deps.db.transaction().execute(async (trx): Promise<Outcome> => {
    const at = Date.now();
    const ownRow = own && (await findCode(trx, own.id));
    const otherRow = other && (await findCode(trx, other.id));
    const candidates: [CodeRow | undefined, number | undefined][] = [
      [ownRow, ownRow?.attempts],
      [otherRow, otherRow?.foreign_attempts],
    ];
    for (const [row, spent] of candidates) {
      if (!isLive(row, at) || spent === undefined || spent >= OTP_MAX_ATTEMPTS) continue;
      if (!otpMatches(deps.codeKey, user.id, otp, row.code_hash)) continue;
      // Only the one caller that deleted the code signs in; the account's other codes go with it.
      if (!(await consumeCode(trx, row.id))) return 'invalid';
      await deleteCodesOfUser(trx, user.id);
      if (!user.email_verified) await updateUser(trx, user.id, { email_verified: true });
      return 'ok';
    }
    // The count a wrong guess leaves on a code: at the cap when it was spent already, undefined once it is gone.
    const count = async (row: CodeRow | undefined, counter: 'attempts' | 'foreign_attempts') => {
      if (!isLive(row, at)) return undefined;
      const after = await countWrongGuess(trx, row.id, counter, OTP_MAX_ATTEMPTS);
      return after ?? ((await findCode(trx, row.id)) ? OTP_MAX_ATTEMPTS : undefined);
    };
    const ownCount = await count(ownRow, 'attempts');
    const otherCount = await count(otherRow, 'foreign_attempts');
    // The browser's own code decides its answer; without one, the code it was checked against.
    return wrongGuessOutcome(own ? ownCount : otherCount);
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
