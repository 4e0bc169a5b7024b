/**
 * Manage Users (issue 17 item 4) as an admin uses it: find a new customer by search, make them admin and back,
 * deactivate (their session ends at once) and reactivate; the admin's own row cannot be changed. The e2e server is
 * shared: only the account this file registers is changed.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { codeFrom, mailFiles, waitForMail } from '../helpers/outbox.ts';
import { ADMIN_EMAIL, adminToken, signedInAs } from './helpers/admin.ts';

test.describe.configure({ mode: 'serial' });

const RUN = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const CUSTOMER = { first_name: 'Uma', last_name: 'Userton', email: `uma.${RUN}@example.com`, username: `uma_${RUN}`, password: 'quiet meadow lantern 42' };
const NAME = 'Uma Userton';
const dataDir = () => process.env['E2E_DATA_DIR']!;

let api: APIRequestContext;
let admin = '';
let customer = '';

/** Registers the customer and signs them in with the emailed code (as admin-access.test.ts does); answers the token. */
async function registerCustomer(request: APIRequestContext): Promise<string> {
  const registered = await request.post('/api/auth/register', { data: { ...CUSTOMER, role: 'customer' } });
  expect(registered.status(), await registered.text()).toBeLessThan(300);
  const before = mailFiles(dataDir());
  expect((await request.post('/api/auth/request-otp', { data: { email: CUSTOMER.email } })).status()).toBe(200);
  const mail = await waitForMail(dataDir(), { to: CUSTOMER.email, after: before });
  const verified = await request.post('/api/auth/verify-otp', { data: { email: CUSTOMER.email, otp: codeFrom(mail) } });
  expect(verified.status()).toBe(200);
  return ((await verified.json()) as { token: string }).token;
}

const asCustomer = (path: string) => api.get(path, { headers: { Authorization: `Bearer ${customer}` } });

test.beforeAll(async ({ playwright }) => {
  api = await playwright.request.newContext({ baseURL: `http://127.0.0.1:${process.env['E2E_PORT']}` });
  admin = await adminToken(api);
  customer = await registerCustomer(api);
});

test.afterAll(async () => {
  // Whatever a failed step left: the account ends as an active customer.
  const list = await api.get(`/api/admin/users?q=${CUSTOMER.username}`, { headers: { Authorization: `Bearer ${admin}` } });
  const id = ((await list.json()) as { results: { _id: string }[] }).results[0]?._id;
  if (id) await api.patch(`/api/admin/users/${id}`, { headers: { Authorization: `Bearer ${admin}` }, data: { role: 'customer', disabled: false } });
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

test('an admin finds a customer, makes them admin and back, deactivates (their session ends) and reactivates them', async ({ page }) => {
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
  expect((await asCustomer('/api/admin/users')).status()).toBe(200);

  await role.selectOption('customer');
  await expect(status(page)).toHaveText(`${NAME} made customer`);
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
  const refused = await api.post('/api/auth/login', { data: { username: CUSTOMER.username, password: CUSTOMER.password } });
  expect(refused.status()).toBe(401);

  await page.getByRole('button', { name: `Reactivate ${NAME}` }).click();
  await page.getByRole('dialog', { name: 'Reactivate this account?' }).getByRole('button', { name: 'Reactivate', exact: true }).click();
  await expect(status(page)).toHaveText(`${NAME} reactivated`);
  await expect(row).toContainText('Active');
  const again = await api.post('/api/auth/login', { data: { username: CUSTOMER.username, password: CUSTOMER.password } });
  expect(again.status()).toBe(200);

  // The dashboard's activity shows the changes (audit log).
  const activity = (await (await api.get('/api/admin/activity?limit=10', { headers: { Authorization: `Bearer ${admin}` } })).json()) as { results: { summary: string }[] };
  expect(activity.results.map((e) => e.summary)).toEqual(expect.arrayContaining([`${NAME} made admin`, `${NAME} deactivated`, `${NAME} reactivated`]));
});

test('the admin\'s own row cannot be changed, filters narrow the list and an empty search says so', async ({ page }) => {
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
  for (const value of await rows(page).getByRole('combobox').evaluateAll((els) => els.map((el) => (el as HTMLSelectElement).value))) expect(value).toBe('admin');
  await page.getByLabel('Role', { exact: true }).selectOption('');
  await page.getByLabel('Status', { exact: true }).selectOption('deactivated');
  await search(page).fill(CUSTOMER.username);
  await expect(page.getByText('No users found.')).toBeVisible();
  await expect(page.getByText('Page 1 of 1')).toBeVisible();
});

test('looks finished at 320, 375 and 1280 px in both themes, never wider than the screen', async ({ page }) => {
  for (const theme of ['dark', 'light'] as const) {
    if (theme === 'light') await page.addInitScript(() => localStorage.setItem('theme', 'light'));
    for (const width of [320, 375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await openManageUsers(page);
      await expect(rows(page).first()).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: `/tmp/shots/manage-users-${width}-${theme}.png`, fullPage: width !== 1280 ? false : true });
    }
  }
});
