// @vitest-environment jsdom
/**
 * The admin gate (who may see an admin screen) and the sign-in hand-back: the real store and API client, with
 * GET /api/auth/me answered at the fetch boundary and navigation recorded instead of performed.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubLocation, stubMeFetch, type StubbedLocation } from './components/helpers/browser.ts';

const TOKEN = 'a'.repeat(43);
const user = (role: 'admin' | 'customer') => ({
  id: 'u1',
  first_name: 'Ada',
  last_name: 'L',
  email: 'ada@example.com',
  username: 'ada',
  role,
});

/** A fresh module graph per test: the gate starts once per page, like a real page load. */
async function loadGate() {
  vi.resetModules();
  const gate = await import('../../src/lib/stores/admin-gate.ts');
  const session = await import('../../src/lib/stores/session.ts');
  return { ...gate, ...session };
}

let nav: StubbedLocation;

beforeEach(() => {
  nav = stubLocation('/admin/theme-settings?tab=colours');
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

describe('the admin gate', () => {
  it('sends a visitor without a token to /login and remembers the page to come back to', async () => {
    const fetchMock = stubMeFetch({ status: 200, body: user('admin') });
    const { ensureAdminGate, $adminGate, RETURN_TO_KEY } = await loadGate();
    ensureAdminGate();
    await vi.waitFor(() =>
      expect(nav.replace).toHaveBeenCalledWith('/login?next=%2Fadmin%2Ftheme-settings%3Ftab%3Dcolours'),
    );
    expect(sessionStorage.getItem(RETURN_TO_KEY)).toBe('/admin/theme-settings?tab=colours');
    expect($adminGate.get().status).toBe('leaving');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends a customer to /profile with the notice, never to ready', async () => {
    localStorage.setItem('token', TOKEN);
    stubMeFetch({ status: 200, body: user('customer') });
    const { ensureAdminGate, $adminGate, takeAdminOnlyNotice, ADMIN_ONLY_NOTICE } = await loadGate();
    const seen: string[] = [];
    $adminGate.subscribe((gate) => seen.push(gate.status));
    ensureAdminGate();
    await vi.waitFor(() => expect(nav.replace).toHaveBeenCalledWith('/profile'));
    expect(seen).toEqual(['checking', 'leaving']);
    // Shown once: the profile reads it and it is gone.
    expect(takeAdminOnlyNotice()).toBe(ADMIN_ONLY_NOTICE);
    expect(takeAdminOnlyNotice()).toBeNull();
  });

  it('lets an admin in', async () => {
    localStorage.setItem('token', TOKEN);
    stubMeFetch({ status: 200, body: user('admin') });
    const { ensureAdminGate, $adminGate } = await loadGate();
    ensureAdminGate();
    ensureAdminGate(); // a second island on the page: still one check
    await vi.waitFor(() => expect($adminGate.get()).toMatchObject({ status: 'ready', user: { role: 'admin' } }));
    expect(nav.replace).not.toHaveBeenCalled();
    expect(nav.assign).not.toHaveBeenCalled();
  });

  it('forgets a revoked session and sends the visitor to sign in again', async () => {
    localStorage.setItem('token', TOKEN);
    stubMeFetch({ status: 401, body: { message: 'Unauthorized' } });
    const { ensureAdminGate, $token, RETURN_TO_KEY } = await loadGate();
    ensureAdminGate();
    await vi.waitFor(() =>
      expect(nav.replace).toHaveBeenCalledWith('/login?next=%2Fadmin%2Ftheme-settings%3Ftab%3Dcolours'),
    );
    expect($token.get()).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(sessionStorage.getItem(RETURN_TO_KEY)).toBe('/admin/theme-settings?tab=colours');
  });

  it('shows no notice on a profile visit that did not come from an admin page', async () => {
    const { takeAdminOnlyNotice } = await loadGate();
    expect(takeAdminOnlyNotice()).toBeNull();
  });
});

describe('the hand-back after sign-in', () => {
  it.each([
    ['/admin-dashboard', '/admin-dashboard'],
    ['/admin/edit-hero?x=1#top', '/admin/edit-hero?x=1#top'],
    ['//evil.example/admin', null],
    ['/\\evil.example', null],
    ['/\t/evil.example', null],
    ['https://evil.example/', null],
    ['javascript:alert(1)', null],
    ['admin-dashboard', null],
    ['', null],
    [42, null],
  ])('takes %j as %j', async (stored, expected) => {
    const { safeReturnPath } = await import('../../src/lib/api/auth.ts');
    expect(safeReturnPath(stored)).toBe(expected);
  });

  it('goes back to the stored admin page, then forgets it', async () => {
    stubMeFetch({ status: 200, body: { ...user('admin'), must_change_password: false } });
    const { goAfterSignIn, RETURN_TO_KEY } = await import('../../src/lib/api/auth.ts');
    sessionStorage.setItem(RETURN_TO_KEY, '/admin-dashboard');
    await goAfterSignIn();
    expect(nav.assign).toHaveBeenCalledWith('/admin-dashboard');
    expect(sessionStorage.getItem(RETURN_TO_KEY)).toBeNull();
  });

  it('goes home instead of to another site, and forgets the stored value', async () => {
    stubMeFetch({ status: 200, body: { ...user('admin'), must_change_password: false } });
    const { goAfterSignIn, RETURN_TO_KEY } = await import('../../src/lib/api/auth.ts');
    sessionStorage.setItem(RETURN_TO_KEY, '//evil.example/admin');
    await goAfterSignIn();
    expect(nav.assign).toHaveBeenCalledWith('/');
    expect(sessionStorage.getItem(RETURN_TO_KEY)).toBeNull();
  });

  it('sends an account that must choose a new password to the profile first', async () => {
    stubMeFetch({ status: 200, body: { ...user('admin'), must_change_password: true } });
    const { goAfterSignIn, RETURN_TO_KEY } = await import('../../src/lib/api/auth.ts');
    sessionStorage.setItem(RETURN_TO_KEY, '/admin-dashboard');
    await goAfterSignIn();
    expect(nav.assign).toHaveBeenCalledWith('/profile');
  });
});
