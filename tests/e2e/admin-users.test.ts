/**
 * Manage Users as an admin uses it: find a new customer by search, make them admin and back (each change ends their
 * sessions), deactivate (their session ends at once) and reactivate; the admin's own row cannot be changed; reset another
 * admin's two-factor sign-in. The e2e server is shared: only the accounts this file registers are changed.
 */
import assert from 'node:assert/strict';
import { generateHOTP } from '@oslojs/otp';
import { expect, test, type APIRequestContext, type Page } from './fixtures.ts';
import { codeFrom, mailFiles, waitForMail } from '../helpers/outbox.ts';
import { ADMIN_EMAIL, adminToken, signedInAs } from './helpers/admin.ts';
import { e2eDataDir } from './helpers/e2e-db.ts';
import { keepScreenshot } from './helpers/screenshots.ts';
import { expectNoSideScroll } from './helpers/page-audit.ts';

test.describe.configure({ mode: 'serial' });

const RUN = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const CUSTOMER = {
  first_name: 'Uma',
  last_name: 'Userton',
  email: `uma.${RUN}@example.com`,
  username: `uma_${RUN}`,
  password: 'quiet meadow lantern 42',
};
const NAME = 'Uma Userton';
/** A second admin who lost the authenticator (made admin by this file, a customer again at the end). */
const HELPED = {
  first_name: 'Tess',
  last_name: 'Twofactor',
  email: `tess.${RUN}@example.com`,
  username: `tess_${RUN}`,
  password: 'quiet meadow lantern 43',
};
const HELPED_NAME = 'Tess Twofactor';

let api: APIRequestContext;
let admin = '';
let customer = '';

/** Registers the customer and signs them in with the emailed code (as admin-access.test.ts does); answers the token. */
async function registerCustomer(request: APIRequestContext, person = CUSTOMER): Promise<string> {
  const registered = await request.post('/api/auth/register', { data: { ...person, role: 'customer' } });
  expect(registered.status(), await registered.text()).toBeLessThan(300);
  const before = mailFiles(e2eDataDir());
  expect((await request.post('/api/auth/request-otp', { data: { email: person.email } })).status()).toBe(200);
  const mail = await waitForMail(e2eDataDir(), { to: person.email, after: before });
  const verified = await request.post('/api/auth/verify-otp', { data: { email: person.email, otp: codeFrom(mail) } });
  expect(verified.status()).toBe(200);
  return ((await verified.json()) as { token: string }).token;
}

const asCustomer = (path: string) => api.get(path, { headers: { Authorization: `Bearer ${customer}` } });

/** Signs the person in with the password; answers the token. */
async function signIn(person: { username: string; password: string }): Promise<string> {
  const res = await api.post('/api/auth/login', { data: { username: person.username, password: person.password } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

test.beforeAll(async ({ playwright }) => {
  api = await playwright.request.newContext({ baseURL: `http://127.0.0.1:${process.env['E2E_PORT']}` });
  admin = await adminToken(api);
  customer = await registerCustomer(api);
});

/** The account's id as Manage Users lists it. */
async function idOf(username: string): Promise<string | undefined> {
  const list = await api.get(`/api/admin/users?q=${username}`, { headers: { Authorization: `Bearer ${admin}` } });
  return ((await list.json()) as { results: { _id: string }[] }).results[0]?._id;
}

test.afterAll(async () => {
  // Whatever a failed step left: the accounts end as active customers.
  for (const username of [CUSTOMER.username, HELPED.username]) {
    const id = await idOf(username);
    if (id)
      await api.patch(`/api/admin/users/${id}`, {
        headers: { Authorization: `Bearer ${admin}` },
        data: { role: 'customer', disabled: false },
      });
  }
  await api.dispose();
});

async function openManageUsers(page: Page) {
  await signedInAs(page, admin);
  await page.goto('/admin/manage-users');
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Users' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('table', { name: 'User accounts' })).toBeVisible();
}

const search = (page: Page) => page.getByRole('searchbox', { name: 'Search users' });
const rows = (page: Page) => page.locator('table[aria-label="User accounts"] tbody tr');
const status = (page: Page) => page.getByRole('status').filter({ hasText: /\S/ });

test('an admin finds a customer, makes them admin and back, deactivates (their session ends) and reactivates them', async ({
  page,
}) => {
  await openManageUsers(page);
  await expect(page.getByRole('link', { name: 'Users' })).toHaveAttribute('href', '/admin/manage-users');
  await search(page).fill(CUSTOMER.username.toUpperCase());
  await expect(rows(page)).toHaveCount(1);
  const row = rows(page).first();
  await expect(row).toContainText(NAME);
  await expect(row).toContainText(CUSTOMER.email);
  await expect(row).toContainText('Active');
  await expect(page.getByText('Page 1 of 1')).toBeVisible();

  const role = page.getByRole('combobox', { name: `Role of ${NAME}` });
  await role.selectOption('admin');
  await expect(status(page)).toHaveText(`${NAME} made admin`);
  await expect(role).toHaveValue('admin');
  // A new role ends the account's sessions; the next sign-in is an admin's.
  expect((await asCustomer('/api/auth/me')).status()).toBe(401);
  customer = await signIn(CUSTOMER);
  expect((await asCustomer('/api/admin/users')).status()).toBe(200);

  await role.selectOption('customer');
  await expect(status(page)).toHaveText(`${NAME} made customer`);
  expect((await asCustomer('/api/admin/users')).status()).toBe(401);
  customer = await signIn(CUSTOMER);
  expect((await asCustomer('/api/admin/users')).status()).toBe(403);

  await page.getByRole('button', { name: `Deactivate ${NAME}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Deactivate this account?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect((await asCustomer('/api/auth/me')).status()).toBe(200);

  await page.getByRole('button', { name: `Deactivate ${NAME}` }).click();
  await dialog.getByRole('button', { name: 'Deactivate', exact: true }).click();
  await expect(status(page)).toHaveText(`${NAME} deactivated`);
  await expect(row).toContainText('Deactivated');
  expect((await asCustomer('/api/auth/me')).status()).toBe(401);
  const refused = await api.post('/api/auth/login', {
    data: { username: CUSTOMER.username, password: CUSTOMER.password },
  });
  expect(refused.status()).toBe(401);

  await page.getByRole('button', { name: `Reactivate ${NAME}` }).click();
  await page
    .getByRole('dialog', { name: 'Reactivate this account?' })
    .getByRole('button', { name: 'Reactivate', exact: true })
    .click();
  await expect(status(page)).toHaveText(`${NAME} reactivated`);
  await expect(row).toContainText('Active');
  const again = await api.post('/api/auth/login', {
    data: { username: CUSTOMER.username, password: CUSTOMER.password },
  });
  expect(again.status()).toBe(200);

  // The dashboard's activity shows the changes (audit log).
  const activity = (await (
    await api.get('/api/admin/activity?limit=10', { headers: { Authorization: `Bearer ${admin}` } })
  ).json()) as { results: { summary: string }[] };
  expect(activity.results.map((e) => e.summary)).toEqual(
    expect.arrayContaining([`${NAME} made admin`, `${NAME} deactivated`, `${NAME} reactivated`]),
  );
});

test("the admin's own row cannot be changed, filters narrow the list and an empty search says so", async ({ page }) => {
  await openManageUsers(page);
  await search(page).fill(ADMIN_EMAIL);
  await expect(rows(page)).toHaveCount(1);
  const own = rows(page).first();
  await expect(own).toContainText('You');
  await expect(own.getByRole('combobox')).toBeDisabled();
  await expect(own.getByRole('button')).toHaveCount(0);
  await expect(own).toContainText('Your own account: its role and status cannot be changed here.');

  await search(page).fill('');
  await page.getByLabel('Role', { exact: true }).selectOption('admin');
  await expect(rows(page).first()).toBeVisible();
  for (const value of await rows(page)
    .getByRole('combobox')
    .evaluateAll((els) => els.map((el) => (el as HTMLSelectElement).value)))
    expect(value).toBe('admin');
  await page.getByLabel('Role', { exact: true }).selectOption('');
  await page.getByLabel('Status', { exact: true }).selectOption('deactivated');
  await search(page).fill(CUSTOMER.username);
  await expect(page.getByText('No users found.')).toBeVisible();
  await expect(page.getByText('Page 1 of 1')).toBeVisible();
});

/** RFC 4648 base32 (as the setup shows the secret) to bytes. */
function base32Bytes(text: string): Uint8Array {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const ch of text.replace(/[\s=]/g, '').toUpperCase()) bits += alphabet.indexOf(ch).toString(2).padStart(5, '0');
  return new Uint8Array((bits.match(/.{8}/g) ?? []).map((byte) => parseInt(byte, 2)));
}

test('an admin resets the two-factor sign-in of another admin who lost it: confirmed first, that admin is signed out', async ({
  page,
}) => {
  // Tess is made admin and turns two-factor sign-in on under Settings (through the API).
  await registerCustomer(api, HELPED);
  const tessId = await idOf(HELPED.username);
  assert(tessId);
  expect(
    (
      await api.patch(`/api/admin/users/${tessId}`, {
        headers: { Authorization: `Bearer ${admin}` },
        data: { role: 'admin' },
      })
    ).status(),
  ).toBe(200);
  // Her customer session ended with the new role: she signs in again as an admin.
  const asTess = { Authorization: `Bearer ${await signIn(HELPED)}` };
  const setup = (await (await api.post('/api/account/two-factor/setup', { headers: asTess })).json()) as {
    secret: string;
  };
  const code = generateHOTP(base32Bytes(setup.secret), BigInt(Math.floor(Date.now() / 30_000)), 6);
  expect((await api.post('/api/account/two-factor/confirm', { headers: asTess, data: { code } })).status()).toBe(200);

  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await openManageUsers(page);
    await search(page).fill(HELPED.username);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText('Two-factor on');
    await expect(page.getByRole('button', { name: `Reset two-factor sign-in of ${HELPED_NAME}` })).toBeVisible();
    await expectNoSideScroll(page, width);
    await keepScreenshot(page, { path: `/tmp/shots/manage-users-reset-two-factor-${width}.png`, fullPage: true });
  }
  // The admin's own row never offers it.
  await search(page).fill(ADMIN_EMAIL);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first().getByRole('button')).toHaveCount(0);
  await search(page).fill(HELPED.username);
  await expect(rows(page)).toHaveCount(1);

  const reset = page.getByRole('button', { name: `Reset two-factor sign-in of ${HELPED_NAME}` });
  const dialog = page.getByRole('dialog', { name: 'Reset two-factor sign-in?' });
  await reset.click();
  await expect(dialog).toContainText('signed out everywhere');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect((await api.get('/api/auth/me', { headers: asTess })).status()).toBe(200);

  const before = mailFiles(e2eDataDir());
  await reset.click();
  await dialog.getByRole('button', { name: 'Reset two-factor', exact: true }).click();
  await expect(status(page)).toHaveText(`Two-factor sign-in of ${HELPED_NAME} was reset`);
  await expect(rows(page).first()).not.toContainText('Two-factor on');
  await expect(reset).toHaveCount(0);
  expect((await api.get('/api/auth/me', { headers: asTess })).status()).toBe(401);
  await waitForMail(e2eDataDir(), { to: HELPED.email, after: before, subject: 'two-factor sign-in was reset' });
});

test('looks finished at 320, 375 and 1280 px in both themes, never wider than the screen', async ({ page }) => {
  for (const theme of ['dark', 'light'] as const) {
    if (theme === 'light') await page.addInitScript(() => localStorage.setItem('theme', 'light'));
    for (const width of [320, 375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await openManageUsers(page);
      await expect(rows(page).first()).toBeVisible();
      await expectNoSideScroll(page, width);
      await keepScreenshot(page, {
        path: `/tmp/shots/manage-users-${width}-${theme}.png`,
        fullPage: width !== 1280 ? false : true,
      });
    }
  }
});
