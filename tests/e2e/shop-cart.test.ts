import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from './fixtures.ts';
import type { ListResponse, Product } from '../../src/shared/types.ts';
import { waitForIslands } from './helpers/hydration.ts';
import { withDb } from './helpers/e2e-db.ts';
import { keepScreenshot, widthsInTurn } from './helpers/screenshots.ts';
import { expectNoSideScroll } from './helpers/page-audit.ts';

/** Where the screenshots go: SHOP_SHOTS, else the test results' folder. */
const SHOTS = process.env['SHOP_SHOTS'] ?? 'test-results/screens/shop';

const cartButton = (page: Page) => page.getByRole('banner').locator('a[data-cart-link]');
const storedCart = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '[]') as { productId: string; quantity: number }[]);

test.describe('product pages and the cart', () => {
  let products: Product[];
  /** A product with plenty in stock, and one with few left. */
  let plenty: Product;
  let few: Product;
  test.beforeAll(async ({ request }) => {
    products = ((await (await request.get('/api/products')).json()) as ListResponse<Product>).results;
    const withPlenty = products.find((p) => p.stock >= 10);
    const withFew = products.find((p) => p.stock > 1 && p.stock <= 5);
    expect(withPlenty && withFew).toBeTruthy();
    assert(withPlenty && withFew);
    plenty = withPlenty;
    few = withFew;
  });

  test('a card opens its product page, with Product JSON-LD and Open Graph tags', async ({ page }) => {
    const product = products[0];
    assert(product);
    await page.goto('/shop');
    await page.getByRole('main').getByRole('link', { name: product.name, exact: true }).first().click();
    await expect(page).toHaveURL(new RegExp(`/shop/${product.slug}/?$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '') as {
      image: string[];
    };
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: product.name,
      offers: {
        '@type': 'Offer',
        price: product.price.toFixed(2),
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
      },
    });
    expect(ld.image[0]).toMatch(new RegExp(`${product.image}$`));
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', new RegExp(`^${product.name}`));
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', new RegExp(`${product.image}$`));
    await expect(page.locator('meta[property="product:price:currency"]')).toHaveAttribute('content', 'USD');
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'product');
    await expect(page.getByRole('region', { name: 'Related products' }).getByRole('article')).toHaveCount(4);
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(
      new RegExp(`/shop/${product.slug}/?$`),
    );
  });

  test('two added on a product page show in the header, survive a reload and reach another tab', async ({
    page,
    context,
  }) => {
    const other = await context.newPage();
    await other.goto('/about');
    await expect(cartButton(other)).toHaveAttribute('aria-label', 'Cart');

    await page.goto(`/shop/${plenty.slug}`);
    await expect(cartButton(page).locator('[data-cart-count]')).toBeHidden();
    await page.getByLabel('Quantity').fill('2');
    await page.getByRole('button', { name: 'Add to cart' }).first().click();
    await expect(page.getByRole('status').filter({ hasText: 'Added: 2 in your cart.' })).toBeVisible();
    await expect(cartButton(page)).toHaveAttribute('aria-label', 'Cart, 2 items');
    await expect(cartButton(page).locator('[data-cart-count]')).toHaveText('2');
    expect(await storedCart(page)).toEqual([{ productId: plenty._id, quantity: 2 }]);

    // The other tab hears of it through the storage event, without a reload.
    await expect(cartButton(other).locator('[data-cart-count]')).toHaveText('2');
    await page.reload();
    await expect(cartButton(page).locator('[data-cart-count]')).toHaveText('2');
    await other.close();
  });

  test('what is added stops at the stock, on the product page and in the cart', async ({ page }) => {
    await page.goto(`/shop/${few.slug}`);
    await expect(page.locator('[data-stock-state]')).toHaveText(`Only ${few.stock} left`);
    await page.getByLabel('Quantity').fill(String(few.stock + 3));
    const add = page.getByRole('button', { name: 'Add to cart' }).first();
    await add.click();
    await expect.poll(() => storedCart(page)).toEqual([{ productId: few._id, quantity: few.stock }]);
    await add.click();
    await expect(
      page.getByRole('status').filter({ hasText: `All ${few.stock} available are in your cart.` }),
    ).toBeVisible();

    await cartButton(page).click();
    await expect(page).toHaveURL(/\/cart\/?$/);
    const more = page.getByRole('button', { name: `One more ${few.name}` });
    await expect(more).toBeDisabled();
    await page.getByRole('button', { name: `One less ${few.name}` }).click();
    await expect(more).toBeEnabled();
    await expect.poll(() => storedCart(page)).toEqual([{ productId: few._id, quantity: few.stock - 1 }]);
  });

  test('a product page shows the stock as it is now, not as it was at the build', async ({ page }) => {
    withDb((db) => db.prepare('UPDATE products SET stock = 0 WHERE id = ?').run(plenty._id));
    try {
      await page.goto(`/shop/${plenty.slug}`);
      await expect(page.locator('[data-stock-state]')).toHaveText('Out of stock');
      await expect(page.locator('[data-product-actions]').getByRole('button', { name: 'Out of stock' })).toBeDisabled();
      await expect(page.getByLabel('Quantity')).toBeHidden();
    } finally {
      withDb((db) => db.prepare('UPDATE products SET stock = ? WHERE id = ?').run(plenty.stock, plenty._id));
    }
  });

  test('the cart lists the lines with the totals the server quotes, and empties', async ({ page }) => {
    await page.goto('/shop');
    await page.evaluate(
      ([a, b]) =>
        localStorage.setItem(
          'cart',
          JSON.stringify([
            { productId: a, quantity: 2 },
            { productId: b, quantity: 1 },
          ]),
        ),
      [plenty._id, few._id],
    );
    await page.goto('/cart');
    await expect(cartButton(page).locator('[data-cart-count]')).toHaveText('3');
    const summary = page.getByRole('complementary', { name: 'Order summary' });
    const cents = Math.round(plenty.price * 100) * 2 + Math.round(few.price * 100);
    await expect(summary.locator('[data-total]')).toHaveText(
      `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
    );
    await expect(page.getByRole('link', { name: plenty.name })).toHaveAttribute('href', `/shop/${plenty.slug}`);
    await expect(summary.getByRole('link', { name: 'Checkout' })).toHaveAttribute('href', '/checkout');
    await page.getByRole('button', { name: `Remove ${few.name}` }).click();
    await expect(cartButton(page).locator('[data-cart-count]')).toHaveText('2');
    await page.getByRole('button', { name: 'Clear cart' }).click();
    await expect(page.getByText('Your cart is empty.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Browse the shop' })).toHaveAttribute('href', '/shop');
    await expect(cartButton(page).locator('[data-cart-count]')).toBeHidden();
  });

  test('Add to cart works on the static shop grid', async ({ page }) => {
    await page.goto('/shop');
    await waitForIslands(page);
    const card = page
      .locator('astro-slot article')
      .filter({ has: page.getByRole('link', { name: plenty.name, exact: true }) });
    await card.getByRole('button', { name: 'Add to cart' }).click();
    await expect(card.getByRole('status')).toHaveText('Added to your cart.');
    await expect(cartButton(page).locator('[data-cart-count]')).toHaveText('1');
  });

  test('a product added after the build opens in the reader, with its gallery', async ({ page }) => {
    const id = randomUUID();
    const slug = `fresh-lantern-${id.slice(0, 8)}`;
    const pictures = products.slice(0, 3).map((p) => p.image);
    const [first] = products;
    assert(first);
    withDb((db) =>
      db
        .prepare(
          "INSERT INTO products (id, slug, name, description, price_cents, stock, image, gallery, category, tags, published, created_at) VALUES (?, ?, 'Fresh Lantern', 'Made this week.', 2450, 7, ?, ?, ?, '[]', 1, ?)",
        )
        .run(id, slug, first.image, JSON.stringify(pictures.slice(1)), first.category, new Date().toISOString()),
    );
    try {
      await page.goto(`/shop/${slug}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Fresh Lantern');
      await expect(page.getByText('$24.50', { exact: true })).toBeVisible();
      const gallery = page.getByRole('group', { name: 'Pictures of Fresh Lantern' });
      await expect(gallery.getByRole('radio')).toHaveCount(3);
      await expect(gallery.getByRole('img', { name: 'Fresh Lantern, picture 1 of 3' })).toBeVisible();
      // Keyboard: Tab reaches the chosen thumbnail, an arrow key shows the next picture.
      await gallery.getByRole('radio', { name: 'Picture 1 of 3' }).focus();
      await page.keyboard.press('ArrowRight');
      await expect(gallery.getByRole('radio', { name: 'Picture 2 of 3' })).toBeChecked();
      await expect(gallery.getByRole('img', { name: 'Fresh Lantern, picture 2 of 3' })).toBeVisible();
      await expect(gallery.getByRole('img', { name: 'Fresh Lantern, picture 1 of 3' })).toBeHidden();
      await page.getByRole('button', { name: 'Add to cart' }).first().click();
      await expect(cartButton(page).locator('[data-cart-count]')).toHaveText('1');
      expect((await page.request.get('/shop/no-such-product-here')).status()).toBe(404);
      await keepScreenshot(page, { path: join(SHOTS, 'reader-gallery-1280.png'), fullPage: true });
    } finally {
      withDb((db) => db.prepare('DELETE FROM products WHERE id = ?').run(id));
    }
  });
});

// Screenshots kept as test artifacts (SHOP_SHOTS=<dir> to keep them elsewhere): a product page and the cart, full
// and empty, at three widths in both themes.
test.describe('screenshots', () => {
  test('a product page and the cart, full and empty, fit 320, 375 and 1280 px in both themes', async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const dir = SHOTS;
    mkdirSync(dir, { recursive: true });
    const products = ((await (await request.get('/api/products')).json()) as ListResponse<Product>).results;
    const [a, b] = [products.find((p) => p.stock > 5), products.find((p) => p.stock > 0 && p.stock <= 5)];
    assert(a && b);
    for (const theme of ['light', 'dark'] as const) {
      // One tab per theme, going through the pages again at each width.
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.addInitScript(([t]) => localStorage.setItem('theme', t), [theme] as const);
      for (const width of widthsInTurn(theme)) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`/shop/${a.slug}`);
        await page.waitForLoadState('networkidle');
        await keepScreenshot(page, { path: join(dir, `product-${width}-${theme}.png`), fullPage: true });
        await expectNoSideScroll(page, width, `product page, ${theme}`);
        await page.evaluate(
          ([x, y]) =>
            localStorage.setItem(
              'cart',
              JSON.stringify([
                { productId: x, quantity: 2 },
                { productId: y, quantity: 1 },
              ]),
            ),
          [a._id, b._id],
        );
        await page.goto('/cart');
        await expect(page.locator('[data-total]')).toBeVisible();
        await page.waitForLoadState('networkidle');
        await keepScreenshot(page, { path: join(dir, `cart-${width}-${theme}.png`), fullPage: true });
        await expectNoSideScroll(page, width, `cart, ${theme}`);
        await page.evaluate(() => localStorage.removeItem('cart'));
        await page.goto('/cart');
        await expect(page.getByText('Your cart is empty.')).toBeVisible();
        await keepScreenshot(page, { path: join(dir, `cart-empty-${width}-${theme}.png`) });
        await expectNoSideScroll(page, width, `empty cart, ${theme}`);
      }
      await context.close();
    }
  });
});
