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

/** Lower case, letters and digits only: 'Northwind Studio' and 'NorthWind-Studio' both read 'northwindstudio'. */
const squash = (text: string) => text.normalize('NFKC').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/** Whether the password holds a context word once spaces, punctuation and case are ignored on both sides. */
function containsSquashedWord(password: string, contextWords: readonly string[]): boolean {
  const squashed = squash(password);
  return contextWords.some((word) => {
    const w = squash(word);
    return w.length >= 4 && squashed.includes(w);
  });
}

/** Reason a new password is refused, or null; `contextWords` are the user's names, email and the site name. */
export function newPasswordProblem(password: string, contextWords: readonly string[]): string | null {
  const shared = passwordProblem(password, contextWords);
  if (shared) return shared;
  if (containsSquashedWord(password, contextWords)) return 'Password must not contain your name, email or the site name';
  return isCommonPassword(password) ? 'Password is too common; choose another' : null;
}

/** Words a user's password must not contain: their names, username, email name, the site name and 'admin' (R6). */
export function contextWords(user: { first_name: string; last_name: string; username: string; email: string }, siteName: string): string[] {
  return [user.first_name, user.last_name, user.username, user.email.split('@')[0] ?? '', siteName, 'admin'];
}
