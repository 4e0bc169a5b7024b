/**
 * The admin's Categories screen on the demo site: the admin adds a product category, adds a product in it on Manage
 * Products and sets the shop's price bands on Store settings, and once the rebuild the saves asked for is live, the
 * shop's filters offer the category and the bands and narrow to their products. Removing the category first asks where its product moves. The screen fits 320, 375 and 1280 px in both
 * themes. This file's server builds the site itself.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from './fixtures.ts';
import type { StoreSettings } from '../../src/shared/commerce.ts';
import type { AdminProductPage } from '../../src/shared/products-admin.ts';
import type { Product } from '../../src/shared/types.ts';
import type { AdminCategory } from '../../src/shared/schemas/category.ts';
import { adminApi, signedInAs } from './helpers/admin.ts';
import { waitForIslands } from './helpers/hydration.ts';
import { expectNoSideScroll } from './helpers/page-audit.ts';
import { settled } from './helpers/rebuild.ts';
import { inBothThemes, keepScreenshot } from './helpers/screenshots.ts';

test.use({ siteBuilds: true });
// A build of the demo site takes 30-60 s on a busy 2-core machine; the first one at start may still be running.
test.describe.configure({ mode: 'serial', timeout: 300_000 });

const RUN = Date.now().toString(36);
const CATEGORY = `Cakes ${RUN}`;
const PRODUCT = `Lemon drizzle ${RUN}`;

let api: APIRequestContext;
let token = '';
/** The store settings before the test, put back afterwards. */
let store: StoreSettings;
const auth = () => ({ Authorization: `Bearer ${token}` });

const publishButton = (page: Page) => page.getByRole('button', { name: /^Publish status:/ });
const categoryList = (page: Page) => page.getByRole('list', { name: 'Categories' });

async function productCategories(): Promise<AdminCategory[]> {
  const res = await api.get('/api/admin/categories?kind=product', { headers: auth() });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { results: AdminCategory[] }).results;
}

async function findProducts() {
  const res = await api.get(`/api/admin/products?q=${encodeURIComponent(RUN)}`, { headers: auth() });
  return ((await res.json()) as AdminProductPage).results;
}

test.beforeAll(async ({ playwright }) => {
  ({ api, token } = await adminApi(playwright));
  store = (await (await api.get('/api/admin/store', { headers: auth() })).json()) as StoreSettings;
});

test.afterAll(async () => {
  // The demo's products and categories back for the files that follow on this worker's server.
  for (const product of await findProducts())
    await api.delete(`/api/admin/products/${product._id}`, { headers: auth() });
  for (const category of (await productCategories()).filter((c) => c.name.includes(RUN)))
    await api.delete(`/api/admin/categories/${category._id}`, { headers: auth() });
  await api.put('/api/admin/store', {
    headers: auth(),
    data: {
      currency: store.currency,
      taxRateBp: store.taxRateBp,
      taxInclusive: store.taxInclusive,
      shippingCents: store.shippingCents,
      manualPaymentEnabled: store.payment.manual.enabled,
      manualPaymentInstructions: store.payment.manual.instructions,
      timeZone: store.timeZone,
      priceBandsCents: store.priceBandsCents,
    },
  });
  await api.dispose();
});

test('a new category with a product in it, and new price bands, reach the shop filters once published', async ({
  browser,
}) => {
  expect((await settled(api, token)).state).toBe('up-to-date');
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signedInAs(page, token);

  await page.goto('/admin/categories');
  await expect(page.getByRole('heading', { level: 1, name: 'Categories' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Products', selected: true })).toBeVisible();
  await expect(categoryList(page).getByRole('listitem').first()).toContainText('Electronics');
  await page.getByLabel('New category').fill(CATEGORY);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: `${CATEGORY} was added` })).toContainText(
    'Shop shows the change once the site is rebuilt.',
  );
  const row = categoryList(page).getByRole('listitem').filter({ hasText: CATEGORY });
  await expect(row).toContainText(`0 items · /shop?category=cakes-${RUN}`);
  // A second one of the same name is refused with the server's sentence, and nothing is added.
  await page.getByLabel('New category').fill(CATEGORY.toLowerCase());
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByRole('status')).toHaveText(
    `A category named "${CATEGORY.toLowerCase()}" already exists for this type.`,
  );
  await expect(categoryList(page).getByRole('listitem').filter({ hasText: CATEGORY })).toHaveCount(1);

  // Manage Products offers the company's categories, the new one among them.
  await page.goto('/admin/manage-products');
  await page.getByRole('button', { name: 'Add Product' }).click();
  const add = page.getByRole('dialog', { name: 'Add Product' });
  await add.getByLabel('Name').fill(PRODUCT);
  await add.getByLabel('Price (USD)').fill('14.50');
  await add.getByLabel('Category').selectOption(CATEGORY);
  await add.getByLabel('Published (shown in the shop)').check();
  await add.getByRole('button', { name: 'Create Product' }).click();
  await expect(add).toBeHidden();
  expect((await findProducts()).map((p) => [p.name, p.category])).toEqual([[PRODUCT, CATEGORY]]);

  // The shop's price bands on Store settings, published by the same rebuild: a band out of order is refused on its
  // input first, with nothing sent.
  await page.goto('/admin/store');
  const bands = page.getByRole('region', { name: 'Price bands' }).getByRole('group', { name: 'Shop' });
  const amount = (n: number) => bands.getByLabel(`Amount ${n} (${store.currency})`);
  await expect(amount(1)).toHaveValue('50');
  await amount(2).fill('10');
  await page.getByRole('button', { name: 'Save Store Settings' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Amount 2 of the shop price bands (10) must be more than amount 1 (50): the bands go up from the lowest price and cannot overlap.',
  );
  await expect(amount(2)).toHaveAttribute('aria-invalid', 'true');
  await amount(1).fill('20');
  await amount(2).fill('75');
  await amount(3).fill('150');
  await expect(bands.getByText(/^Visitors choose from/)).toHaveText(
    'Visitors choose from: All Prices, Under $20, $20-$75, $75-$150, Over $150.',
  );
  await page.getByRole('button', { name: 'Save Store Settings' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Store settings saved' })).toHaveText(
    'Store settings saved. The shop shows the new figures once the site is rebuilt.',
  );
  expect(((await (await api.get('/api/store')).json()) as StoreSettings).priceBandsCents.shop).toEqual([
    2000, 7500, 15000,
  ]);
  // The same publish feedback as every admin save: Publishing…, then Live once visitors have it.
  await expect(publishButton(page)).toHaveAccessibleName('Publish status: Live', { timeout: 240_000 });

  await page.goto('/shop');
  await waitForIslands(page, 'the shop');
  const filter = page.getByLabel('Category');
  await expect(filter.locator('option')).toContainText(['All Categories', 'Electronics', CATEGORY]);
  await filter.selectOption(CATEGORY);
  await expect(page).toHaveURL(new RegExp(`/shop\\?category=${encodeURIComponent(CATEGORY).replace(/%20/g, '\\+')}$`));
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(page.getByRole('article')).toContainText(PRODUCT);
  // A link by the category's address reads as the category.
  await page.goto(`/shop?category=cakes-${RUN}`);
  await waitForIslands(page, 'the shop');
  await expect(filter).toHaveValue(CATEGORY);
  await expect(page.getByRole('article')).toHaveCount(1);

  // The Price filter offers the new bands and narrows to the products in the chosen one; a link to a band keeps working.
  await page.goto('/shop');
  await waitForIslands(page, 'the shop');
  const price = page.getByRole('combobox', { name: 'Price', exact: true });
  await expect(price.locator('option')).toHaveText(['All Prices', 'Under $20', '$20-$75', '$75-$150', 'Over $150']);
  await price.selectOption({ label: '$20-$75' });
  await expect(page).toHaveURL(/\/shop\?price=20-75$/);
  const products = ((await (await api.get('/api/products')).json()) as { results: Product[] }).results;
  await expect(page.getByRole('article')).toHaveCount(products.filter((p) => p.price >= 20 && p.price <= 75).length);
  await page.goto('/shop?price=20-75');
  await waitForIslands(page, 'the shop');
  await expect(price).toHaveValue('20-75');
  await context.close();
});

test('removing a category in use first asks where its items move, then moves them', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signedInAs(page, token);
  await page.goto('/admin/categories?kind=product');
  const row = categoryList(page).getByRole('listitem').filter({ hasText: CATEGORY });
  await expect(row).toContainText('1 item');
  await row.getByRole('button', { name: `Delete ${CATEGORY}` }).click();
  const confirm = page.getByRole('dialog', { name: `Remove ${CATEGORY}?` });
  await expect(confirm).toContainText(`1 item in ${CATEGORY} will move to Electronics, then ${CATEGORY} is removed.`);
  await confirm.getByLabel('Move its item to').selectOption('Accessories');
  await expect(confirm).toContainText(`will move to Accessories`);
  await confirm.getByRole('button', { name: 'Move and remove' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('status')).toContainText(`${CATEGORY} was removed; 1 item moved to Accessories.`);
  await expect(categoryList(page).getByRole('listitem').filter({ hasText: CATEGORY })).toHaveCount(0);
  expect((await findProducts()).map((p) => p.category)).toEqual(['Accessories']);
  await context.close();
});

test('the Categories screen fits 320, 375 and 1280 px in both themes', async ({ browser }) => {
  const dir = process.env['X_SHOTS'] ?? 'test-results/screens/admin-categories';
  mkdirSync(dir, { recursive: true });
  await inBothThemes(browser, token, async (page, theme, width) => {
    await page.goto('/admin/categories?kind=audio');
    const first = categoryList(page).getByRole('listitem').first();
    await expect(first).toContainText('Music');
    await expectNoSideScroll(page, width, `categories, ${theme}`);
    await keepScreenshot(page, { path: join(dir, `categories-${width}-${theme}.png`), fullPage: true });
    await first.getByRole('button', { name: 'Rename Music' }).click();
    await expect(first.getByLabel('Name')).toBeFocused();
    await expectNoSideScroll(page, width, `categories renaming, ${theme}`);
    await keepScreenshot(page, { path: join(dir, `categories-rename-${width}-${theme}.png`), fullPage: true });
    await first.getByLabel('Name').press('Escape');
    await first.getByRole('button', { name: 'Delete Music' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove Music?' });
    await expect(confirm).toBeVisible();
    await keepScreenshot(page, { path: join(dir, `categories-delete-${width}-${theme}.png`) });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
  });
});
