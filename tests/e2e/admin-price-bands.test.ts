/**
 * The Price bands card of Store settings fits 320, 375 and 1280 px in both themes, with a refused amount marked on its
 * input. Saved bands reaching the shop's Price filter after the rebuild are admin-categories.test.ts's, published by
 * the same rebuild as a new category.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from './fixtures.ts';
import type { StoreSettings } from '../../src/shared/commerce.ts';
import { adminApi } from './helpers/admin.ts';
import { expectNoSideScroll } from './helpers/page-audit.ts';
import { inBothThemes, keepScreenshot } from './helpers/screenshots.ts';

test.describe.configure({ mode: 'serial' });

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
