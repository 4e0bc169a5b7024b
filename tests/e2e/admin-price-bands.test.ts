/**
 * The Price bands card of Store settings on the demo site: the admin sets the shop's bands, a bad amount is refused on
 * its input first, and once the rebuild the save asked for is live the shop's Price filter offers the new bands and
 * narrows to the products in the chosen one. The screen fits 320, 375 and 1280 px in both themes. This file's server
 * builds the site itself.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from './fixtures.ts';
import type { StoreSettings } from '../../src/shared/commerce.ts';
import type { Product } from '../../src/shared/types.ts';
import { adminApi, signedInAs } from './helpers/admin.ts';
import { waitForIslands } from './helpers/hydration.ts';
import { expectNoSideScroll } from './helpers/page-audit.ts';
import { settled } from './helpers/rebuild.ts';
import { inBothThemes, keepScreenshot } from './helpers/screenshots.ts';

test.use({ siteBuilds: true });
// A build of the demo site takes 30-60 s on a busy 2-core machine; the first one at start may still be running.
test.describe.configure({ mode: 'serial', timeout: 300_000 });

let api: APIRequestContext;
let token = '';
let before: StoreSettings;
const auth = () => ({ Authorization: `Bearer ${token}` });

const bandsCard = (page: Page) => page.getByRole('region', { name: 'Price bands' });
const shopList = (page: Page) => bandsCard(page).getByRole('group', { name: 'Shop' });

test.beforeAll(async ({ playwright }) => {
  ({ api, token } = await adminApi(playwright));
  before = (await (await api.get('/api/admin/store', { headers: auth() })).json()) as StoreSettings;
});

test.afterAll(async () => {
  // The store as it was, for the files that follow on this worker's server.
  await api.put('/api/admin/store', {
    headers: auth(),
    data: {
      currency: before.currency,
      taxRateBp: before.taxRateBp,
      taxInclusive: before.taxInclusive,
      shippingCents: before.shippingCents,
      manualPaymentEnabled: before.payment.manual.enabled,
      manualPaymentInstructions: before.payment.manual.instructions,
      timeZone: before.timeZone,
      priceBandsCents: before.priceBandsCents,
    },
  });
  await api.dispose();
});

test("the admin's shop bands reach the shop's Price filter once published", async ({ browser }) => {
  expect((await settled(api, token)).state).toBe('up-to-date');
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signedInAs(page, token);
  await page.goto('/admin/store');
  const shop = shopList(page);
  await expect(shop.getByLabel(`Amount 1 (${before.currency})`)).toHaveValue('50');

  // Out of order: refused on its input, nothing sent.
  await shop.getByLabel(`Amount 2 (${before.currency})`).fill('10');
  await page.getByRole('button', { name: 'Save Store Settings' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Amount 2 of the shop price bands (10) must be more than amount 1 (50): the bands go up from the lowest price and cannot overlap.',
  );
  await expect(shop.getByLabel(`Amount 2 (${before.currency})`)).toHaveAttribute('aria-invalid', 'true');

  await shop.getByLabel(`Amount 1 (${before.currency})`).fill('20');
  await shop.getByLabel(`Amount 2 (${before.currency})`).fill('75');
  await shop.getByLabel(`Amount 3 (${before.currency})`).fill('150');
  await expect(shop.getByText(/^Visitors choose from/)).toHaveText(
    'Visitors choose from: All Prices, Under $20, $20-$75, $75-$150, Over $150.',
  );
  await page.getByRole('button', { name: 'Save Store Settings' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Store settings saved' })).toHaveText(
    'Store settings saved. The shop shows the new figures once the site is rebuilt.',
  );
  const saved = (await (await api.get('/api/store')).json()) as StoreSettings;
  expect(saved.priceBandsCents.shop).toEqual([2000, 7500, 15000]);
  // The same publish feedback as every admin save: Publishing…, then Live once visitors have it.
  const publish = page.getByRole('button', { name: /^Publish status:/ });
  await expect(publish).toHaveAccessibleName(/^Publish status: Publishing…/);
  await expect(publish).toHaveAccessibleName('Publish status: Live', { timeout: 240_000 });

  await page.goto('/shop');
  await waitForIslands(page, 'the shop');
  const price = page.getByRole('combobox', { name: 'Price', exact: true });
  await expect(price.locator('option')).toHaveText(['All Prices', 'Under $20', '$20-$75', '$75-$150', 'Over $150']);
  await price.selectOption({ label: '$20-$75' });
  await expect(page).toHaveURL(/\/shop\?price=20-75$/);
  const products = ((await (await api.get('/api/products')).json()) as { results: Product[] }).results;
  const inBand = products.filter((p) => p.price >= 20 && p.price <= 75);
  await expect(page.getByRole('article')).toHaveCount(inBand.length);
  // A link to the band keeps working.
  await page.goto('/shop?price=20-75');
  await waitForIslands(page, 'the shop');
  await expect(price).toHaveValue('20-75');
  await context.close();
});

test('the Store settings screen with its Price bands fits 320, 375 and 1280 px in both themes', async ({ browser }) => {
  const dir = process.env['X_SHOTS'] ?? 'test-results/screens/admin-price-bands';
  mkdirSync(dir, { recursive: true });
  await inBothThemes(browser, token, async (page, theme, width) => {
    await page.goto('/admin/store');
    const card = bandsCard(page);
    await expect(shopList(page).getByLabel(/^Amount 1/)).toBeVisible();
    await card.scrollIntoViewIfNeeded();
    await expectNoSideScroll(page, width, `store settings, ${theme}`);
    await keepScreenshot(page, { path: join(dir, `price-bands-${width}-${theme}.png`), fullPage: true });
    await shopList(page)
      .getByLabel(/^Amount 2/)
      .fill('1');
    await page.getByRole('button', { name: 'Save Store Settings' }).click();
    await expect(shopList(page).getByLabel(/^Amount 2/)).toHaveAttribute('aria-invalid', 'true');
    await expectNoSideScroll(page, width, `store settings with an error, ${theme}`);
    await keepScreenshot(page, { path: join(dir, `price-bands-error-${width}-${theme}.png`), fullPage: true });
  });
});
