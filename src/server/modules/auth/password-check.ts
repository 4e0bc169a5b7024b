/** Server-side password policy: the shared rules plus a common-password list kept out of the browser bundle (R6). */
import { dictionary } from '@zxcvbn-ts/language-common';
import { passwordProblem } from '../../../shared/password-policy.ts';

let common: Set<string> | undefined;

/** About 49,000 leaked passwords from zxcvbn-ts, loaded on first use. */
function commonPasswords(): Set<string> {
  common ??= new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));
  return common;
}

export function isCommonPassword(password: string): boolean {
  const folded = password.normalize('NFKC').toLowerCase();
  const set = commonPasswords();
  return set.has(folded) || set.has(folded.replace(/\s+/g, ''));
}

/** Reason a new password is refused, or null; `contextWords` are the user's names, email and the site name. */
export function newPasswordProblem(password: string, contextWords: readonly string[]): string | null {
  const shared = passwordProblem(password, contextWords);
  if (shared) return shared;
  return isCommonPassword(password) ? 'Password is too common; choose another' : null;
}

/** Words a user's password must not contain: their names, username, email name, the site name and 'admin' (R6). */
export function contextWords(
  user: { first_name: string; last_name: string; username: string; email: string },
  siteName: string,
): string[] {
  return [user.first_name, user.last_name, user.username, user.email.split('@')[0] ?? '', siteName, 'admin'];
}
