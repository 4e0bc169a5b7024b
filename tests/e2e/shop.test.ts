import assert from 'node:assert/strict';
import { expect, test, type Page } from './fixtures.ts';
import type { ListResponse, Product } from '../../src/shared/types.ts';
import { waitForIslands } from './helpers/hydration.ts';

const cards = (page: Page) => page.getByRole('main').getByRole('listitem').getByRole('article');
const names = (page: Page) => cards(page).getByRole('heading', { level: 2 });

/** Marks every card in the HTML as it arrives, before any island runs, to tell them from cards React renders later. */
const markBuiltCards = (page: Page) =>
  page.addInitScript(() =>
    document.addEventListener('DOMContentLoaded', () => {
      for (const card of document.querySelectorAll('main article')) Object.assign(card, { builtByTheBuild: true });
    }),
  );
/** For each card shown, whether it is still the element the build wrote. */
const builtByTheBuild = (page: Page) => cards(page).evaluateAll((els) => els.map((el) => 'builtByTheBuild' in el));

test.describe('Shop', () => {
  let products: Product[];
  test.beforeAll(async ({ request }) => {
    products = ((await (await request.get('/api/products')).json()) as ListResponse<Product>).results;
    expect(products.length).toBeGreaterThan(3);
  });

  // The grid is static HTML inside the island's <astro-slot>: hydration keeps it as it is (no card is rendered by React)
  // until a filter changes; then the island renders its own list.
  test("the static grid survives hydration untouched, then the island's list follows the filters and Reset Filters", async ({
    page,
  }) => {
    const [first] = products;
    assert(first);
    const category = first.category;
    const inCategory = products.filter((p) => p.category === category);
    expect(inCategory.length).toBeLessThan(products.length);

    await markBuiltCards(page);
    await page.goto('/shop');
    const built = await names(page).allTextContents();
    expect(built).toHaveLength(products.length);
    await waitForIslands(page);
    // The API refresh has landed too (same products, so the static grid stays).
    await page.waitForLoadState('networkidle');
    await expect(page.getByText(`${products.length} products`)).toBeVisible();
    await expect(names(page)).toHaveText(built);
    expect(await builtByTheBuild(page)).toEqual(built.map(() => true));
    await expect(page.locator('astro-slot').getByRole('article')).toHaveCount(products.length);

    await page.getByLabel('Category').selectOption(category);
    await expect(names(page)).toHaveText(inCategory.map((p) => p.name));
    await expect(page.locator('astro-slot')).toHaveCount(0);
    expect(await builtByTheBuild(page)).toEqual(inCategory.map(() => false));
    await expect(page).toHaveURL(/\/shop\?category=/);

    await page.getByLabel('Sort by').selectOption('price-asc');
    const byPrice = [...inCategory].sort((a, b) => a.price - b.price).map((p) => p.price);
    const shown = await cards(page).evaluateAll((els) =>
      els.map((el) => Number(el.querySelector('p')?.textContent.replace(/[$,]/g, ''))),
    );
    expect(shown).toEqual(byPrice);

    await page.getByRole('button', { name: 'Reset Filters' }).click();
    await expect(names(page)).toHaveText(built);
    await expect(page).toHaveURL(/\/shop$/);
  });

  test('a shared link opens with its filters applied', async ({ page }) => {
    const [first] = products;
    assert(first);
    const category = first.category;
    await page.goto(`/shop?category=${encodeURIComponent(category)}`);
    await waitForIslands(page);
    await expect(page.getByLabel('Category')).toHaveValue(category);
    await expect(names(page)).toHaveText(products.filter((p) => p.category === category).map((p) => p.name));
  });

  test('a product image that fails to load is replaced by the placeholder image, in the static grid', async ({
    page,
  }) => {
    const [first] = products;
    assert(first);
    // The picture and every responsive variant of it fail.
    await page.route(`**${first.image.replace(/\.webp$/, '')}*`, (route) => route.fulfill({ status: 404, body: '' }));
    await markBuiltCards(page);
    await page.goto('/shop');
    await waitForIslands(page);
    const img = page.getByRole('img', { name: first.name, exact: true });
    await expect(img).toHaveAttribute('src', '/placeholder.webp');
    await expect(page.locator('picture', { has: img }).locator('source')).toHaveCount(0);
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
    // The card was not rendered again to get there: the island's DOM listener swapped the picture.
    expect(await builtByTheBuild(page)).toEqual(products.map(() => true));
  });

  test("a product image that fails in the island's own list is replaced by the placeholder image too", async ({
    page,
  }) => {
    const [first] = products;
    assert(first);
    await page.route(`**${first.image.replace(/\.webp$/, '')}*`, (route) => route.fulfill({ status: 404, body: '' }));
    await page.goto(`/shop?category=${encodeURIComponent(first.category)}`);
    await waitForIslands(page);
    await expect(page.locator('astro-slot')).toHaveCount(0);
    await expect(page.getByRole('img', { name: first.name, exact: true })).toHaveAttribute('src', '/placeholder.webp');
  });
});
