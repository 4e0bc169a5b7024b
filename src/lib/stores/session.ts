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

/** Revokes the token on the server (best effort) and clears it locally. */
export function logout(apiBase = ''): void {
  const token = $token.get();
  if (token) {
    void fetch(`${apiBase}/api/auth/logout`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, keepalive: true }).catch(() => undefined);
  }
  writeStorage(TOKEN_KEY, null);
  $token.set(null);
}
