/**
 * Who may see an admin screen, decided once per page and shared by every admin island (the shell and the screen):
 * no token → /login (and back here after sign-in); a customer → /profile with a notice; an admin → 'ready'.
 * The server checks every admin call again (R33); this only keeps admin screens from customers' eyes.
 */
import { atom } from 'nanostores';
import { fetchMe } from '../api/auth.ts';
import type { User } from '../../shared/types.ts';
import { $token, loadToken, logout } from './session.ts';

export type AdminGate = { status: 'checking' } | { status: 'ready'; user: User } | { status: 'leaving' };

export const $adminGate = atom<AdminGate>({ status: 'checking' });

/** Where the login page sends the browser after sign-in (read by the login form). */
export const RETURN_TO_KEY = 'returnTo';
/** Shown once on /profile after a customer was sent away from an admin page. */
export const ADMIN_ONLY_NOTICE_KEY = 'adminOnlyNotice';
export const ADMIN_ONLY_NOTICE = 'That page is for administrators; here is your account.';

let started = false;

/** Starts the check (once per page); islands subscribe to $adminGate. */
export function ensureAdminGate(): void {
  if (started) return;
  started = true;
  void check();
}

function leave(to: string) {
  $adminGate.set({ status: 'leaving' });
  location.replace(to);
}

async function check(): Promise<void> {
  if ($token.get() === null) loadToken();
  if ($token.get() === null) {
    sessionStorage.setItem(RETURN_TO_KEY, location.pathname + location.search);
    return leave('/login');
  }
  try {
    const user = await fetchMe();
    if (user.role !== 'admin') {
      sessionStorage.setItem(ADMIN_ONLY_NOTICE_KEY, ADMIN_ONLY_NOTICE);
      return leave('/profile');
    }
    $adminGate.set({ status: 'ready', user });
  } catch (error) {
    // A revoked or expired session: forget it and sign in again.
    if ((error as { status?: number }).status === 401) logout();
    sessionStorage.setItem(RETURN_TO_KEY, location.pathname + location.search);
    leave('/login');
  }
}
