/**
 * Staff invitations: an admin invites an address to a staff role; the mailed link (its token kept only as SHA-256)
 * works once, for INVITATION_DAYS, and makes an account with that role and that address, verified by the link itself.
 * An address that already has an account is refused (its role is changed in the list instead); a new invitation of an
 * address withdraws its open ones.
 */
import { randomUUID } from 'node:crypto';
import { ROLE_LABELS, parseRole, type StaffRole } from '../../../shared/staff-roles.ts';
import {
  ACCOUNT_READY,
  INVITATION_DAYS,
  INVITATION_EMAIL_HAS_ACCOUNT,
  INVITATION_GONE,
  INVITATION_NOT_FOUND,
  INVITATION_WITHDRAWN,
  invitationSent,
  type AcceptInvitationInput,
  type InvitationFacts,
  type InvitationInput,
  type StaffInvitation,
} from '../../../shared/schemas/staff-invitation.ts';
import type { Db } from '../../db/connection.ts';
import { isUniqueViolation } from '../../db/storage-errors.ts';
import type { Env } from '../../env.ts';
import { fieldError, notFound } from '../../http/errors.ts';
import { logAuthEvent } from '../../http/auth-log.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { actorName, recordAudit } from '../audit/audit.repository.ts';
import { accountWithEmail, accountWithUsernameKey, insertUser } from '../auth/accounts.repository.ts';
import { mailBrand, staffInvitationMail } from '../auth/auth-mails.ts';
import { sendInBackground } from '../auth/auth-deps.ts';
import { normaliseEmail, normaliseUsername, usernameKey, usernameProblem } from '../auth/identifiers.ts';
import { contextWords, newPasswordProblem } from '../auth/password-check.ts';
import { hashPassword } from '../auth/password-hash.ts';
import { newOpaqueToken, sha256Hex } from '../auth/tokens.ts';
import type { AuthUser } from '../auth/user-dto.ts';
import { getCompany } from '../company/company.service.ts';
import {
  claimInvitation,
  insertInvitation,
  invitationByTokenHash,
  pendingInvitations,
  withdrawInvitation,
  withdrawInvitationsOf,
  type InvitationRow,
} from './invitations.repository.ts';

export interface InvitationDeps {
  db: Db;
  env: Pick<Env, 'SITE_URL'>;
  mailer: Mailer;
  ip: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

function invitationFromRow(row: InvitationRow): StaffInvitation {
  return {
    _id: row.id,
    email: row.email,
    // Only staff roles are ever stored (InvitationBody); anything else would grant nothing.
    role: (parseRole(row.role) ?? 'support') as StaffRole,
    invited_by: row.invited_by_name,
    created_at: row.created_at,
    expires_at: row.expires_at,
  };
}

/** The page the mail's link opens; the token travels in the fragment, which no server and no Referer ever sees. */
export const invitationUrl = (siteUrl: string, token: string) =>
  `${siteUrl.replace(/\/+$/, '')}/accept-invitation#${token}`;

/** POST /api/admin/users/invitations. */
export async function inviteStaff(
  deps: InvitationDeps,
  actor: AuthUser,
  input: InvitationInput,
): Promise<{ message: string; invitation: StaffInvitation }> {
  const email = normaliseEmail(input.email);
  if ((await accountWithEmail(deps.db, email)) !== undefined)
    throw fieldError(409, INVITATION_EMAIL_HAS_ACCOUNT, 'email');
  const token = newOpaqueToken();
  const now = new Date();
  const row: InvitationRow = {
    id: randomUUID(),
    email,
    role: input.role,
    token_hash: sha256Hex(token),
    invited_by: actor.id,
    invited_by_name: actorName(actor),
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + INVITATION_DAYS * DAY_MS).toISOString(),
    accepted_at: null,
    revoked_at: null,
  };
  const message = invitationSent(email, input.role);
  await deps.db.transaction().execute(async (trx) => {
    await withdrawInvitationsOf(trx, email, row.created_at);
    await insertInvitation(trx, row);
    await recordAudit(trx, actor, {
      action: 'user.invite',
      target: { type: 'invitation', id: row.id },
      summary: message,
    });
  });
  const role = ROLE_LABELS[input.role].toLowerCase();
  sendInBackground(
    deps,
    async () =>
      staffInvitationMail(await mailBrand(deps.db, deps.env.SITE_URL), email, {
        inviter: row.invited_by_name,
        role,
        url: invitationUrl(deps.env.SITE_URL, token),
        days: INVITATION_DAYS,
      }),
    actor.id,
  );
  return { message, invitation: invitationFromRow(row) };
}

/** GET /api/admin/users/invitations: the open ones, newest first. */
export async function listInvitations(db: Db): Promise<{ results: StaffInvitation[] }> {
  return { results: (await pendingInvitations(db, new Date().toISOString())).map(invitationFromRow) };
}

/** DELETE /api/admin/users/invitations/:id: its link stops working at once. */
export async function withdrawStaffInvitation(db: Db, actor: AuthUser, id: string): Promise<{ message: string }> {
  return db.transaction().execute(async (trx) => {
    const row = await withdrawInvitation(trx, id, new Date().toISOString());
    if (!row) throw notFound(INVITATION_NOT_FOUND);
    await recordAudit(trx, actor, {
      action: 'user.invite.withdraw',
      target: { type: 'invitation', id },
      summary: `Invitation of ${row.email} withdrawn`,
    });
    return { message: INVITATION_WITHDRAWN };
  });
}

/** The open, unexpired invitation a token names; undefined whatever else (unknown, used, withdrawn, expired). */
async function openInvitation(db: Db, token: string): Promise<InvitationRow | undefined> {
  const row = await invitationByTokenHash(db, sha256Hex(token));
  const open = row?.accepted_at === null && row.revoked_at === null && Date.parse(row.expires_at) > Date.now();
  return open ? row : undefined;
}

/** A link that no longer works, as the accepting form shows it: on the token, which the person cannot fix. */
const gone = () => fieldError(400, INVITATION_GONE, 'token');

/** GET /api/invitations/:token: what the page shows above its form; 404 for a link that no longer works. */
export async function invitationFacts(db: Db, token: string): Promise<InvitationFacts> {
  const row = await openInvitation(db, token);
  if (!row) throw notFound(INVITATION_GONE);
  return { email: row.email, role: invitationFromRow(row).role, company: (await getCompany(db)).name };
}

/**
 * POST /api/invitations/accept: makes the account (the invitation's address and role, verified by the link) and
 * uses the invitation up in one transaction; the person then signs in, under the sign-in rules of their role.
 */
export async function acceptInvitation(
  deps: Pick<InvitationDeps, 'db' | 'ip'>,
  input: AcceptInvitationInput,
): Promise<{ message: string }> {
  const row = await openInvitation(deps.db, input.token);
  if (!row) throw gone();
  const username = normaliseUsername(input.username);
  const usernameIssue = usernameProblem(username);
  if (usernameIssue) throw fieldError(400, usernameIssue, 'username');
  const person = { first_name: input.first_name, last_name: input.last_name, username, email: row.email };
  const passwordIssue = newPasswordProblem(input.password, contextWords(person, (await getCompany(deps.db)).name));
  if (passwordIssue) throw fieldError(400, passwordIssue, 'password');
  const key = usernameKey(username);
  if ((await accountWithUsernameKey(deps.db, key)) !== undefined)
    throw fieldError(409, 'This username is already taken', 'username');
  const passwordHash = await hashPassword(input.password);
  const id = randomUUID();
  try {
    await deps.db.transaction().execute(async (trx) => {
      const now = new Date().toISOString();
      if (!(await claimInvitation(trx, row.id, now))) throw gone();
      await insertUser(trx, {
        id,
        ...person,
        username_key: key,
        password_hash: passwordHash,
        role: row.role,
        email_verified: true,
        created_at: now,
        updated_at: now,
      });
      await recordAudit(
        trx,
        { id, ...person },
        {
          action: 'user.invite.accept',
          target: { type: 'user', id },
          summary: `${actorName(person)} joined as ${ROLE_LABELS[invitationFromRow(row).role].toLowerCase()}`,
        },
      );
    });
  } catch (error) {
    // An account made with the address or username meanwhile: nothing of this attempt was kept.
    if (isUniqueViolation(error, 'email')) throw fieldError(409, INVITATION_EMAIL_HAS_ACCOUNT, 'email');
    if (isUniqueViolation(error)) throw fieldError(409, 'This username is already taken', 'username');
    throw error;
  }
  logAuthEvent('register', { ip: deps.ip, userId: id, reason: 'staff invitation' });
  return { message: ACCOUNT_READY };
}
