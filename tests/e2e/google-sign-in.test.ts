/**
 * Google sign-in in the browser, against the local OpenID provider that global-setup.ts starts in Google's place.
 * The provider signs in as whoever the test names (or cancels) without showing a page of its own.
 */
import { type APIRequestContext, expect, type Page, test } from './fixtures.ts';
import { NEXT_ACCOUNT_PATH, type TestAccount } from '../helpers/oidc-provider.ts';
import { waitForIslands } from './helpers/hydration.ts';

const issuer = () => `http://127.0.0.1:${process.env['E2E_OIDC_PORT']}`;

/** Tells the provider who signs in next, or that the user cancels there. */
async function atProvider(request: APIRequestContext, next: TestAccount | 'deny') {
  const res = await request.put(`${issuer()}${NEXT_ACCOUNT_PATH}`, {
    data: JSON.stringify(next),
    headers: { 'content-type': 'application/json' },
  });
  expect(res.status()).toBe(204);
}

/** Clicks the Google button of `path` and records where the browser went; returns once it has left for the provider and come back. */
async function clickGoogle(page: Page, path: string, button: string) {
  /** Every page request of the tab, redirect hops included. */
  const visited: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) visited.push(request.url());
  });
  /** The address bar at the moment the login page first calls /api/auth/me (the call that activates the token). */
  let addressAtActivation: string | undefined;
  await page.route('**/api/auth/me', async (route) => {
    if (addressAtActivation === undefined && new URL(page.url()).pathname === '/login') {
      addressAtActivation = await page.evaluate(() => location.href);
    }
    await route.continue();
  });
  await page.goto(path);
  await waitForIslands(page);
  await page.getByRole('link', { name: button }).click();
  return { visited, addressAtActivation: () => addressAtActivation };
}

/** Signs in through the provider and checks every trace of it; returns the account's id. */
async function expectSignedInAs(
  page: Page,
  request: APIRequestContext,
  path: string,
  button: string,
  account: TestAccount,
  landing = '/',
): Promise<string> {
  await atProvider(request, account);
  const flow = await clickGoogle(page, path, button);

  await expect(page).toHaveURL((url) => url.pathname + url.search === landing);
  // A customer's header: their Account, never the admin Dashboard.
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Account', exact: true })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Dashboard' })).toBeHidden();
  await expect(header.getByRole('link', { name: 'Login' })).toBeHidden();
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

  // The browser really went through the provider, and the token came back to /login in the URL...
  const hops = flow.visited.map((url) => new URL(url));
  expect(
    hops.some(
      (url) =>
        url.origin === issuer() &&
        url.searchParams.get('redirect_uri') === new URL('/api/auth/google/callback', page.url()).href,
    ),
  ).toBe(true);
  expect(hops.some((url) => url.pathname === '/api/auth/google/callback' && url.searchParams.has('code'))).toBe(true);
  const delivered = hops.find((url) => url.pathname === '/login' && url.searchParams.has('token'));
  expect(delivered?.searchParams.get('token')).toBe(token);
  // ...which took it out of the address bar before using it, and then replaced itself with the landing page.
  expect(flow.addressAtActivation()).toBe(new URL('/login', page.url()).href);
  expect(await page.evaluate(() => location.pathname + location.search)).toBe(landing);

  // The session works with the browser's cookies, and once activated by the login page, without them too.
  const me = await page.request.get('/api/auth/me', { headers: { authorization: `Bearer ${token}` } });
  expect(me.status()).toBe(200);
  const user = (await me.json()) as { _id: string };
  expect(user._id).toBeTruthy();
  expect(user).toMatchObject({
    email: account.email,
    first_name: account.given_name,
    last_name: account.family_name,
    role: 'customer',
  });
  expect((await request.get('/api/auth/me', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(200);
  return user._id;
}

const ada: TestAccount = {
  sub: 'e2e-google-ada',
  email: 'ada.google.e2e@example.com',
  email_verified: true,
  given_name: 'Ada',
  family_name: 'Byron',
  name: 'Ada Byron',
};
const alan: TestAccount = {
  sub: 'e2e-google-alan',
  email: 'alan.google.e2e@example.com',
  email_verified: true,
  given_name: 'Alan',
  family_name: 'Turing',
  name: 'Alan Turing',
};
const ids = new Map<string, string>();

test.describe.serial('Google sign-in', () => {
  test('Sign in with Google on /login goes through the provider and lands on / signed in', async ({
    page,
    request,
  }) => {
    ids.set(ada.sub, await expectSignedInAs(page, request, '/login', 'Sign in with Google', ada));
  });

  test('Sign up with Google on /register creates a second account and signs it in', async ({ page, request }) => {
    const id = await expectSignedInAs(page, request, '/register', 'Sign up with Google', alan);
    expect(id).not.toBe(ids.get(ada.sub));
  });

  test('signing in again with the same Google account reaches the same account', async ({ page, request }) => {
    expect(await expectSignedInAs(page, request, '/login', 'Sign in with Google', ada)).toBe(ids.get(ada.sub));
  });

  test('Google sign-in opened from another page comes back to it after the provider', async ({ page, request }) => {
    expect(
      await expectSignedInAs(
        page,
        request,
        '/login?next=%2Fsearch%3Fq%3Ddesign',
        'Sign in with Google',
        ada,
        '/search?q=design',
      ),
    ).toBe(ids.get(ada.sub));
  });

  test('cancelling at the provider comes back to /login with the cancelled message', async ({ page, request }) => {
    await atProvider(request, 'deny');
    const flow = await clickGoogle(page, '/login', 'Sign in with Google');
    await expect(page.getByRole('alert')).toHaveText('Google sign in was cancelled');
    await expect(page).toHaveURL(/\/login$/);
    const hops = flow.visited.map((url) => new URL(url));
    expect(
      hops.some(
        (url) => url.pathname === '/api/auth/google/callback' && url.searchParams.get('error') === 'access_denied',
      ),
    ).toBe(true);
    expect(hops.some((url) => url.pathname === '/login' && url.searchParams.get('error') === 'auth_cancelled')).toBe(
      true,
    );
    await expect(page.getByRole('link', { name: 'Dashboard' })).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });
});
