/**
 * Who may see an admin screen, decided once per page and shared by every admin island (the shell and the screen):
 * no token → /login (and back here after sign-in); a customer → /profile with a notice; a staff member whose role
 * does not include this screen → the dashboard with a notice; otherwise 'ready'. The server checks every admin call
 * again (R33); this only keeps screens from the eyes of those who cannot use them.
 */
import { atom } from 'nanostores';
import { fetchMe, RETURN_TO_KEY } from '../api/auth.ts';
import { loginHref } from '../auth-rules.ts';
import { can, isStaff, screenPermission, STAFF_HOME } from '../../shared/staff-roles.ts';
import type { User } from '../../shared/types.ts';
import { $token, loadToken, logout } from './session.ts';

export type AdminGate = { status: 'checking' } | { status: 'ready'; user: User } | { status: 'leaving' };

export const $adminGate = atom<AdminGate>({ status: 'checking' });

/** Where the login page sends the browser after sign-in (read by goAfterSignIn). */
export { RETURN_TO_KEY };
/** Shown once on /profile after a customer was sent away from an admin page. */
export const ADMIN_ONLY_NOTICE_KEY = 'adminOnlyNotice';
export const ADMIN_ONLY_NOTICE = 'That page is for administrators; here is your account.';
/** Shown once on the dashboard after a staff member was sent away from a screen their role does not include. */
export const NOT_YOUR_SCREEN_NOTICE_KEY = 'notYourScreenNotice';
export const NOT_YOUR_SCREEN_NOTICE = 'That screen is not part of your role; here is your dashboard.';
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

/** Reads and forgets a hand-over flag; answers the fixed text, never what storage holds (design.md 4.4). */
function takeNotice(key: string, text: string): string | null {
  try {
    const shown = sessionStorage.getItem(key) !== null;
    sessionStorage.removeItem(key);
    return shown ? text : null;
  } catch {
    return null;
  }
}

/** Whether a customer was just sent away from an admin page (the profile shows it once). */
export const takeAdminOnlyNotice = () => takeNotice(ADMIN_ONLY_NOTICE_KEY, ADMIN_ONLY_NOTICE);

/** Whether a staff member was just sent away from a screen their role does not include (the dashboard shows it once). */
export const takeNotYourScreenNotice = () => takeNotice(NOT_YOUR_SCREEN_NOTICE_KEY, NOT_YOUR_SCREEN_NOTICE);

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
    if (!isStaff(user.role)) {
      remember(ADMIN_ONLY_NOTICE_KEY, '1');
      leave('/profile');
      return;
    }
    if (!can(user.role, screenPermission(location.pathname))) {
      remember(NOT_YOUR_SCREEN_NOTICE_KEY, '1');
      leave(STAFF_HOME);
      return;
    }
    $adminGate.set({ status: 'ready', user });
  } catch (error) {
    // A revoked or expired session: forget it and sign in again.
    if ((error as { status?: number }).status === 401) logout();
    toLogin();
  }
}
