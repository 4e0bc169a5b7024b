/**
 * Checkout as people do it: a visitor adds two products to the cart, checks out as a guest (the
 * email proved by the code from the outbox) with manual payment and sees the confirmation; the admin marks the order
 * paid, then shipped; the link in the confirmation email shows it shipped. A signed-in customer's order is listed
 * under /orders. The e2e server is shared: the orders, the account and the stock this file changes are put back.
 */
import assert from 'node:assert/strict';
import { expect, test, type APIRequestContext, type Browser, type Page } from './fixtures.ts';
import { RETURN_TO_KEY } from '../../src/lib/api/auth.ts';
import { codeFrom, mailFiles, waitForMail } from '../helpers/outbox.ts';
import { adminToken, signedInAs } from './helpers/admin.ts';
import { waitForIslands } from './helpers/hydration.ts';
import { e2eDataDir, withDb } from './helpers/e2e-db.ts';

test.describe.configure({ mode: 'serial' });

const RUN = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const GUEST = `guest.${RUN}@example.com`;
const MEMBER = {
  first: 'Mary',
  last: 'Shopper',
  email: `mary.${RUN}@example.com`,
  username: `mary_${RUN}`,
  password: 'harbour lantern evening tide',
};
const ADDRESS = {
  'Full name': 'Ada Lovelace',
  'Address line 1': '12 St James Square',
  City: 'London',
  'Postal code': 'SW1Y 4JH',
  Country: 'United Kingdom',
};

interface ShopProduct {
  _id: string;
  name: string;
  slug: string;
  stock: number;
  price: number;
}

let api: APIRequestContext;
let admin = '';
let products: ShopProduct[] = [];
/** Each product's stock before the run, written back afterwards. */
const stockBefore = new Map<string, number>();

test.beforeAll(async ({ playwright }) => {
  api = await playwright.request.newContext({ baseURL: `http://127.0.0.1:${process.env['E2E_PORT']}` });
  admin = await adminToken(api);
  const all = ((await (await api.get('/api/products')).json()) as { results: ShopProduct[] }).results;
  // Two products with room to spare, so the run never sells one out for another test.
  products = all.filter((p) => p.slug && p.stock >= 5).slice(0, 2);
  expect(products).toHaveLength(2);
  withDb((db) => {
    for (const p of products)
      stockBefore.set(
        p._id,
        (db.prepare('SELECT stock FROM products WHERE id = ?').get(p._id) as { stock: number }).stock,
      );
  });
});

test.afterAll(async () => {
  withDb((db) => {
    const ids = (
      db.prepare('SELECT id FROM orders WHERE customer_email IN (?, ?)').all(GUEST, MEMBER.email) as { id: string }[]
    ).map((r) => r.id);
    for (const id of ids) {
      for (const table of ['order_status_history', 'order_items', 'payment_events'])
        db.prepare(`DELETE FROM ${table} WHERE order_id = ?`).run(id);
      db.prepare('DELETE FROM audit_log WHERE target_id = ?').run(id);
      db.prepare('DELETE FROM orders WHERE id = ?').run(id);
    }
    db.prepare('DELETE FROM checkout_verifications WHERE email = ?').run(GUEST);
    const user = db.prepare('SELECT id FROM users WHERE email = ?').get(MEMBER.email) as { id: string } | undefined;
    if (user) {
      for (const table of ['sessions', 'one_time_codes', 'password_reset_tokens', 'user_views'])
        db.prepare(`DELETE FROM ${table} WHERE user_id = ?`).run(user.id);
      db.prepare('DELETE FROM users WHERE id = ?').run(user.id);
    }
    for (const [id, stock] of stockBefore) db.prepare('UPDATE products SET stock = ? WHERE id = ?').run(stock, id);
  });
  await api.dispose();
});

/** Opens the product's page and presses its 'Add to cart'. */
async function addToCart(page: Page, product: ShopProduct) {
  await page.goto(`/shop/${product.slug}`);
  await waitForIslands(page);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await main.getByRole('button', { name: 'Add to cart' }).first().click();
  await expect(
    main
      .getByRole('status')
      .filter({ hasText: /in your cart|Added/ })
      .first(),
  ).toBeVisible();
}

async function fillAddress(page: Page) {
  for (const [label, value] of Object.entries(ADDRESS)) await page.getByLabel(label, { exact: true }).fill(value);
}

/** The order's reference as the confirmation page shows it. */
const referenceOn = async (page: Page) => {
  const text = await page.locator('[data-reference]').first().textContent();
  assert(text !== null);
  return text.trim();
};

let confirmationMailLink = '';
let reference = '';

test('a visitor adds two products, checks out as a guest with manual payment and sees the confirmation', async ({
  page,
}) => {
  const [first, second] = products;
  assert(first && second);
  await addToCart(page, first);
  await addToCart(page, second);
  await page.goto('/cart');
  await page.getByRole('link', { name: 'Checkout', exact: true }).click();
  await expect(page).toHaveURL(/\/checkout\/?$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  const summary = page.getByRole('list', { name: 'Items' });
  for (const p of products) await expect(summary).toContainText(p.name);

  // Nothing is placed before the email is proved.
  await fillAddress(page);
  await page.getByRole('button', { name: /^Place order/ }).click();
  await expect(page.getByText('Verify your email first')).toBeVisible();

  const before = mailFiles(e2eDataDir());
  await page.getByLabel('Email', { exact: true }).fill(GUEST);
  await page.getByRole('button', { name: 'Send code' }).click();
  const codeMail = await waitForMail(e2eDataDir(), { to: GUEST, after: before });
  await page.getByLabel('Code from the email').fill(codeFrom(codeMail));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('status').filter({ hasText: GUEST })).toContainText('verified');

  await expect(page.getByRole('radio', { name: /Bank transfer or pay on delivery/ })).toBeChecked();
  const afterCode = mailFiles(e2eDataDir());
  await page.getByRole('button', { name: /^Place order/ }).click();

  await expect(page).toHaveURL(/\/orders\/view\?id=[^&]+&placed=1&token=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
  reference = await referenceOn(page);
  expect(reference).toMatch(/^#[0-9A-F]{8}$/);
  const items = page.getByRole('list', { name: 'Items' });
  await expect(items.getByRole('listitem')).toHaveCount(2);
  for (const p of products) await expect(items).toContainText(p.name);
  await expect(page.getByRole('region', { name: 'How to pay' })).toBeVisible();
  await expect(page.locator('[data-status]').first()).toHaveText('Pending');
  await expect(page.getByRole('list', { name: 'Status history' }).getByRole('listitem')).toHaveCount(1);
  // The cart was emptied once the order was placed.
  expect(await page.evaluate(() => localStorage.getItem('cart'))).toBeNull();

  // The confirmation email lists the lines and links to the order's page (with the guest's token).
  const confirmation = await waitForMail(e2eDataDir(), { to: GUEST, after: afterCode });
  expect(confirmation.subject).toContain(reference);
  for (const p of products) expect(confirmation.text).toContain(p.name);
  confirmationMailLink =
    /https?:\/\/\S+\/orders\/view\?id=[^\s&]+&token=[A-Za-z0-9_-]+/.exec(confirmation.text)?.[0] ?? '';
  expect(confirmationMailLink).not.toBe('');
});

async function changeStatus(page: Page, status: 'paid' | 'shipped') {
  const dialog = page.getByRole('dialog', { name: `Order ${reference}` });
  await dialog.getByLabel('New status').selectOption(status);
  await dialog.getByRole('button', { name: 'Update status' }).click();
  await expect(dialog.getByRole('status')).toContainText(`Order ${reference} is now ${status}.`);
}

test('the admin marks the order paid, then shipped, and the confirmation link shows it shipped', async ({
  browser,
  page,
}) => {
  // Serial: this runs only after the previous test placed the order (a failure there skips it).
  expect(reference, 'the reference of the order the previous test placed').not.toBe('');
  const adminPage = await (await browser.newContext()).newPage();
  await signedInAs(adminPage, admin);
  await adminPage.goto('/admin/orders');
  await expect(adminPage.getByRole('table', { name: 'Orders' })).toBeVisible({ timeout: 20_000 });
  await adminPage.getByRole('searchbox', { name: 'Search orders' }).fill(GUEST);
  const row = adminPage.locator('table[aria-label="Orders"] tbody tr').filter({ hasText: reference });
  await expect(row).toHaveCount(1);
  await row.click();
  await changeStatus(adminPage, 'paid');
  await changeStatus(adminPage, 'shipped');
  await adminPage.context().close();

  // The customer opens the link from the email: no session, only the token.
  const link = new URL(confirmationMailLink);
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { level: 1, name: `Order ${reference}` })).toBeVisible();
  await expect(page.locator('[data-status]').first()).toHaveText('Shipped');
  const history = page.getByRole('list', { name: 'Status history' }).getByRole('listitem');
  await expect(history).toHaveCount(3);
  await expect(history.last()).toContainText('Shipped');
  // Paid: no payment instructions any more.
  await expect(page.getByRole('region', { name: 'How to pay' })).toHaveCount(0);
  // The same page without the token opens nothing for a visitor without a session: they are asked to sign in, and the
  // sign-in page keeps where they came from (it takes ?next= out of the address at once, so the store is what tells).
  const withoutToken = `/orders/view?id=${link.searchParams.get('id')}`;
  await page.goto(withoutToken);
  await expect(page).toHaveURL(/\/login(\?|$)/);
  await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
  await expect.poll(() => page.evaluate((key) => sessionStorage.getItem(key), RETURN_TO_KEY)).toBe(withoutToken);
});

/** Registers a customer through the API with the emailed code; answers the session token. */
async function registerMember(): Promise<string> {
  const before = mailFiles(e2eDataDir());
  const res = await api.post('/api/auth/register', {
    data: {
      first_name: MEMBER.first,
      last_name: MEMBER.last,
      email: MEMBER.email,
      username: MEMBER.username,
      password: MEMBER.password,
      role: 'customer',
    },
  });
  expect(res.status()).toBeLessThan(300);
  // As the register form does: the account is made, then a code is asked for.
  expect((await api.post('/api/auth/request-otp', { data: { email: MEMBER.email } })).status()).toBeLessThan(300);
  const mail = await waitForMail(e2eDataDir(), { to: MEMBER.email, after: before });
  const verified = await api.post('/api/auth/verify-otp', { data: { email: MEMBER.email, otp: codeFrom(mail) } });
  expect(verified.status()).toBe(200);
  return ((await verified.json()) as { token: string }).token;
}

async function signedInPage(browser: Browser, token: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signedInAs(page, token);
  return page;
}

test("a signed-in customer's order is listed under Orders", async ({ browser, page }) => {
  // Signed out, /orders asks to sign in first and comes back.
  // The login page drops ?next= from the address bar once it has read it: the request itself is what is checked.
  const toLogin = page.waitForRequest((request) => request.url().endsWith('/login?next=%2Forders'));
  await page.goto('/orders');
  await toLogin;

  const customer = await signedInPage(browser, await registerMember());
  await customer.goto('/orders');
  await expect(customer.getByText('No orders found.')).toBeVisible();

  const [first] = products;
  assert(first);
  await addToCart(customer, first);
  await customer.goto('/checkout');
  await expect(customer.getByText(`Signed in as ${MEMBER.email}`)).toBeVisible();
  await expect(customer.getByLabel('Full name', { exact: true })).toHaveValue(`${MEMBER.first} ${MEMBER.last}`);
  await fillAddress(customer);
  await customer.getByRole('button', { name: /^Place order/ }).click();
  await expect(customer).toHaveURL(/\/orders\/view\?id=[^&]+&placed=1$/);
  await expect(customer.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
  const ref = await referenceOn(customer);

  await customer.getByRole('link', { name: 'All your orders' }).click();
  await expect(customer).toHaveURL(/\/orders\/?$/);
  const list = customer.getByRole('list', { name: 'Your orders' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  const row = list.getByRole('listitem').first();
  await expect(row).toContainText(ref);
  await expect(row).toContainText('Pending');
  await expect(row.locator('[data-total]')).toHaveText(/^\S+\d/);
  await row.getByRole('link', { name: `Order ${ref}` }).click();
  await expect(customer.getByRole('heading', { level: 1, name: `Order ${ref}` })).toBeVisible();
  await customer.context().close();
});
