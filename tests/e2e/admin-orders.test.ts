/**
 * Orders as an admin uses them: filter by status, day and search, open an order, change its status
 * (the customer's email lands in the server's outbox), confirm a cancellation, and the list follows. The e2e server is
 * shared: this file adds its own order to the database and removes it afterwards; the demo orders are only read.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from './fixtures.ts';
import { mailFiles, waitForMail } from '../helpers/outbox.ts';
import { adminToken, signedInAs } from './helpers/admin.ts';
import { e2eDataDir, withDb } from './helpers/e2e-db.ts';
import { expectNoSideScroll } from './helpers/page-audit.ts';

test.describe.configure({ mode: 'serial' });

const RUN = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const ORDER_ID = randomUUID();
const REF = `#${ORDER_ID.slice(0, 8).toUpperCase()}`;
const CUSTOMER = { name: `Olive Ordertest ${RUN}`, email: `olive.${RUN}@example.com` };

/** A pending order of two demo products (2 × 12.50 and 1 × 1,000.00), placed now. */
function addOrder() {
  const now = new Date().toISOString();
  withDb((db) => {
    db.prepare(
      'INSERT INTO orders (id, user_id, status, total_cents, customer_name, customer_email, created_at) VALUES (?, NULL, ?, ?, ?, ?, ?)',
    ).run(ORDER_ID, 'pending', 102500, CUSTOMER.name, CUSTOMER.email, now);
    const item = db.prepare(
      'INSERT INTO order_items (id, order_id, product_id, name, unit_price_cents, quantity) VALUES (?, ?, NULL, ?, ?, ?)',
    );
    item.run(randomUUID(), ORDER_ID, 'E2E Notebook', 1250, 2);
    item.run(randomUUID(), ORDER_ID, 'E2E Desk Lamp', 100000, 1);
    db.prepare(
      'INSERT INTO order_status_history (id, order_id, from_status, to_status, at, actor_id, actor_name, note) VALUES (?, ?, NULL, ?, ?, NULL, ?, ?)',
    ).run(randomUUID(), ORDER_ID, 'pending', now, CUSTOMER.name, 'Order placed');
  });
}

function removeOrder() {
  withDb((db) => {
    for (const table of ['order_status_history', 'order_items'])
      db.prepare(`DELETE FROM ${table} WHERE order_id = ?`).run(ORDER_ID);
    db.prepare('DELETE FROM audit_log WHERE target_id = ?').run(ORDER_ID);
    db.prepare('DELETE FROM orders WHERE id = ?').run(ORDER_ID);
  });
}

let api: APIRequestContext;
let admin = '';

test.beforeAll(async ({ playwright }) => {
  api = await playwright.request.newContext({ baseURL: `http://127.0.0.1:${process.env['E2E_PORT']}` });
  admin = await adminToken(api);
  addOrder();
});

test.afterAll(async () => {
  removeOrder();
  await api.dispose();
});

async function openOrders(page: Page) {
  await signedInAs(page, admin);
  await page.goto('/admin/orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('table', { name: 'Orders' })).toBeVisible();
}

const rows = (page: Page) => page.locator('table[aria-label="Orders"] tbody tr');
const search = (page: Page) => page.getByRole('searchbox', { name: 'Search orders' });
const today = () => new Date().toISOString().slice(0, 10);
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

test('an admin filters the orders, opens one, changes its status and the customer is emailed', async ({ page }) => {
  await openOrders(page);
  await expect(page.getByRole('link', { name: 'Orders' })).toHaveAttribute('href', '/admin/orders');
  // Ten a page, newest first: the order just placed leads.
  await expect(rows(page)).toHaveCount(10);
  await expect(rows(page).first()).toContainText(REF);
  await expect(page.getByText(/^Page 1 of \d+$/)).toBeVisible();

  await page.getByLabel('Status', { exact: true }).selectOption('delivered');
  await expect(rows(page).first()).toBeVisible();
  for (const badge of await rows(page).locator('[data-status]').all()) await expect(badge).toHaveText('Delivered');
  await expect(rows(page).filter({ hasText: REF })).toHaveCount(0);

  await page.getByLabel('Status', { exact: true }).selectOption('pending');
  await search(page).fill(RUN.toUpperCase());
  await expect(rows(page)).toHaveCount(1);
  await page.getByLabel('From', { exact: true }).fill(today());
  await page.getByLabel('To', { exact: true }).fill(today());
  await expect(rows(page)).toHaveCount(1);
  const row = rows(page).first();
  await expect(row).toContainText(CUSTOMER.name);
  await expect(row).toContainText(CUSTOMER.email);
  await expect(row).toContainText('$1,025.00');
  await expect(row).toContainText('Pending');
  await page.getByLabel('To', { exact: true }).fill(tomorrow());
  await page.getByLabel('From', { exact: true }).fill(tomorrow());
  await expect(page.getByText('No orders found.')).toBeVisible();
  await page.getByLabel('From', { exact: true }).fill(today());
  await expect(rows(page)).toHaveCount(1);

  await row.click();
  const dialog = page.getByRole('dialog', { name: `Order ${REF}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('list', { name: 'Items' })).toContainText('E2E Desk Lamp');
  await expect(dialog.getByRole('list', { name: 'Items' })).toContainText('2 × $12.50');
  await expect(dialog.locator('[data-order-total]')).toHaveText('$1,025.00');
  await expect(dialog.getByRole('list', { name: 'Status history' }).getByRole('listitem')).toHaveCount(1);
  const next = dialog.getByLabel('New status');
  await expect(next.locator('option')).toHaveText(['Paid', 'Cancelled']);

  const before = mailFiles(e2eDataDir());
  await next.selectOption('paid');
  await dialog.getByLabel(/^Note/).fill('Payment received, thank you');
  await dialog.getByRole('button', { name: 'Update status' }).click();
  await expect(dialog.getByRole('status')).toHaveText(`Order ${REF} is now paid. The customer was emailed.`);
  await expect(dialog.locator('[data-status]').first()).toHaveText('Paid');
  await expect(dialog.getByRole('list', { name: 'Status history' }).getByRole('listitem').last()).toContainText(
    'Pending → Paid',
  );
  await expect(next.locator('option')).toHaveText(['Shipped', 'Cancelled', 'Refunded']);
  const mail = await waitForMail(e2eDataDir(), { to: CUSTOMER.email, after: before });
  expect(mail.subject).toMatch(new RegExp(`your order ${REF} is now paid$`));
  expect(mail.text).toContain('Payment received, thank you');

  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  // The list follows: filtered on pending, the order has left it; on paid it shows with its new status.
  await expect(page.getByText('No orders found.')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /\S/ }).first()).toHaveText(`Order ${REF} is now paid.`);
  await page.getByLabel('Status', { exact: true }).selectOption('paid');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('Paid');
});

test('a cancellation asks first, and a cancelled order offers no further change', async ({ page }) => {
  await openOrders(page);
  await search(page).fill(RUN);
  await expect(rows(page)).toHaveCount(1);
  await page.getByRole('button', { name: `Open order ${REF}` }).click();
  const dialog = page.getByRole('dialog', { name: `Order ${REF}` });
  await dialog.getByLabel('New status').selectOption('cancelled');
  await dialog.getByRole('button', { name: 'Update status' }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancel this order?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(dialog.locator('[data-status]').first()).toHaveText('Paid');

  const before = mailFiles(e2eDataDir());
  await dialog.getByRole('button', { name: 'Update status' }).click();
  await confirm.getByRole('button', { name: 'Cancel order' }).click();
  await expect(dialog.getByRole('status')).toHaveText(`Order ${REF} is now cancelled. The customer was emailed.`);
  await expect(dialog.getByText('This order is cancelled: its status cannot change any more.')).toBeVisible();
  await expect(dialog.getByLabel('New status')).toHaveCount(0);
  expect((await waitForMail(e2eDataDir(), { to: CUSTOMER.email, after: before })).subject).toMatch(/is now cancelled$/);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(rows(page).first()).toContainText('Cancelled');

  // The server holds to the state machine whatever a client sends.
  const refused = await api.patch(`/api/admin/orders/${ORDER_ID}/status`, {
    headers: { Authorization: `Bearer ${admin}` },
    data: { status: 'paid' },
  });
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { message: string }).message).toBe('A cancelled order cannot change its status');
});

test('on a phone the orders stack into cards and nothing is wider than the screen', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 740 });
  await openOrders(page);
  await expect(rows(page)).toHaveCount(10);
  await expectNoSideScroll(page, 320);
  await rows(page).first().click();
  await expect(page.getByRole('dialog', { name: /^Order #/ })).toBeVisible();
  await expectNoSideScroll(page, 320);
});
