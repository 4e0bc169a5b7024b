/**
 * The signed-in person's own account: read it, edit the names with registration's rules, set or
 * remove the profile picture, list and end sessions, delete the account. The caller is always the session's user.
 */
import {
  ACCOUNT_TEXTS,
  type AccountProfile,
  type AccountSession,
  type AccountSessions,
  UNKNOWN_DEVICE,
} from '../../../shared/account.ts';
import { DELETE_CONFIRM_WORD, type ProfileInput } from '../../../shared/schemas/account.ts';
import { isUniqueViolation } from '../../db/storage-errors.ts';
import { ApiError, fieldError } from '../../http/errors.ts';
import { storeUploadedPicture, type UploadInput } from '../../media/upload-check.ts';
import { releaseMediaIfUnused, writeNamingFile } from '../../media/media-release.ts';
import { claimMedia, unclaimMedia } from '../../media/pending-media.ts';
import type { Db } from '../../db/connection.ts';
import { findUserById, updateUser, type UserRow } from '../auth/accounts.repository.ts';
import { type AuthDeps, sendInBackground } from '../auth/auth-deps.ts';
import { refuseField } from '../auth/auth-input.ts';
import { logAuthEvent } from '../../http/auth-log.ts';
import { mailBrand } from '../auth/auth-mails.ts';
import { normaliseUsername, usernameKey, usernameProblem } from '../auth/identifiers.ts';
import { confirmPassword } from '../auth/password-confirm.ts';
import { deleteOtherSessionsOfUser, deleteSessionOfUser, listSessionsOfUser } from '../auth/sessions.repository.ts';
import { type AuthUser, userFromRow } from '../auth/user-dto.ts';
import { findSubscriberByEmail } from '../newsletter/newsletter.repository.ts';
import { countActiveAdmins } from '../users/users.admin.repository.ts';
import { bool } from '../content/content.mappers.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { accountDeletedMail } from './account-mails.ts';
import { type AccountLimits, consumeAccountLimit } from './account-limits.ts';
import { deleteUserRow, findEmailChange, usernameKeyTakenByOther } from './account.repository.ts';

/** What one account request works with: the auth services' dependencies and the account's own limits. */
export interface AccountDeps extends AuthDeps {
  accountLimits: AccountLimits;
}

/** The account's row; a session whose user is gone cannot get here (requireUser), but a parallel deletion can. */
export async function accountRow(db: Db, user: AuthUser): Promise<UserRow> {
  const row = await findUserById(db, user.id);
  if (!row) throw new ApiError(401, 'Please sign in');
  return row;
}

/** GET /api/account. */
export async function getAccount(db: Db, user: AuthUser, now = new Date()): Promise<AccountProfile> {
  const row = await accountRow(db, user);
  const [change, subscriber] = await Promise.all([findEmailChange(db, row.id), findSubscriberByEmail(db, row.email)]);
  return {
    ...userFromRow(row),
    must_change_password: bool(row.must_change_password),
    hasPassword: row.password_hash !== null,
    pendingEmail: change && Date.parse(change.expires_at) > now.getTime() ? change.new_email : null,
    createdAt: row.created_at,
    newsletter: subscriber?.status ?? null,
  };
}

/** PATCH /api/account/profile: registration's rules for the names and the username; a username someone else has is a 409. */
export async function updateProfile(deps: AccountDeps, user: AuthUser, input: ProfileInput): Promise<AccountProfile> {
  await consumeAccountLimit(deps, deps.accountLimits.profile, user.id);
  const username = normaliseUsername(input.username);
  const problem = usernameProblem(username);
  if (problem) throw refuseField('username', problem);
  const key = usernameKey(username);
  const taken = () => fieldError(409, ACCOUNT_TEXTS.usernameTaken, 'username');
  if (await usernameKeyTakenByOther(deps.db, key, user.id)) throw taken();
  try {
    await updateUser(deps.db, user.id, {
      first_name: input.first_name,
      last_name: input.last_name,
      username,
      username_key: key,
    });
  } catch (error) {
    // Another account took the same username between the check and the write.
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
  logAuthEvent('account.profile', { ip: deps.ip, userId: user.id });
  return getAccount(deps.db, user);
}

/** POST /api/account/profile-image: checked and stored as every picture is; the previous one is released. */
export async function setProfileImage(
  deps: AccountDeps,
  user: AuthUser,
  upload: UploadInput | undefined,
): Promise<string> {
  if (!upload) throw refuseField('image', ACCOUNT_TEXTS.imageMissing);
  await consumeAccountLimit(deps, deps.accountLimits.upload, user.id);
  const before = (await accountRow(deps.db, user)).profile_image;
  const { url } = await storeUploadedPicture(deps.db, deps.env.DATA_DIR, 'image', upload, 'profile');
  await writeNamingFile(
    { db: deps.db, dataDir: deps.env.DATA_DIR },
    url,
    () =>
      deps.db.transaction().execute(async (trx) => {
        await updateUser(trx, user.id, { profile_image: url });
        await claimMedia(trx, url);
        if (before !== url) await unclaimMedia(trx, before);
      }),
    () => before,
  );
  return url;
}

/** DELETE /api/account/profile-image. */
export async function removeProfileImage(deps: AccountDeps, user: AuthUser): Promise<void> {
  const before = (await accountRow(deps.db, user)).profile_image;
  await deps.db.transaction().execute(async (trx) => {
    await updateUser(trx, user.id, { profile_image: null });
    await unclaimMedia(trx, before);
  });
  if (before) await releaseMediaIfUnused(deps.db, deps.env.DATA_DIR, before);
}

/** GET /api/account/sessions. */
export async function listSessions(db: Db, user: AuthUser, now = new Date()): Promise<AccountSessions> {
  const rows = await listSessionsOfUser(db, user.id, now.toISOString());
  return { results: rows.map((r) => sessionOf(r, user)) };
}

/** A session as the account sees it (the list and the data export): never its token or hash. */
export function sessionOf(
  row: { id: string; device: string | null; created_at: string; last_seen_at: string },
  user: AuthUser,
): AccountSession {
  return {
    _id: row.id,
    device: row.device ?? UNKNOWN_DEVICE,
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at,
    current: row.id === user.sessionId,
  };
}

/** POST /api/account/sessions/sign-out-others: every session but this one ends. */
export async function signOutOthers(deps: AccountDeps, user: AuthUser): Promise<number> {
  const n = await deleteOtherSessionsOfUser(deps.db, user.id, user.sessionId);
  logAuthEvent('account.sessions.ended', { ip: deps.ip, userId: user.id, reason: `${n} ended` });
  return n;
}

/** POST /api/account/sessions/:id/sign-out: that one session ends (this one too, if named); none of the account's is a 404. */
export async function signOutSession(deps: AccountDeps, user: AuthUser, sessionId: string): Promise<number> {
  if (!(await deleteSessionOfUser(deps.db, user.id, sessionId)))
    throw new ApiError(404, 'This session has already ended');
  logAuthEvent('account.session.ended', {
    ip: deps.ip,
    userId: user.id,
    reason: sessionId === user.sessionId ? 'this session' : 'another session',
  });
  return 1;
}

/** The body of DELETE /api/account, as parsed. */
export interface DeleteInput {
  password?: string | undefined;
  confirm?: string | undefined;
}

/**
 * DELETE /api/account: the password again (or DELETE typed, for an account without one); the last enabled admin is
 * refused. The user row goes in one transaction (the rest by cascade), then the picture is released and a goodbye mailed.
 */
export async function deleteAccount(deps: AccountDeps, user: AuthUser, input: DeleteInput): Promise<void> {
  const row = await accountRow(deps.db, user);
  if (row.password_hash !== null) {
    if (!input.password) throw refuseField('password', ACCOUNT_TEXTS.passwordRequired);
    await confirmPassword(deps, row, input.password);
  } else if (input.confirm !== DELETE_CONFIRM_WORD) {
    throw refuseField('confirm', ACCOUNT_TEXTS.confirmWord);
  }
  const isActiveAdmin = row.role === 'admin' && !bool(row.disabled);
  await deps.db.transaction().execute(async (trx) => {
    // Counted inside the write, so two admins deleting themselves at once cannot both pass.
    if (isActiveAdmin && (await countActiveAdmins(trx)) <= 1) throw new ApiError(409, ACCOUNT_TEXTS.lastAdmin);
    if (isActiveAdmin)
      await recordAudit(trx, user, {
        action: 'user.update',
        target: { type: 'user', id: user.id },
        summary: `${user.username} deleted their own admin account`,
      });
    if (!(await deleteUserRow(trx, user.id))) throw new ApiError(401, 'Please sign in');
    await unclaimMedia(trx, row.profile_image);
  });
  if (row.profile_image) await releaseMediaIfUnused(deps.db, deps.env.DATA_DIR, row.profile_image);
  logAuthEvent('account.deleted', { ip: deps.ip, userId: user.id });
  sendInBackground(
    deps,
    async () => accountDeletedMail(await mailBrand(deps.db, deps.env.SITE_URL), row.email),
    user.id,
  );
}
