import { expect, test, type Page } from '@playwright/test';
import type { Product } from '../../src/shared/types.ts';
import { waitForIslands } from './helpers/hydration.ts';

const cards = (page: Page) => page.getByRole('main').getByRole('listitem').getByRole('article');
const names = (page: Page) => cards(page).getByRole('heading', { level: 2 });

test.describe('Shop', () => {
  let products: Product[];
  test.beforeAll(async ({ request }) => {
    products = (await (await request.get('/api/products')).json()).results;
    expect(products.length).toBeGreaterThan(3);
  });

  // The grid the build rendered is kept as it is after hydration (no card is rendered again) until a filter changes.
  test('the pre-rendered grid stays after hydration, then follows the filters and Reset Filters', async ({ page }) => {
    const category = products[0]!.category;
    const inCategory = products.filter((p) => p.category === category);
    expect(inCategory.length).toBeLessThan(products.length);

    await page.goto('/shop');
    const built = await names(page).allTextContents();
    expect(built).toHaveLength(products.length);
    await waitForIslands(page);
    await expect(names(page)).toHaveText(built);
    await expect(page.getByText(`${products.length} products`)).toBeVisible();

    await page.getByLabel('Category').selectOption(category);
    await expect(names(page)).toHaveText(inCategory.map((p) => p.name));
    await expect(page).toHaveURL(/\/shop\?category=/);

    await page.getByLabel('Sort by').selectOption('price-asc');
    const byPrice = [...inCategory].sort((a, b) => a.price - b.price).map((p) => p.price);
    const shown = await cards(page).evaluateAll((els) => els.map((el) => Number(el.querySelector('p')?.textContent?.replace(/[$,]/g, ''))));
    expect(shown).toEqual(byPrice);

    await page.getByRole('button', { name: 'Reset Filters' }).click();
    await expect(names(page)).toHaveText(built);
    await expect(page).toHaveURL(/\/shop$/);
  });

  test('a shared link opens with its filters applied', async ({ page }) => {
    const category = products[0]!.category;
    await page.goto(`/shop?category=${encodeURIComponent(category)}`);
    await waitForIslands(page);
    await expect(page.getByLabel('Category')).toHaveValue(category);
    await expect(names(page)).toHaveText(products.filter((p) => p.category === category).map((p) => p.name));
  });

  test('a product image that fails to load is replaced by the placeholder image', async ({ page }) => {
    const first = products[0]!;
    // The picture and every responsive variant of it fail.
    await page.route(`**${first.image.replace(/\.webp$/, '')}*`, (route) => route.fulfill({ status: 404, body: '' }));
    await page.goto('/shop');
    await waitForIslands(page);
    const img = page.getByRole('img', { name: first.name, exact: true });
    await expect(img).toHaveAttribute('src', '/placeholder.webp');
    await expect(page.locator('picture', { has: img }).locator('source')).toHaveCount(0);
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
  });
});
