/**
 * Settings as people use it: a customer changes their email with the code mailed to the new
 * address, then deletes the account (it can no longer sign in); an admin sees the Site settings links. Screenshots of
 * /settings at 320, 375 and 1280 px in both themes, for a customer and for an admin. The account this file makes is
 * deleted by the file itself.
 */
import { mkdirSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Browser, type Page } from './fixtures.ts';
import { codeFrom, mailFiles, waitForMail } from '../helpers/outbox.ts';
import { adminToken, signedInAs } from './helpers/admin.ts';
import { waitForIslands } from './helpers/hydration.ts';
import { e2eDataDir } from './helpers/e2e-db.ts';
import { keepScreenshot } from './helpers/screenshots.ts';
import { expectNoSideScroll } from './helpers/page-audit.ts';

test.describe.configure({ mode: 'serial' });

const RUN = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const MEMBER = {
  first: 'Sam',
  last: 'Settings',
  email: `sam.${RUN}@example.com`,
  username: `sam_${RUN}`,
  password: 'copper kettle autumn river',
};
const NEW_EMAIL = `sam.new.${RUN}@example.com`;
const SHOTS = process.env['SETTINGS_SHOTS'] ?? '/tmp/shots/settings';

let api: APIRequestContext;
let member = '';

test.beforeAll(async ({ playwright }) => {
  api = await playwright.request.newContext({ baseURL: `http://127.0.0.1:${process.env['E2E_PORT']}` });
  mkdirSync(SHOTS, { recursive: true });
  const before = mailFiles(e2eDataDir());
  const res = await api.post('/api/auth/register', {
    data: {
      first_name: MEMBER.first,
      last_name: MEMBER.last,
      email: MEMBER.email,
      username: MEMBER.username,
      password: MEMBER.password,
    },
  });
  expect(res.status()).toBe(201);
  expect((await api.post('/api/auth/request-otp', { data: { email: MEMBER.email } })).status()).toBe(200);
  const mail = await waitForMail(e2eDataDir(), { to: MEMBER.email, after: before });
  const verified = await api.post('/api/auth/verify-otp', { data: { email: MEMBER.email, otp: codeFrom(mail) } });
  expect(verified.status()).toBe(200);
  member = ((await verified.json()) as { token: string }).token;
});

test.afterAll(async () => {
  // Whatever failed above, the account does not outlive the run.
  await api
    .delete('/api/account', { headers: { authorization: `Bearer ${member}` }, data: { password: MEMBER.password } })
    .catch(() => undefined);
  await api.dispose();
});

async function settingsPage(
  browser: Browser,
  token: string,
  options: { width?: number; theme?: 'light' | 'dark' } = {},
): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: options.width ?? 1280, height: 900 } });
  const page = await context.newPage();
  await signedInAs(page, token);
  if (options.theme) await page.addInitScript((theme) => localStorage.setItem('theme', theme), options.theme);
  await page.goto('/settings');
  await waitForIslands(page);
  await expect(page.getByRole('heading', { level: 2, name: 'Profile' })).toBeVisible();
  return page;
}

test('a signed-out visitor is sent to sign in and back', async ({ page }) => {
  // The login page drops ?next= from the address bar once it has read it: the request itself is what is checked.
  const toLogin = page.waitForRequest((request) => request.url().endsWith('/login?next=%2Fsettings'));
  await page.goto('/settings');
  await toLogin;
});

test('a signed-in person finds Settings in the side menu and on their profile', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const page = await context.newPage();
  await signedInAs(page, member);
  await page.goto('/profile');
  await waitForIslands(page);
  await expect(page.getByRole('main').getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const account = page.getByRole('dialog', { name: 'Mobile' }).getByRole('group', { name: 'Account' });
  await account.getByRole('link', { name: 'Settings', exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/settings');
  await expect(page.getByRole('heading', { level: 2, name: 'Profile' })).toBeVisible();
  await context.close();
});

test('a customer changes their email with the code mailed to the new address', async ({ browser }) => {
  const page = await settingsPage(browser, member);
  const account = page.getByRole('region', { name: 'Account' });
  await expect(account.locator('[data-current-email]')).toHaveText(MEMBER.email);
  await expect(page.getByRole('region', { name: 'Site settings' })).toHaveCount(0);
  await account.getByRole('button', { name: 'Change email' }).click();
  await account.getByLabel('New email').fill(NEW_EMAIL);
  await account.getByLabel('Your password').fill(MEMBER.password);
  const before = mailFiles(e2eDataDir());
  await account.getByRole('button', { name: 'Send code' }).click();
  await expect(account.getByText(`We sent a 6-digit code to ${NEW_EMAIL}`)).toBeVisible();
  const mail = await waitForMail(e2eDataDir(), { to: NEW_EMAIL, after: before });
  await keepScreenshot(account, { path: `${SHOTS}/settings-email-code-1280.png` });
  // A wrong code first: refused with the sentence, nothing changes.
  const code = codeFrom(mail);
  await account.getByLabel('Code from the email').fill(code === '000000' ? '111111' : '000000');
  await account.getByRole('button', { name: 'Confirm new email' }).click();
  await expect(account.getByRole('alert')).toHaveText('That code is not right');
  await account.getByLabel('Code from the email').fill(code);
  await account.getByRole('button', { name: 'Confirm new email' }).click();
  await expect(account.getByText(`Your email address is now ${NEW_EMAIL}`)).toBeVisible();
  await expect(account.locator('[data-current-email]')).toHaveText(NEW_EMAIL);
  // The old address is told; the new one signs in.
  await waitForMail(e2eDataDir(), { to: MEMBER.email, after: before, subject: 'your email address was changed' });
  expect(
    (await api.post('/api/auth/login', { data: { username: NEW_EMAIL, password: MEMBER.password } })).status(),
  ).toBe(200);
  await page.context().close();
});

for (const [who, admin] of [
  ['customer', false],
  ['admin', true],
] as const) {
  test(`/settings for a ${who} fits 320, 375 and 1280 px in both themes`, async ({ browser }) => {
    test.setTimeout(90_000); // six views: a page per theme, loaded at 320 px and widened as a window is
    const token = admin ? await adminToken(api) : member;
    for (const theme of ['light', 'dark'] as const) {
      const page = await settingsPage(browser, token, { width: 320, theme });
      for (const width of [320, 375, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await expect(page.getByRole('region', { name: 'Site settings' })).toHaveCount(admin ? 1 : 0);
        await expect(page.getByRole('listitem').filter({ hasText: 'This browser' })).toBeVisible();
        // Nothing sticks out sideways.
        await expectNoSideScroll(page, width);
        await keepScreenshot(page, { path: `${SHOTS}/settings-${who}-${width}-${theme}.png`, fullPage: true });
      }
      await page.context().close();
    }
  });
}

test('an admin reaches the site settings screens from Settings', async ({ browser }) => {
  const page = await settingsPage(browser, await adminToken(api));
  const site = page.getByRole('region', { name: 'Site settings' });
  for (const [name, href] of [
    ['Company', '/admin/update-company'],
    ['Theme', '/admin/theme-settings'],
    ['Store', '/admin/store'],
    ['Hero', '/admin/edit-hero'],
    ['Team', '/admin/team'],
  ] as const) {
    await expect(site.getByRole('link', { name: new RegExp(`^${name}`) })).toHaveAttribute('href', href);
  }
  await page.context().close();
});

test('a customer deletes their account with the password; it can no longer sign in', async ({ browser }) => {
  const page = await settingsPage(browser, member);
  const danger = page.getByRole('region', { name: 'Danger zone' });
  await danger.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByLabel('Enter your password to confirm').fill('not my password at all');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('The password is not correct');
  await keepScreenshot(page, { path: `${SHOTS}/settings-delete-dialog-1280.png` });
  await dialog.getByLabel('Enter your password to confirm').fill(MEMBER.password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByText('Your account was deleted. Taking you to the home page...')).toBeVisible();
  // Signed out here too (read before the next page: this test's init script puts the old token back on every load).
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await page.waitForURL((url) => url.pathname === '/');
  expect(
    (await api.post('/api/auth/login', { data: { username: NEW_EMAIL, password: MEMBER.password } })).status(),
  ).toBe(401);
  expect((await api.get('/api/auth/me', { headers: { authorization: `Bearer ${member}` } })).status()).toBe(401);
  await page.context().close();
});
