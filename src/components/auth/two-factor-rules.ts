/** Pure rules of the two-factor screens: the Google return's query, the proof a form sends, the codes as a file. */
import {
  isRecoveryShape,
  isTotpShape,
  normaliseSecondFactor,
  type TwoFactorChallenge,
} from '../../shared/two-factor.ts';

export const TWO_FACTOR_UI = {
  title: 'Two-factor sign-in',
  codeLabel: 'Authentication code',
  codeHint:
    'Open your authenticator app and enter the 6-digit code it shows for this site. Lost your phone? Enter one of your recovery codes instead.',
  enrolTitle: 'Set up two-factor sign-in',
  enrolIntro:
    'This site asks every administrator for a code from an authenticator app when signing in. Set one up to continue.',
  failed: 'That code is not right. Please try again',
  setupFailed: 'The setup could not be started. Please sign in again.',
} as const;

/** /login?two_factor=code&challenge=… (the Google callback): the second step to show, or null. */
export function readTwoFactorQuery(search: string): TwoFactorChallenge | null {
  const params = new URLSearchParams(search);
  const step = params.get('two_factor');
  const challenge = params.get('challenge') ?? '';
  if ((step !== 'code' && step !== 'enrol') || !/^[A-Za-z0-9_-]{43}$/.test(challenge)) return null;
  return { twoFactor: step, challenge, expiresAt: '' };
}

/** What one 'Password or authentication code' field sends: a code when it has a code's shape (never a password's: those are 12+ characters), else the password. */
export function proofOf(value: string): { password: string } | { code: string } {
  const code = normaliseSecondFactor(value);
  return isTotpShape(code) || isRecoveryShape(code) ? { code } : { password: value };
}

/** The recovery codes as the downloaded text file holds them. */
export function recoveryCodesText(siteName: string, codes: readonly string[]): string {
  return [
    `Recovery codes for ${siteName}`,
    'Each code signs you in once instead of a code from your authenticator app.',
    '',
    ...codes,
    '',
  ].join('\n');
}

/** The typed second factor, kept to what a code can hold (letters, digits, a dash, spaces). */
export const cleanSecondFactor = (value: string) => value.replace(/[^A-Za-z0-9\s-]/g, '').slice(0, 20);
