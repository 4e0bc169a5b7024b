/**
 * Staff invitations: an admin invites an email address to a staff role; the mail's one-time link opens
 * /accept-invitation, where the person chooses their names and password. Shared by the server and the screens.
 */
import { ROLE_LABELS, STAFF_ROLES, type StaffRole } from '../staff-roles.ts';
import { NAME_MAX } from '../account.ts';
import { accountEmail, accountPassword, accountText } from './account.ts';
import { z } from './zod.ts';

/** How long an invitation's link works. */
export const INVITATION_DAYS = 7;
/** The link's token: 43 characters of base64url (32 random bytes); anything else is no invitation. */
export const INVITATION_TOKEN = /^[A-Za-z0-9_-]{43}$/;

export const InvitationBody = z.object({
  email: accountEmail(),
  role: z.enum(STAFF_ROLES, {
    error: `Role must be one of ${STAFF_ROLES.map((role) => ROLE_LABELS[role].toLowerCase()).join(', ')}`,
  }),
});
export type InvitationInput = z.infer<typeof InvitationBody>;

export const AcceptInvitationBody = z.object({
  token: z
    .string({ error: 'The invitation link is incomplete' })
    .regex(INVITATION_TOKEN, 'The invitation link is incomplete'),
  first_name: accountText('First name', NAME_MAX),
  last_name: accountText('Last name', NAME_MAX),
  username: accountText('Username', NAME_MAX),
  password: accountPassword('Password'),
});
export type AcceptInvitationInput = z.infer<typeof AcceptInvitationBody>;

/** A pending invitation as Manage Users lists it. */
export interface StaffInvitation {
  _id: string;
  email: string;
  role: StaffRole;
  invited_by: string;
  created_at: string;
  expires_at: string;
}

/** What the invitation page shows before the form: who is invited, to what. */
export interface InvitationFacts {
  email: string;
  role: StaffRole;
  company: string;
}

export const INVITATION_GONE = 'This invitation has expired or has already been used. Ask an admin to send a new one.';
export const INVITATION_EMAIL_HAS_ACCOUNT =
  'An account with this email already exists: give it the role in the list of users instead';
export const INVITATION_WITHDRAWN = 'Invitation withdrawn';
export const INVITATION_NOT_FOUND = 'Invitation not found';
export const ACCOUNT_READY = 'Your account is ready. Sign in to continue.';
export const INVITATIONS_TOO_MANY = 'Too many attempts. Please wait a moment and try again.';

/** 'Invitation sent to ana@example.com as editor'. */
export const invitationSent = (email: string, role: StaffRole) =>
  `Invitation sent to ${email} as ${ROLE_LABELS[role].toLowerCase()}`;
