import { atom } from 'nanostores';
import { readStorage, writeStorage } from '../browser/storage.ts';

export const TOKEN_KEY = 'token';

/** The session token, or null when logged out; mirrors localStorage 'token'. */
export const $token = atom<string | null>(null);

/** Only a plausible opaque token counts; anything else in storage is treated as logged out. */
export function parseToken(value: unknown): string | null {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{16,512}$/.test(value) ? value : null;
}

export function loadToken(): void {
  $token.set(parseToken(readStorage(TOKEN_KEY)));
}

export function login(token: string): void {
  writeStorage(TOKEN_KEY, token);
  $token.set(parseToken(token));
}

/** Forgets the session here (storage and store); `signOut` in lib/api/auth.ts also revokes it on the server. */
export function logout(): void {
  writeStorage(TOKEN_KEY, null);
  writeStorage(ROLE_KEY, null);
  $token.set(null);
}

/** localStorage key of the signed-in user's role, a display hint for the header (Dashboard or Account). */
export const ROLE_KEY = 'role';

/**
 * Remembers which header the signed-in user gets: 'admin' (the Dashboard button) for every role but a customer's,
 * the staff roles (shared/staff-roles.ts, not imported: its tables would travel to every public page with this
 * store). The server decides every admin call on its own.
 */
export function rememberRole(role: string): void {
  writeStorage(ROLE_KEY, role === 'customer' ? 'customer' : 'admin');
}
