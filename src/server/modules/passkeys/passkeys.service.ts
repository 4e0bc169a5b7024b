/**
 * Passkeys (WebAuthn, through @simplewebauthn/server): adding one to the signed-in account (after the password again,
 * when the account has one), listing, renaming and removing them, and signing in with one. The relying party is the
 * site: its id is SITE_URL's host and every answer must come from SITE_URL's origin. User verification is required, so
 * a passkey is both factors of a sign-in: staff with two-factor sign-in are not asked for a code after it.
 */
import { randomUUID } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import {
  PASSKEY_CHALLENGE_SECONDS,
  PASSKEY_EXPIRED,
  PASSKEY_FAILED,
  PASSKEY_NOT_ADDED,
  PASSKEY_NOT_FOUND,
  PASSKEY_TOO_MANY,
  PASSKEYS_PER_ACCOUNT,
  type AuthenticationResponseJSON,
  type PasskeyAddOptions,
  type PasskeySignInOptions,
  type PasskeySummary,
  type RegistrationResponseJSON,
} from '../../../shared/passkeys.ts';
import type { PasskeyAddBody, PasskeySignInBody } from '../../../shared/schemas/passkeys.ts';
import type { z } from '../../../shared/schemas/zod.ts';
import type { SignInAnswer } from '../../../shared/two-factor.ts';
import { isStaff } from '../../../shared/staff-roles.ts';
import type { Db } from '../../db/connection.ts';
import type { Env } from '../../env.ts';
import { ApiError, fieldError } from '../../http/errors.ts';
import { logAuthEvent } from '../../http/auth-log.ts';
import { parseStringArray } from '../../db/json-columns.ts';
import { bool } from '../content/content.mappers.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { getCompany } from '../company/company.service.ts';
import type { AuthDeps } from '../auth/auth-deps.ts';
import { checkAll, consumeAll } from '../auth/auth-limits.ts';
import { findUserById } from '../auth/accounts.repository.ts';
import { confirmPassword } from '../auth/password-confirm.ts';
import { refuseField } from '../auth/auth-input.ts';
import { completeSignIn } from '../auth/sign-in.service.ts';
import { newOpaqueToken, sha256Hex } from '../auth/tokens.ts';
import type { AuthUser } from '../auth/user-dto.ts';
import {
  countPasskeys,
  deleteExpiredChallenges,
  deletePasskeyRow,
  findPasskeyRow,
  insertChallengeRow,
  insertPasskeyRow,
  listPasskeyRows,
  markPasskeyUsed,
  renamePasskeyRow,
  takeChallengeRow,
  type ChallengeRow,
  type PasskeyRow,
} from './passkeys.repository.ts';

/**
 * The signature algorithms a new passkey may use: EdDSA, ES256 and RS256, which every authenticator offers one of.
 * The library would add ML-DSA, which Node's crypto offers only as an experiment.
 */
const ALGORITHMS = [-8, -7, -257];

/** The site as a relying party: its host names the passkeys, its origin is the only one they answer. */
export function relyingParty(env: Pick<Env, 'SITE_URL'>): { id: string; origin: string } {
  const url = new URL(env.SITE_URL);
  return { id: url.hostname, origin: url.origin };
}

const summaryOf = (row: PasskeyRow): PasskeySummary => ({
  id: row.id,
  name: row.name,
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
  backedUp: bool(row.backed_up),
});

/**
 * Stores a ceremony's challenge for PASSKEY_CHALLENGE_SECONDS; the browser holds the handle, the table its hash.
 * Counted per address first: anyone may ask for one, and each is a row.
 */
async function keepChallenge(
  deps: Pick<AuthDeps, 'db' | 'env' | 'limits' | 'ip' | 'path'>,
  challenge: string,
  purpose: ChallengeRow['purpose'],
  userId: string | null,
) {
  const { db } = deps;
  await consumeAll([[deps.limits.passkeyIp, deps.ip]], deps);
  const now = Date.now();
  await deleteExpiredChallenges(db, new Date(now).toISOString());
  const handle = newOpaqueToken();
  await insertChallengeRow(db, {
    id: randomUUID(),
    handle_hash: sha256Hex(handle),
    challenge,
    purpose,
    user_id: userId,
    expires_at: new Date(now + PASSKEY_CHALLENGE_SECONDS * 1000).toISOString(),
  });
  return handle;
}

/** The challenge `handle` names, taken (answered once at most); a missing, expired or foreign one is refused. */
async function takeChallenge(db: Db, handle: string, purpose: ChallengeRow['purpose'], userId: string | null) {
  const row = await takeChallengeRow(db, sha256Hex(handle));
  if (row?.purpose !== purpose || row.user_id !== userId || row.expires_at < new Date().toISOString())
    throw refuseField('handle', PASSKEY_EXPIRED);
  return row;
}

export async function listPasskeys(db: Db, user: AuthUser): Promise<PasskeySummary[]> {
  return (await listPasskeyRows(db, user.id)).map(summaryOf);
}

type AccountDeps = Pick<AuthDeps, 'db' | 'env' | 'limits' | 'ip' | 'path'>;

/** POST /api/account/passkeys/options: after the password again (an account with one), a new passkey's options. */
export async function passkeyAddOptions(
  deps: AccountDeps,
  user: AuthUser,
  password: string | undefined,
): Promise<PasskeyAddOptions> {
  const row = await findUserById(deps.db, user.id);
  if (!row) throw new ApiError(401, 'Please sign in');
  if (row.password_hash !== null) {
    if (!password) throw refuseField('password', 'Enter your password to add a passkey');
    await confirmPassword(deps, row, password);
  }
  const existing = await listPasskeyRows(deps.db, user.id);
  if (existing.length >= PASSKEYS_PER_ACCOUNT) throw new ApiError(409, PASSKEY_TOO_MANY);
  const rp = relyingParty(deps.env);
  const options = await generateRegistrationOptions({
    rpName: (await getCompany(deps.db)).name,
    rpID: rp.id,
    userName: row.email,
    userDisplayName: `${row.first_name} ${row.last_name}`.trim() || row.email,
    userID: new TextEncoder().encode(user.id),
    attestationType: 'none',
    excludeCredentials: existing.map((passkey) => ({
      id: passkey.id,
      transports: parseStringArray(passkey.transports),
    })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    supportedAlgorithmIDs: ALGORITHMS,
  });
  return { handle: await keepChallenge(deps, options.challenge, 'add', user.id), options };
}

/** POST /api/account/passkeys: the browser's new credential, verified against the challenge, kept under `name`. */
export async function addPasskey(
  deps: Pick<AuthDeps, 'db' | 'env' | 'ip'>,
  user: AuthUser,
  body: z.infer<typeof PasskeyAddBody>,
): Promise<PasskeySummary> {
  const challenge = await takeChallenge(deps.db, body.handle, 'add', user.id);
  const rp = relyingParty(deps.env);
  const verified = await verifyRegistrationResponse({
    // Checked in outline by the body's rules; the library verifies the rest.
    response: body.response as RegistrationResponseJSON,
    expectedChallenge: challenge.challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
    supportedAlgorithmIDs: ALGORITHMS,
  }).catch(() => ({ verified: false as const }));
  if (!verified.verified) {
    logAuthEvent('passkey.failure', { ip: deps.ip, userId: user.id, reason: 'registration not verified' });
    throw fieldError(400, PASSKEY_NOT_ADDED, 'response');
  }
  const { credential, credentialBackedUp } = verified.registrationInfo;
  const row = {
    id: credential.id,
    user_id: user.id,
    public_key: isoBase64URL.fromBuffer(credential.publicKey),
    counter: credential.counter,
    transports: JSON.stringify(credential.transports ?? []),
    backed_up: credentialBackedUp,
    name: body.name,
    created_at: new Date().toISOString(),
    last_used_at: null,
  };
  await deps.db.transaction().execute(async (trx) => {
    if ((await countPasskeys(trx, user.id)) >= PASSKEYS_PER_ACCOUNT) throw new ApiError(409, PASSKEY_TOO_MANY);
    if (await findPasskeyRow(trx, row.id)) throw fieldError(400, PASSKEY_NOT_ADDED, 'response');
    await insertPasskeyRow(trx, row);
    if (isStaff(user.role))
      await recordAudit(trx, user, {
        action: 'passkey.add',
        target: { type: 'user', id: user.id },
        summary: `Passkey "${row.name}" added`,
      });
  });
  logAuthEvent('passkey.added', { ip: deps.ip, userId: user.id });
  return summaryOf(row);
}

/** PATCH /api/account/passkeys/:id: one of the account's own passkeys renamed. */
export async function renamePasskey(db: Db, user: AuthUser, id: string, name: string): Promise<PasskeySummary> {
  if (!(await renamePasskeyRow(db, user.id, id, name))) throw new ApiError(404, PASSKEY_NOT_FOUND);
  const row = await findPasskeyRow(db, id);
  if (!row) throw new ApiError(404, PASSKEY_NOT_FOUND);
  return summaryOf(row);
}

/** DELETE /api/account/passkeys/:id: one of the account's own passkeys, which then signs in nowhere. */
export async function removePasskey(deps: Pick<AuthDeps, 'db' | 'ip'>, user: AuthUser, id: string): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const row = await findPasskeyRow(trx, id);
    if (row?.user_id !== user.id || !(await deletePasskeyRow(trx, user.id, id)))
      throw new ApiError(404, PASSKEY_NOT_FOUND);
    if (isStaff(user.role))
      await recordAudit(trx, user, {
        action: 'passkey.remove',
        target: { type: 'user', id: user.id },
        summary: `Passkey "${row.name}" removed`,
      });
  });
  logAuthEvent('passkey.removed', { ip: deps.ip, userId: user.id });
}

/** POST /api/auth/passkey/options: a sign-in's challenge, for any passkey of this site the browser holds. */
export async function passkeySignInOptions(
  deps: Pick<AuthDeps, 'db' | 'env' | 'limits' | 'ip' | 'path'>,
): Promise<PasskeySignInOptions> {
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(deps.env).id,
    userVerification: 'required',
  });
  return { handle: await keepChallenge(deps, options.challenge, 'sign-in', null), options };
}

/**
 * POST /api/auth/passkey: the signed challenge, verified with the passkey's public key; a session follows at once
 * (user verification makes it both factors). A failure of any kind answers the same 401 and counts against the
 * address as a failed password does.
 */
export async function signInWithPasskey(
  deps: AuthDeps,
  body: z.infer<typeof PasskeySignInBody>,
): Promise<SignInAnswer> {
  await checkAll([[deps.limits.loginIp, deps.ip]], deps);
  const refuse = async (reason: string, userId?: string): Promise<never> => {
    await consumeAll([[deps.limits.loginIp, deps.ip]], deps);
    logAuthEvent('passkey.failure', { ip: deps.ip, reason, ...(userId ? { userId } : {}) });
    throw new ApiError(401, PASSKEY_FAILED);
  };
  const challenge = await takeChallenge(deps.db, body.handle, 'sign-in', null);
  const passkey = await findPasskeyRow(deps.db, body.response.id);
  if (!passkey) return refuse('unknown passkey');
  const user = await findUserById(deps.db, passkey.user_id);
  if (!user || bool(user.disabled) || !bool(user.email_verified))
    return refuse('account cannot sign in', passkey.user_id);
  const rp = relyingParty(deps.env);
  const verified = await verifyAuthenticationResponse({
    response: body.response as AuthenticationResponseJSON,
    expectedChallenge: challenge.challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    credential: {
      id: passkey.id,
      publicKey: isoBase64URL.toBuffer(passkey.public_key),
      counter: passkey.counter,
      transports: parseStringArray(passkey.transports),
    },
    requireUserVerification: true,
  }).catch(() => ({ verified: false as const, authenticationInfo: undefined }));
  if (!verified.verified) return refuse('signature not verified', user.id);
  await markPasskeyUsed(deps.db, passkey.id, verified.authenticationInfo.newCounter, new Date().toISOString());
  const { token } = await completeSignIn(deps, user, 'passkey');
  logAuthEvent('login.success', { ip: deps.ip, userId: user.id, reason: 'passkey' });
  return { token };
}
