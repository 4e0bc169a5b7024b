/** Finds, links or creates the local account for an OpenID identity (security.md R30). */
import { randomInt, randomUUID } from 'node:crypto';
import type { Db } from '../../db/connection.ts';
import { findUserByIdentifier, findUserByOidc, insertUser, updateUser, type UserRow } from './accounts.repository.ts';
import { deleteCodesOfUser, deleteResetTokensOfUser } from './codes.repository.ts';
import { normaliseEmail, USERNAME_MAX, usernameKey, usernameProblem } from './identifiers.ts';
import { deleteSessionsOfUser } from './sessions.repository.ts';

export interface OidcIdentity {
  issuer: string;
  subject: string;
  email?: string | undefined;
  emailVerified: boolean;
  givenName?: string | undefined;
  familyName?: string | undefined;
  name?: string | undefined;
  picture?: string | undefined;
}

export type OidcOutcome = { user: UserRow } | { refused: string };

const clean = (value: string | undefined, max: number) =>
  (value ?? '')
    .replace(/[\p{Cc}]/gu, '')
    .trim()
    .slice(0, max);

/** A free username derived from the email's local part, e.g. jane.doe or jane.doe-4821. */
async function freeUsername(db: Db, email: string): Promise<string> {
  const base = (email.split('@')[0] ?? '')
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}._-]/gu, '')
    .slice(0, USERNAME_MAX - 5);
  const stem = base.length >= 3 && !usernameProblem(base) ? base : 'user';
  for (let i = 0; i < 20; i++) {
    const candidate = i === 0 && stem !== 'user' ? stem : `${stem}-${randomInt(1000, 100_000)}`;
    if (!(await findUserByIdentifier(db, { kind: 'username', value: usernameKey(candidate) }))) return candidate;
  }
  return `user-${randomUUID().slice(0, 8)}`;
}

export async function signInWithOidc(db: Db, identity: OidcIdentity): Promise<OidcOutcome> {
  const known = await findUserByOidc(db, identity.issuer, identity.subject);
  if (known) return known.disabled ? { refused: 'account disabled' } : { user: known };

  if (!identity.email) return { refused: 'no email claim' };
  const email = normaliseEmail(identity.email);
  const local = await findUserByIdentifier(db, { kind: 'email', value: email });
  if (local) {
    // Linking on an unverified email would hand the account to whoever controls that provider account.
    if (!identity.emailVerified) return { refused: 'email not verified by the provider' };
    if (local.disabled) return { refused: 'account disabled' };
    if (local.oidc_subject && (local.oidc_issuer !== identity.issuer || local.oidc_subject !== identity.subject)) {
      return { refused: 'account linked to another identity' };
    }
    const link = { oidc_issuer: identity.issuer, oidc_subject: identity.subject, email_verified: true };
    if (!local.email_verified) {
      // Nobody proved this address before: a password set by whoever registered it must not survive (pre-hijacking).
      await db.transaction().execute(async (trx) => {
        await updateUser(trx, local.id, { ...link, password_hash: null });
        await deleteSessionsOfUser(trx, local.id);
        await deleteCodesOfUser(trx, local.id);
        await deleteResetTokensOfUser(trx, local.id);
      });
    } else {
      await updateUser(db, local.id, link);
    }
    return { user: { ...local, ...link } };
  }

  const username = await freeUsername(db, email);
  const now = new Date().toISOString();
  const picture = identity.picture?.startsWith('https://') ? identity.picture.slice(0, 2048) : null;
  const user = {
    id: randomUUID(),
    first_name: clean(identity.givenName ?? identity.name ?? username, 100),
    last_name: clean(identity.familyName, 100),
    email,
    username,
    username_key: usernameKey(username),
    password_hash: null,
    role: 'customer',
    profile_image: picture,
    email_verified: identity.emailVerified,
    must_change_password: false,
    oidc_issuer: identity.issuer,
    oidc_subject: identity.subject,
    disabled: false,
    created_at: now,
    updated_at: now,
  };
  await insertUser(db, user);
  return { user };
}
