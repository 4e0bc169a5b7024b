/** One password policy for register, reset and the first admin (security.md R4-R6). */
export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 128;

/** Returns the reason a password is refused, or null when it is acceptable. */
export function passwordProblem(password: string, contextWords: readonly string[] = []): string | null {
  const length = [...password.normalize('NFKC')].length;
  if (length < PASSWORD_MIN) return `Password must be at least ${PASSWORD_MIN} characters`;
  if (length > PASSWORD_MAX) return `Password must be at most ${PASSWORD_MAX} characters`;
  const lower = password.toLowerCase();
  for (const word of contextWords) {
    const w = word.trim().toLowerCase();
    if (w.length >= 4 && lower.includes(w)) return 'Password must not contain your name, email or the site name';
  }
  if (new Set(lower).size <= 2) return 'Password is too easy to guess';
  return null;
}
