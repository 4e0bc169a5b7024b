/** The /api/auth calls of spec section 7. */
import { type AuthProviders, parseAuthProviders } from '../../shared/schemas/auth-providers.ts';
import type { SignInAnswer } from '../../shared/two-factor.ts';
import type { User } from '../../shared/types.ts';
import { publicApiBase } from './base.ts';
import { RETURN_PARAM, safeReturnPath as safeReturnPathOn } from '../auth-rules.ts';
import { login, logout, rememberRole } from '../stores/session.ts';
import { api, currentToken } from './client.ts';

export interface RegisterInput {
  first_name: string;
  last_name: string;
  email: string;
  username: string;
  password: string;
}

const post = <T>(path: string, body: object) => api<T>(path, { method: 'POST', body });

/** { token }, or a challenge when a second step follows (two-factor sign-in). */
export const loginRequest = (username: string, password: string) =>
  post<SignInAnswer>('/api/auth/login', { username, password });
export const requestOtp = (email: string) => post<{ message: string }>('/api/auth/request-otp', { email });
export const verifyOtp = (email: string, otp: string) => post<SignInAnswer>('/api/auth/verify-otp', { email, otp });
// The spec's form sends role; the server ignores anything but customer.
export const registerRequest = (input: RegisterInput) =>
  post<{ message: string }>('/api/auth/register', { ...input, role: 'customer' });
export const resetPassword = (token: string, newPassword: string) =>
  post<{ message: string }>('/api/auth/reset-password', { token, newPassword });
export const fetchMe = () =>
  api<User>('/api/auth/me').then((me) => {
    // The header shows Dashboard or Account from this hint (layout.ts); the server checks every admin call anyway.
    rememberRole(me.role);
    return me;
  });

/** GET /api/auth/providers, read by the build: an answer that fails to arrive offers no Google button (it could not work). */
export async function fetchAuthProviders(): Promise<AuthProviders> {
  try {
    return parseAuthProviders(await api<unknown>('/api/auth/providers'));
  } catch (error) {
    console.error('Failed to load sign-in providers:', error instanceof Error ? error.message : error);
    return { google: false };
  }
}
export const changePassword = (currentPassword: string, newPassword: string) =>
  post<{ message: string }>('/api/auth/change-password', { currentPassword, newPassword });

/** Revokes a session on the server; best effort, and keepalive so it survives the navigation that usually follows. */
export async function revokeSession(token: string | null): Promise<void> {
  if (!token) return;
  await api('/api/auth/logout', {
    method: 'POST',
    keepalive: true,
    headers: { Authorization: `Bearer ${token}` },
  }).catch(() => undefined);
}

/** Forgets the session here at once and revokes it on the server. */
export async function signOut(): Promise<void> {
  const token = currentToken();
  logout();
  await revokeSession(token);
}

/** sessionStorage key of the page an admin screen sent a signed-out visitor from (stores/admin-gate.ts). */
export const RETURN_TO_KEY = 'returnTo';

/** A return path only when it stays on this site (auth-rules safeReturnPath, against this page's origin). */
export function safeReturnPath(value: unknown): string | null {
  return safeReturnPathOn(value, location.origin);
}

/**
 * Keeps the page a sign-in page was opened for (?next=/shop) for after the sign-in, across the Google round trip and
 * the register, verify steps; a missing or foreign `next` leaves what is kept alone.
 */
export function rememberReturnPath(search: string): void {
  const path = safeReturnPath(new URLSearchParams(search).get(RETURN_PARAM));
  if (path === null) return;
  try {
    sessionStorage.setItem(RETURN_TO_KEY, path);
  } catch {
    // No storage: the visitor lands on the home page after signing in.
  }
}

/** Reads and forgets the stored return path (sessionStorage may be unavailable: then there is none). */
function takeReturnPath(): string | null {
  try {
    const value = sessionStorage.getItem(RETURN_TO_KEY);
    sessionStorage.removeItem(RETURN_TO_KEY);
    return safeReturnPath(value);
  } catch {
    return null;
  }
}

/** Where a signed-in user goes next: the profile first when a new password is due, else the page that sent here, else home. */
export function pathAfterSignIn(me: Pick<User, 'must_change_password'> | null): string {
  const back = takeReturnPath();
  return me?.must_change_password ? '/profile' : (back ?? '/');
}

/** After a sign-in by password or code: reads the user and goes on (pathAfterSignIn). */
export async function goAfterSignIn(): Promise<void> {
  location.assign(pathAfterSignIn(await fetchMe().catch(() => null)));
}

/** The end of a sign-in, whatever proved it (a password, a passkey): this browser keeps the token, then goes on. */
export async function continueSignedIn(token: string): Promise<void> {
  login(token);
  await goAfterSignIn();
}

/**
 * Where the browser goes for Google sign-in (a navigation, not a fetch): the browser's API base even when the page is
 * rendered at build time, where apiBase() is the address the build read from, which visitors may not reach.
 */
export const googleSignInUrl = () => `${publicApiBase()}/api/auth/google`;

/** The server's { message } when it sent one, else the spec's fixed text for the situation. */
export function errorMessage(error: unknown, fallback: string): string {
  const data = (error as { data?: unknown } | null)?.data;
  const message = data && typeof data === 'object' ? (data as { message?: unknown }).message : undefined;
  return typeof message === 'string' && message.trim() ? message : fallback;
}
