/**
 * What /api/account answers (/settings): the signed-in person's own account, its sessions, a pending
 * email change and the export of their data. The texts the server and the Settings screen share are here too.
 */
import type { PasskeySummary } from './passkeys.ts';
import type { NewsletterStatus } from './schemas/newsletter.ts';
import type { CustomerOrder } from './orders-customer.ts';
import type { User } from './types.ts';

/**
 * The longest first name, last name or username. Here, not beside the schemas that check it (schemas/account.ts), so
 * the sign-in and registration islands read it without loading zod.
 */
export const NAME_MAX = 100;

/** GET /api/account: the profile as /api/auth/me answers it, and what the Settings screen needs beside it. */
export interface AccountProfile extends User {
  must_change_password: boolean;
  /** false for an account that signs in with Google only. */
  hasPassword: boolean;
  /** The address a change waits to be confirmed for (a code was mailed there); null when none is pending. */
  pendingEmail: string | null;
  /** ISO time the account was created. */
  createdAt: string;
  /** The newsletter subscription of the account's email address; null when it never signed up. */
  newsletter: NewsletterStatus | null;
}

/** One signed-in device or browser; never its token or hash. */
export interface AccountSession {
  _id: string;
  /** The browser and system it was signed in from, as names ('Chrome on Linux'); UNKNOWN_DEVICE when not known. */
  device: string;
  createdAt: string;
  lastSeenAt: string;
  /** The session this request came with. */
  current: boolean;
}

export interface AccountSessions {
  results: AccountSession[];
}

/** The device of a session whose browser was not recognised (or that began before devices were kept). */
export const UNKNOWN_DEVICE = 'Unknown browser';

/** The account's two-factor sign-in in the export: its state only, never the secret, a code or a hash. */
export interface ExportedTwoFactor {
  enabled: boolean;
  /** ISO time it was turned on; null when it is off. */
  enrolledAt: string | null;
  /** How many unused recovery codes are left (0 when it is off). */
  recoveryCodesLeft: number;
}

/** POST /api/account/email (202). */
export interface EmailChangeRequested {
  message: string;
  pendingEmail: string;
}

/** One conversation with the company, as the export writes it. */
export interface ExportedConversation {
  _id: string;
  subject: string;
  source: string;
  status: string;
  createdAt: string;
  lastMessageAt: string;
  messages: { author: string; body: string; createdAt: string }[];
}

/** GET /api/account/export: everything the site keeps about the person (never a password hash, token or code). */
export interface AccountExport {
  exportedAt: string;
  profile: User & {
    email_verified: boolean;
    signsInWithGoogle: boolean;
    hasPassword: boolean;
    createdAt: string;
    updatedAt: string;
  };
  pendingEmailChange: { newEmail: string; expiresAt: string } | null;
  orders: CustomerOrder[];
  conversations: ExportedConversation[];
  newsletter: {
    email: string;
    status: NewsletterStatus;
    createdAt: string;
    confirmedAt: string | null;
    unsubscribedAt: string | null;
  } | null;
  viewedContent: { contentType: string; refId: string; viewedAt: string }[];
  sessions: (AccountSession & { expiresAt: string })[];
  twoFactor: ExportedTwoFactor;
  /** The account's passkeys as Settings lists them (never a key). */
  passkeys: PasskeySummary[];
}

export const ACCOUNT_TEXTS = {
  profileSaved: 'Your profile was saved',
  usernameTaken: 'This username is already taken',
  emailTaken: 'An account with this email already exists',
  sameEmail: 'This is already your email address',
  passwordWrong: 'The password is not correct',
  passwordRequired: 'Enter your password to confirm',
  codeWrong: 'That code is not right',
  codeExpired: 'That code has expired. Please ask for a new one',
  codeNone: 'There is no email change waiting for a code. Please start again',
  codeTooMany: 'Too many wrong codes. Please ask for a new code',
  emailChanged: 'Your email address was changed',
  emailChangeCancelled: 'The email change was cancelled',
  imageMissing: 'Choose a picture to upload',
  imageSaved: 'Your profile picture was updated',
  imageRemoved: 'Your profile picture was removed',
  confirmWord: 'Type DELETE to confirm',
  lastAdmin: 'You are the only administrator of this site. Make another account an admin before deleting yours.',
  deleted: 'Your account was deleted',
  tooMany: 'Too many attempts. Please try again later',
} as const;

/** The sentence after a code was mailed. */
export const codeSentMessage = (email: string) => `We sent a 6-digit code to ${email}. Enter it to confirm the change.`;

/** The export's file name: 'account-data-2026-11-24.json'. */
export const exportFileName = (at: Date) => `account-data-${at.toISOString().slice(0, 10)}.json`;
