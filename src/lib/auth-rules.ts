/** Client-side rules and texts of the sign-in screens (spec sections 2, 5 and 8), kept pure for tests. */
import { OTP_LENGTH } from '../shared/constants.ts';
import { hasControlCharacters } from '../shared/schemas/control-characters.ts';

export const AUTH_TEXTS = {
  loginFailed: 'Login failed',
  otpSendFailed: 'Failed to send OTP',
  otpInvalid: 'Invalid OTP',
  registerFailed: 'Registration failed',
  resetFailed: 'Failed to reset password',
  otpPrompt: 'Enter 6-digit OTP',
  forgotNeedsIdentity: 'Please enter your email/username first',
  passwordsDiffer: 'Passwords do not match',
  resetDone: 'Password reset successful! Redirecting to login...',
  googleCancelled: 'Google sign in was cancelled',
  googleFailed: 'Google sign in failed. Please try again',
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isEmailShape = (value: string) => EMAIL.test(value.trim());

/** The code as typed, digits only, at most 6 of them. */
export const cleanOtp = (value: string) => value.replace(/\D/g, '').slice(0, OTP_LENGTH);

export type LoginQuery = { kind: 'none' } | { kind: 'token'; token: string } | { kind: 'error'; message: string };

/** What the login page's query string asks for: a token from Google sign-in, one of its two errors, or nothing. */
export function readLoginQuery(search: string): LoginQuery {
  const params = new URLSearchParams(search);
  const token = params.get('token');
  if (token && /^[A-Za-z0-9_-]{16,512}$/.test(token)) return { kind: 'token', token };
  const error = params.get('error');
  if (error === 'auth_cancelled') return { kind: 'error', message: AUTH_TEXTS.googleCancelled };
  if (error === 'auth_failed') return { kind: 'error', message: AUTH_TEXTS.googleFailed };
  return { kind: 'none' };
}

export interface RegisterFields {
  first_name: string;
  last_name: string;
  email: string;
  username: string;
  password: string;
}

/** The first problem with the register form, or null: every field is required and the email must look like one. */
export function registerProblem(fields: RegisterFields): string | null {
  const labels: Record<keyof RegisterFields, string> = {
    first_name: 'First name',
    last_name: 'Last name',
    email: 'Email',
    username: 'Username',
    password: 'Password',
  };
  for (const key of Object.keys(labels) as (keyof RegisterFields)[]) {
    if (fields[key].trim() === '') return `${labels[key]} is required`;
  }
  return isEmailShape(fields.email) ? null : 'Please enter a valid email address';
}

/** The query parameter that carries the page to return to after sign-in (/login?next=/shop). */
export const RETURN_PARAM = 'next';

/** Pages that sign a visitor in: never a page to come back to. */
const SIGN_IN_PAGES = new Set(['/login', '/register', '/reset-password', '/accept-invitation']);

/**
 * A return path only when it stays on this site: a single leading '/', never '//' or '/\' (another host), no scheme,
 * no control characters; resolved against `origin` and handed back as path, query and hash. Anything else is null.
 */
export function safeReturnPath(value: unknown, origin: string): string | null {
  if (typeof value !== 'string' || value.length > 2048 || !/^\/(?![/\\])/.test(value) || hasControlCharacters(value))
    return null;
  try {
    const url = new URL(value, origin);
    if (url.origin !== new URL(origin).origin) return null;
    return url.pathname + url.search + url.hash;
  } catch {
    return null;
  }
}

/** The login address that brings the visitor back to `path` (path and query) after sign-in; plain on the sign-in pages. */
export function loginHref(path: string, page: '/login' | '/register' = '/login'): string {
  const [pathname = ''] = path.split(/[?#]/, 1);
  const bare = pathname.replace(/\/+$/, '') || '/';
  if (SIGN_IN_PAGES.has(bare) || bare === '/') return page;
  return `${page}?${new URLSearchParams({ [RETURN_PARAM]: path })}`;
}
