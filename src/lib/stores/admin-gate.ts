/**
 * Who may see an admin screen, decided once per page and shared by every admin island (the shell and the screen):
 * no token → /login (and back here after sign-in); a customer → /profile with a notice; an admin → 'ready'.
 * The server checks every admin call again (R33); this only keeps admin screens from customers' eyes.
 */
import { atom } from 'nanostores';
import { fetchMe, RETURN_TO_KEY } from '../api/auth.ts';
import { loginHref } from '../auth-rules.ts';
import type { User } from '../../shared/types.ts';
import { $token, loadToken, logout } from './session.ts';

export type AdminGate = { status: 'checking' } | { status: 'ready'; user: User } | { status: 'leaving' };

export const $adminGate = atom<AdminGate>({ status: 'checking' });

/** Where the login page sends the browser after sign-in (read by goAfterSignIn). */
export { RETURN_TO_KEY };
/** Shown once on /profile after a customer was sent away from an admin page. */
export const ADMIN_ONLY_NOTICE_KEY = 'adminOnlyNotice';
export const ADMIN_ONLY_NOTICE = 'That page is for administrators; here is your account.';
/** Set on <html> by the admin shell once the gate let an admin in and the branding loaded: AdminLayout's frame shows then. */
export const GATE_READY_ATTRIBUTE = 'data-admin-gate';

let started = false;

/** Starts the check (once per page); islands subscribe to $adminGate. */
export function ensureAdminGate(): void {
  if (started) return;
  started = true;
  void check();
}

/** sessionStorage that never throws (disabled storage): the hand-over is then lost, never the navigation. */
function remember(key: string, value: string): void {
  try {
    sessionStorage.setItem(key, value);
  } catch {
    // No storage: the visitor lands on the fallback page instead.
  }
}

/** Reads and forgets whether a customer was just sent away from an admin page (the profile shows it once). */
export function takeAdminOnlyNotice(): string | null {
  try {
    const shown = sessionStorage.getItem(ADMIN_ONLY_NOTICE_KEY) !== null;
    sessionStorage.removeItem(ADMIN_ONLY_NOTICE_KEY);
    // The fixed text, never what storage holds (design.md 4.4).
    return shown ? ADMIN_ONLY_NOTICE : null;
  } catch {
    return null;
  }
}

function leave(to: string) {
  $adminGate.set({ status: 'leaving' });
  location.replace(to);
}

function toLogin() {
  const here = location.pathname + location.search;
  remember(RETURN_TO_KEY, here);
  leave(loginHref(here));
}

async function check(): Promise<void> {
  if ($token.get() === null) loadToken();
  if ($token.get() === null) {
    toLogin();
    return;
  }
  try {
    const user = await fetchMe();
    if (user.role !== 'admin') {
      remember(ADMIN_ONLY_NOTICE_KEY, '1');
      leave('/profile');
      return;
    }
    $adminGate.set({ status: 'ready', user });
  } catch (error) {
    // A revoked or expired session: forget it and sign in again.
    if ((error as { status?: number }).status === 401) logout();
    toLogin();
  }
}
