/** Account identifiers: emails lower-cased, usernames NFKC and case-folded for uniqueness (security.md R50). */
import { codePoints } from '../../../shared/code-points.ts';

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;
const USERNAME_SHAPE = /^[\p{L}\p{N}._-]+$/u;
const RESERVED = new Set(['admin', 'administrator', 'root', 'system', 'support', 'webmaster', 'postmaster']);

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function normaliseUsername(username: string): string {
  return username.trim().normalize('NFKC');
}

/** Upper- then lower-casing folds more than lower-casing alone (ß and SS share a key). */
export function usernameKey(username: string): string {
  return normaliseUsername(username).toUpperCase().toLowerCase().normalize('NFKC');
}

/** Reason a username is refused, as a sentence for the visitor, or null. */
export function usernameProblem(username: string): string | null {
  const value = normaliseUsername(username);
  const length = codePoints(value).length;
  if (length < USERNAME_MIN || length > USERNAME_MAX)
    return `Username must be ${USERNAME_MIN} to ${USERNAME_MAX} characters`;
  if (!USERNAME_SHAPE.test(value)) return 'Username may contain only letters, digits, dots, hyphens and underscores';
  if (RESERVED.has(usernameKey(value))) return 'This username is reserved; choose another';
  return null;
}

/** Login and code requests take an email or a username in one field; an @ means email (usernames cannot hold one). */
export type Identifier = { kind: 'email'; value: string } | { kind: 'username'; value: string };

export function parseIdentifier(input: string): Identifier {
  return input.includes('@')
    ? { kind: 'email', value: normaliseEmail(input) }
    : { kind: 'username', value: usernameKey(input) };
}

/** Rate-limit key for an identifier nobody owns, so unknown and known accounts are throttled alike. */
export function identifierKey(id: Identifier): string {
  return `${id.kind}:${id.value}`;
}
