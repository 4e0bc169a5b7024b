/**
 * Two-factor sign-in: what the server and the screens share without zod (islands import this, and zod
 * would add about 15 KB to the login page): the code shapes, the texts, what the endpoints answer. The request
 * bodies' schemas are in schemas/two-factor.ts.
 */

/** Recovery codes: 10 characters of this alphabet (no 0/o, 1/l/i, u), shown as 'abcde-fghjk'. */
export const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstvwxyz23456789';
export const RECOVERY_CODE_LENGTH = 10;
export const RECOVERY_CODE_COUNT = 10;

export const TWO_FACTOR_TEXTS = {
  codeRequired: 'Enter the 6-digit code from your authenticator app or a recovery code',
  codeShape: 'Enter the 6-digit code from your authenticator app or a recovery code',
  codeWrong: 'That code is not right. Please try again',
  challengeGone: 'This sign-in has expired. Please sign in again',
  challengeTooMany: 'Too many wrong codes. Please sign in again',
  adminsOnly: 'Two-factor sign-in is for administrator accounts',
  alreadyOn: 'Two-factor sign-in is already on',
  notOn: 'Two-factor sign-in is not on',
  noSetup: 'Start the setup again: there is no authenticator waiting to be confirmed',
  required: 'Two-factor sign-in is required for administrators on this site, so it cannot be turned off',
  needsProof: 'Enter your password, or a code from your authenticator app, to confirm',
  enabled: 'Two-factor sign-in is on',
  disabled: 'Two-factor sign-in is off',
} as const;

/** A 6-digit code or a recovery code as typed: spaces and dashes are dropped, letters lower-cased. */
export function normaliseSecondFactor(value: string): string {
  return value.replace(/[\s-]/g, '').toLowerCase();
}

/** True for six digits (an authenticator's code); otherwise the value is read as a recovery code. */
export const isTotpShape = (value: string) => /^\d{6}$/.test(value);

/** True for a normalised recovery code (10 characters of the alphabet). */
export const isRecoveryShape = (value: string) =>
  value.length === RECOVERY_CODE_LENGTH && value.split('').every((ch) => RECOVERY_ALPHABET.includes(ch));

/** What a sign-in answers: a session token, or a challenge for the second step ('code') or for setting one up ('enrol'). */
export type SignInAnswer = { token: string } | TwoFactorChallenge;

export interface TwoFactorChallenge {
  twoFactor: 'code' | 'enrol';
  challenge: string;
  /** ISO time the challenge stops working. */
  expiresAt: string;
}

/** A new authenticator to add: the otpauth:// address (the QR code) and the same key as text. */
export interface TwoFactorSetup {
  secret: string;
  uri: string;
}

/** GET /api/account/two-factor. */
export interface TwoFactorStatus {
  enabled: boolean;
  /** ADMIN_2FA=required and this is an admin: it cannot be turned off. */
  required: boolean;
  /** Only admins may set it up. */
  available: boolean;
  enabledAt: string | null;
  recoveryCodesLeft: number;
}

/** The answer that turns it on (and the sign-in that sets it up): recovery codes, shown once. */
export interface TwoFactorEnabled {
  message: string;
  recoveryCodes: string[];
}

/** True when a sign-in answer asks for a second step. */
export const needsSecondStep = (answer: SignInAnswer): answer is TwoFactorChallenge => 'challenge' in answer;
