/**
 * Two-factor sign-in with an authenticator app. Codes are checked within ±1 step and never twice (the last
 * used step is kept); recovery codes are single use; wrong codes count per challenge (5, then sign in again), per
 * account and per address; the secret is stored encrypted and shown only while it is being set up.
 */
import { ApiError } from '../../http/errors.ts';
import type { Db } from '../../db/connection.ts';
import { getCompany } from '../company/company.service.ts';
import { bool } from '../content/content.mappers.ts';
import {
  TWO_FACTOR_TEXTS,
  isTotpShape,
  type TwoFactorEnabled,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '../../../shared/two-factor.ts';
import { findUserById, type UserRow } from './accounts.repository.ts';
import { type AuthDeps, sendInBackground } from './auth-deps.ts';
import { refuseField } from './auth-input.ts';
import { consumeAll, reserveAll } from './auth-limits.ts';
import { logAuthEvent } from '../../http/auth-log.ts';
import { mailBrand, twoFactorChangedMail } from './auth-mails.ts';
import { confirmPassword } from './password-confirm.ts';
import { newRecoveryCodes, hashRecoveryCode } from './recovery-codes.ts';
import { deleteOtherSessionsOfUser } from './sessions.repository.ts';
import { bindingValue } from './sessions.service.ts';
import { CHALLENGE_MAX_ATTEMPTS, completeSignIn, type SignInMethod } from './sign-in.service.ts';
import { matchingStep, newTotpKey, totpSetup } from './totp.ts';
import { decryptTotpKey, encryptTotpKey } from './two-factor-secret.ts';
import {
  consumeChallenge,
  countChallengeFailure,
  countRecoveryCodes,
  deleteTwoFactor,
  enableTwoFactor,
  findChallenge,
  findTwoFactor,
  insertEnabledTwoFactor,
  putPendingTwoFactor,
  replaceRecoveryCodes,
  setChallengeSecret,
  useRecoveryCode,
  useStep,
} from './two-factor.repository.ts';
import { sha256Hex } from './tokens.ts';
import { timingSafeEqual } from 'node:crypto';
import type { AuthUser } from './user-dto.ts';
import { isStaff } from '../../../shared/staff-roles.ts';

const wrongCode = () => refuseField('code', TWO_FACTOR_TEXTS.codeWrong);
const challengeGone = () => new ApiError(401, TWO_FACTOR_TEXTS.challengeGone);

/** The value of a bound challenge's cookie (a name apart from a pending session's). */
export const challengeBinding = (bindKey: Buffer, tokenHash: string) => bindingValue(bindKey, `challenge:${tokenHash}`);

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** A challenge handed over in a URL (Google) counts only with the binding cookie of the browser it was handed to. */
function bindingHolds(
  deps: Pick<AuthDeps, 'bindKey'>,
  row: { bound: boolean | number },
  tokenHash: string,
  cookie: string | undefined,
): boolean {
  return !bool(row.bound) || (cookie !== undefined && sameText(cookie, challengeBinding(deps.bindKey, tokenHash)));
}

/** The account's authenticator key, if it has one that decrypts (another AUTH_SECRET leaves none). */
async function enabledKey(
  db: Db,
  key: Buffer,
  userId: string,
): Promise<{ key: Uint8Array; lastUsedStep: number | null } | null> {
  const row = await findTwoFactor(db, userId);
  if (!row || !bool(row.enabled)) return null;
  const totpKey = decryptTotpKey(key, userId, row.secret);
  return totpKey ? { key: totpKey, lastUsedStep: row.last_used_step } : null;
}

/**
 * Checks a code from the authenticator (newer than the last one used) or a recovery code, and uses it up, inside the
 * caller's transaction; 'totp' or 'recovery' when it was right.
 */
async function useSecondFactor(
  db: Db,
  deps: Pick<AuthDeps, 'twoFactorKey' | 'codeKey'>,
  userId: string,
  code: string,
): Promise<'totp' | 'recovery' | null> {
  if (isTotpShape(code)) {
    const current = await enabledKey(db, deps.twoFactorKey, userId);
    if (!current) return null;
    const step = matchingStep(current.key, code, Date.now(), current.lastUsedStep);
    return step !== null && (await useStep(db, userId, step)) ? 'totp' : null;
  }
  return (await useRecoveryCode(db, userId, hashRecoveryCode(deps.codeKey, userId, code))) ? 'recovery' : null;
}

function recoveryCodesFor(deps: Pick<AuthDeps, 'codeKey'>, userId: string): { codes: string[]; hashes: string[] } {
  const codes = newRecoveryCodes();
  return { codes, hashes: codes.map((code) => hashRecoveryCode(deps.codeKey, userId, code)) };
}

type ChallengeOutcome =
  | { kind: 'gone' | 'exhausted' | 'wrong' | 'no-setup' }
  | { kind: 'ok'; userId: string; method: SignInMethod; recoveryCodes?: string[]; used: 'totp' | 'recovery' };

/**
 * POST /api/auth/two-factor: the challenge a sign-in answered and the second factor give the session token; an
 * 'enrol' challenge's first code turns the new authenticator on and also answers the recovery codes (shown once).
 */
export async function completeTwoFactor(
  deps: AuthDeps,
  body: { challenge: string; code: string },
  bindingCookie: string | undefined,
): Promise<{ token: string; recoveryCodes?: string[] }> {
  await consumeAll([[deps.limits.twoFactorIp, deps.ip]], deps);
  const tokenHash = sha256Hex(body.challenge);
  const found = await findChallenge(deps.db, tokenHash);
  if (!found || Date.parse(found.expires_at) <= Date.now() || !bindingHolds(deps, found, tokenHash, bindingCookie))
    throw challengeGone();
  // Counted before the check and taken back on success, so parallel guesses cannot all pass one check (as for passwords).
  const attempt = await reserveAll([[deps.limits.twoFactorAccount, `user:${found.user_id}`]], deps);

  const outcome = await deps.db.transaction().execute(async (trx): Promise<ChallengeOutcome> => {
    const row = await findChallenge(trx, tokenHash);
    if (!row || Date.parse(row.expires_at) <= Date.now()) return { kind: 'gone' };
    if (row.attempts >= CHALLENGE_MAX_ATTEMPTS) return { kind: 'exhausted' };
    const user = await findUserById(trx, row.user_id);
    if (!user || bool(user.disabled)) return { kind: 'gone' };
    const failed = async (): Promise<ChallengeOutcome> => {
      await countChallengeFailure(trx, row.id, CHALLENGE_MAX_ATTEMPTS);
      return { kind: row.attempts + 1 >= CHALLENGE_MAX_ATTEMPTS ? 'exhausted' : 'wrong' };
    };
    const method = row.method as SignInMethod;
    if (row.purpose === 'enrol') {
      if (!row.pending_secret) return { kind: 'no-setup' };
      const key = decryptTotpKey(deps.twoFactorKey, user.id, row.pending_secret);
      const step = key ? matchingStep(key, body.code, Date.now(), null) : null;
      if (step === null) return failed();
      if (!(await consumeChallenge(trx, row.id))) return { kind: 'gone' };
      const { codes, hashes } = recoveryCodesFor(deps, user.id);
      await insertEnabledTwoFactor(trx, user.id, row.pending_secret, step, hashes);
      return { kind: 'ok', userId: user.id, method, recoveryCodes: codes, used: 'totp' };
    }
    const used = await useSecondFactor(trx, deps, user.id, body.code);
    if (!used) return failed();
    if (!(await consumeChallenge(trx, row.id))) return { kind: 'gone' };
    return { kind: 'ok', userId: user.id, method, used };
  });

  if (outcome.kind !== 'ok') {
    await attempt.failed();
    logAuthEvent('two_factor.failure', { ip: deps.ip, userId: found.user_id, reason: outcome.kind });
    if (outcome.kind === 'gone') throw challengeGone();
    if (outcome.kind === 'exhausted') throw new ApiError(429, TWO_FACTOR_TEXTS.challengeTooMany);
    if (outcome.kind === 'no-setup') throw refuseField('code', TWO_FACTOR_TEXTS.noSetup);
    throw wrongCode();
  }
  await attempt.succeeded();
  const user = await findUserById(deps.db, outcome.userId);
  if (!user) throw challengeGone();
  if (outcome.used === 'recovery') logAuthEvent('two_factor.recovery_used', { ip: deps.ip, userId: user.id });
  if (outcome.recoveryCodes) {
    logAuthEvent('two_factor.enabled', { ip: deps.ip, userId: user.id, reason: 'at sign-in' });
    sendInBackground(
      deps,
      async () =>
        twoFactorChangedMail(await mailBrand(deps.db, deps.env.SITE_URL), user.email, true, deps.env.SITE_URL),
      user.id,
    );
  }
  const { token } = await completeSignIn(deps, user, outcome.method);
  logAuthEvent('two_factor.success', { ip: deps.ip, userId: user.id });
  return outcome.recoveryCodes ? { token, recoveryCodes: outcome.recoveryCodes } : { token };
}

/** A new secret for `user`, encrypted, and what the app needs to add it. */
async function newSecretFor(
  deps: Pick<AuthDeps, 'db' | 'twoFactorKey'>,
  user: Pick<UserRow, 'id' | 'email'>,
): Promise<{ stored: string; setup: TwoFactorSetup }> {
  const key = newTotpKey();
  const company = await getCompany(deps.db);
  return {
    stored: encryptTotpKey(deps.twoFactorKey, user.id, key),
    setup: totpSetup(company.name || 'Website', user.email, key),
  };
}

/** POST /api/auth/two-factor/setup: an 'enrol' challenge (ADMIN_2FA=required) gets a new secret to add to an app. */
export async function setupAtSignIn(
  deps: AuthDeps,
  challenge: string,
  bindingCookie: string | undefined,
): Promise<TwoFactorSetup> {
  await consumeAll([[deps.limits.twoFactorIp, deps.ip]], deps);
  const tokenHash = sha256Hex(challenge);
  const row = await findChallenge(deps.db, tokenHash);
  if (
    row?.purpose !== 'enrol' ||
    Date.parse(row.expires_at) <= Date.now() ||
    !bindingHolds(deps, row, tokenHash, bindingCookie)
  )
    throw challengeGone();
  const user = await findUserById(deps.db, row.user_id);
  if (!user || bool(user.disabled)) throw challengeGone();
  const { stored, setup } = await newSecretFor(deps, user);
  await setChallengeSecret(deps.db, row.id, stored);
  return setup;
}

/** Whether `user` may have two-factor sign-in, and whether the site requires it of them. */
const isAdmin = (user: Pick<AuthUser, 'role'>) => isStaff(user.role);

/** GET /api/account/two-factor. */
export async function twoFactorStatus(deps: Pick<AuthDeps, 'db' | 'env'>, user: AuthUser): Promise<TwoFactorStatus> {
  const row = await findTwoFactor(deps.db, user.id);
  const enabled = row !== undefined && bool(row.enabled);
  return {
    enabled,
    required: isAdmin(user) && deps.env.ADMIN_2FA === 'required',
    available: isAdmin(user) || enabled,
    enabledAt: enabled ? row.enabled_at : null,
    recoveryCodesLeft: enabled ? await countRecoveryCodes(deps.db, user.id) : 0,
  };
}

/** POST /api/account/two-factor/setup: a new secret waiting for its first code (an earlier unconfirmed one is replaced). */
export async function startSetup(deps: AuthDeps, user: AuthUser): Promise<TwoFactorSetup> {
  if (!isAdmin(user)) throw new ApiError(403, TWO_FACTOR_TEXTS.adminsOnly);
  const { stored, setup } = await newSecretFor(deps, user);
  if (!(await putPendingTwoFactor(deps.db, user.id, stored))) throw new ApiError(409, TWO_FACTOR_TEXTS.alreadyOn);
  return setup;
}

/** POST /api/account/two-factor/confirm: the new authenticator's first code turns it on; the recovery codes are answered once. */
export async function confirmSetup(deps: AuthDeps, user: AuthUser, code: string): Promise<TwoFactorEnabled> {
  if (!isAdmin(user)) throw new ApiError(403, TWO_FACTOR_TEXTS.adminsOnly);
  const attempt = await reserveAll([[deps.limits.twoFactorAccount, `user:${user.id}`]], deps);
  const codes = await deps.db.transaction().execute(async (trx) => {
    const row = await findTwoFactor(trx, user.id);
    if (!row) throw new ApiError(409, TWO_FACTOR_TEXTS.noSetup);
    if (bool(row.enabled)) throw new ApiError(409, TWO_FACTOR_TEXTS.alreadyOn);
    const key = decryptTotpKey(deps.twoFactorKey, user.id, row.secret);
    const step = key ? matchingStep(key, code, Date.now(), null) : null;
    if (step === null) return null;
    const { codes, hashes } = recoveryCodesFor(deps, user.id);
    await enableTwoFactor(trx, user.id, step, hashes);
    // A session started elsewhere before the account had its second factor (a stolen password's) ends with it.
    await deleteOtherSessionsOfUser(trx, user.id, user.sessionId);
    return codes;
  });
  if (!codes) {
    await attempt.failed();
    logAuthEvent('two_factor.failure', { ip: deps.ip, userId: user.id, reason: 'setup code' });
    throw wrongCode();
  }
  await attempt.succeeded();
  logAuthEvent('two_factor.enabled', { ip: deps.ip, userId: user.id });
  sendInBackground(
    deps,
    async () => twoFactorChangedMail(await mailBrand(deps.db, deps.env.SITE_URL), user.email, true, deps.env.SITE_URL),
    user.id,
  );
  return { message: TWO_FACTOR_TEXTS.enabled, recoveryCodes: codes };
}

/** The password (limited like a login) or a current code (limited like a sign-in's), before turning it off or new recovery codes. */
async function proveIt(
  deps: AuthDeps,
  user: AuthUser,
  proof: { password?: string | undefined; code?: string | undefined },
): Promise<void> {
  const row = await findUserById(deps.db, user.id);
  if (!row) throw new ApiError(401, 'Please sign in');
  if (proof.password) return confirmPassword(deps, row, proof.password);
  const { code } = proof;
  if (!code) throw refuseField('password', TWO_FACTOR_TEXTS.needsProof);
  const attempt = await reserveAll([[deps.limits.twoFactorAccount, `user:${user.id}`]], deps);
  const used = await deps.db.transaction().execute((trx) => useSecondFactor(trx, deps, user.id, code));
  if (!used) {
    await attempt.failed();
    logAuthEvent('two_factor.failure', { ip: deps.ip, userId: user.id, reason: 'proof code' });
    throw wrongCode();
  }
  await attempt.succeeded();
}

async function requireEnabled(deps: Pick<AuthDeps, 'db'>, user: AuthUser): Promise<void> {
  const row = await findTwoFactor(deps.db, user.id);
  if (!row || !bool(row.enabled)) throw new ApiError(409, TWO_FACTOR_TEXTS.notOn);
}

/** DELETE /api/account/two-factor: with the password or a code; never while ADMIN_2FA=required applies to the account. */
export async function disableTwoFactor(
  deps: AuthDeps,
  user: AuthUser,
  proof: { password?: string | undefined; code?: string | undefined },
): Promise<void> {
  if (isAdmin(user) && deps.env.ADMIN_2FA === 'required') throw new ApiError(409, TWO_FACTOR_TEXTS.required);
  await requireEnabled(deps, user);
  await proveIt(deps, user, proof);
  // The account's other sessions end with it, as with any change of how the account signs in.
  await deps.db.transaction().execute(async (trx) => {
    await deleteTwoFactor(trx, user.id);
    await deleteOtherSessionsOfUser(trx, user.id, user.sessionId);
  });
  logAuthEvent('two_factor.disabled', { ip: deps.ip, userId: user.id });
  sendInBackground(
    deps,
    async () => twoFactorChangedMail(await mailBrand(deps.db, deps.env.SITE_URL), user.email, false, deps.env.SITE_URL),
    user.id,
  );
}

/** POST /api/account/two-factor/recovery-codes: ten new codes (the old ones stop working), with the password or a code. */
export async function renewRecoveryCodes(
  deps: AuthDeps,
  user: AuthUser,
  proof: { password?: string | undefined; code?: string | undefined },
): Promise<TwoFactorEnabled> {
  await requireEnabled(deps, user);
  await proveIt(deps, user, proof);
  const { codes, hashes } = recoveryCodesFor(deps, user.id);
  await deps.db.transaction().execute((trx) => replaceRecoveryCodes(trx, user.id, hashes));
  logAuthEvent('two_factor.recovery_codes', { ip: deps.ip, userId: user.id });
  return { message: 'New recovery codes were made; the earlier ones no longer work', recoveryCodes: codes };
}
