/** One password policy for register, reset and the first admin (security.md R4-R6). */
import { codePoints } from './code-points.ts';

export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 128;

/** Lower case, letters and digits only: 'Northwind Studio' and 'NorthWind-Studio' both read 'northwindstudio'. */
const squash = (text: string) =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');

/** Returns the reason a password is refused, or null when it is acceptable. */
export function passwordProblem(password: string, contextWords: readonly string[] = []): string | null {
  const length = codePoints(password.normalize('NFKC')).length;
  if (length < PASSWORD_MIN) return `Password must be at least ${PASSWORD_MIN} characters`;
  if (length > PASSWORD_MAX) return `Password must be at most ${PASSWORD_MAX} characters`;
  // Spaces, punctuation and case ignored on both sides: 'Northwind Studio' also refuses 'NorthWindStudio2026!'.
  const squashed = squash(password);
  for (const word of contextWords) {
    const w = squash(word);
    if (w.length >= 4 && squashed.includes(w)) return 'Password must not contain your name, email or the site name';
  }
  if (new Set(password.toLowerCase()).size <= 2) return 'Password is too easy to guess';
  return null;
}
