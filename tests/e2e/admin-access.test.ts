/**
 * Who gets into the admin area: a visitor signs in and comes back, a customer is sent to their
 * profile without ever seeing an admin screen, admin pages are never indexed, and Logout revokes the session.
 */
import { expect, test, type APIRequestContext } from './fixtures.ts';
import { codeFrom, mailFiles, waitForMail } from '../helpers/outbox.ts';
import { E2E_ADMIN_PASSWORD } from '../playwright.config.ts';
import { ADMIN_EMAIL, adminToken, signedInAs } from './helpers/admin.ts';
import { e2eDataDir } from './helpers/e2e-db.ts';
import { waitForIslands } from './helpers/hydration.ts';
import { firstGroups } from './helpers/matches.ts';

const ADMIN_PAGES = [
  '/admin-dashboard',
  '/admin/update-company',
  '/admin/add-slider',
  '/admin/edit-hero',
  '/admin/upload',
  '/admin/theme-settings',
  '/admin/content',
] as const;
const ADMIN_NOTICE = 'That page is for administrators; here is your account.';

/** A new verified customer (register, then sign in with the emailed code); answers its token. */
async function customerToken(request: APIRequestContext): Promise<string> {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const email = `customer.${id}@example.com`;
  const registered = await request.post('/api/auth/register', {
    data: {
      first_name: 'Cass',
      last_name: 'Tomer',
      email,
      username: `cust_${id}`,
      password: 'quiet meadow lantern 42',
      role: 'customer',
    },
  });
  expect(registered.status(), await registered.text()).toBeLessThan(300);
  const before = mailFiles(e2eDataDir());
  expect((await request.post('/api/auth/request-otp', { data: { email } })).status()).toBe(200);
  const mail = await waitForMail(e2eDataDir(), { to: email, after: before });
  const verified = await request.post('/api/auth/verify-otp', { data: { email, otp: codeFrom(mail) } });
  expect(verified.status()).toBe(200);
  return ((await verified.json()) as { token: string }).token;
}

test('a visitor without a token goes to /login and, after signing in, back to the admin page', async ({ page }) => {
  await page.goto('/admin-dashboard');
  await expect(page).toHaveURL((url) => url.pathname === '/login');
  await waitForIslands(page);
  await page.getByLabel('Username or Email').fill(ADMIN_EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();

  await expect(page).toHaveURL((url) => url.pathname === '/admin-dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Admin Panel' })).toBeVisible();
  // The hand-back is used once: a later sign-in goes home again.
  expect(await page.evaluate(() => sessionStorage.getItem('returnTo'))).toBeNull();
});

test('a customer is sent to /profile with a one-line notice and never sees an admin heading', async ({
  page,
  request,
}) => {
  const token = await customerToken(request);
  await signedInAs(page, token);
  // Every frame on an admin page: is an h1 or the sidebar visible? Reported to the test, which fails on any.
  const seen: string[] = [];
  await page.exposeFunction('reportAdminScreen', (what: string) => seen.push(what));
  await page.addInitScript(() => {
    if (!location.pathname.startsWith('/admin')) return;
    const report = (window as unknown as { reportAdminScreen: (what: string) => void }).reportAdminScreen;
    const look = () => {
      for (const el of document.querySelectorAll('h1, nav[aria-label="Admin Panel"]')) {
        if (el.checkVisibility({ visibilityProperty: true, opacityProperty: true }))
          report(`${el.tagName} ${el.textContent}`);
      }
      requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
  // Hold the session check, to look at the page while it is undecided.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/auth/me', async (route) => {
    if (new URL(page.url()).pathname.startsWith('/admin')) await held;
    await route.continue();
  });

  await page.goto('/admin-dashboard');
  await expect(page.getByRole('status', { name: 'Loading the admin area' })).toBeVisible();
  // The heading is in the static HTML (crawlers and the route table read it) but hidden until the gate decides.
  await expect(page.locator('main h1')).toHaveText('Dashboard');
  await expect(page.locator('main h1')).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Admin Panel' })).toHaveCount(0);
  release();

  await expect(page).toHaveURL((url) => url.pathname === '/profile');
  await expect(page.getByText(ADMIN_NOTICE)).toBeVisible();
  expect(seen).toEqual([]);

  // Once only: a reload of the profile no longer shows it.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await expect(page.getByText('Cass Tomer')).toBeVisible();
  await expect(page.getByText(ADMIN_NOTICE)).toHaveCount(0);
});

test('every admin page is noindex and none is in the sitemap', async ({ request }) => {
  for (const path of ADMIN_PAGES) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    expect(await res.text(), path).toMatch(/<meta name="robots" content="noindex"/);
  }
  const index = await (await request.get('/sitemap-index.xml')).text();
  const maps = firstGroups(index, /<loc>([^<]+)<\/loc>/g).map((loc) => new URL(loc).pathname);
  for (const map of maps) expect(await (await request.get(map)).text()).not.toMatch(/\/admin/);
});

test('Logout revokes the session on the server, clears the token and goes to /login', async ({ page, request }) => {
  const token = await adminToken(request);
  await page.goto('/');
  await page.evaluate((t) => localStorage.setItem('token', t), token);
  await page.goto('/admin-dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/login');
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await expect
    .poll(async () => (await request.get('/api/auth/me', { headers: { Authorization: `Bearer ${token}` } })).status())
    .toBe(401);
});
