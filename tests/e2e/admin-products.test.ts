/**
 * Manage Products (/admin/manage-products) as an admin uses it: a product with a picture is added
 * (a bad price is marked under its field first), its price edited, found in the table, taken back to a draft and
 * deleted after the confirmation. The e2e server is shared: only this run's product is touched, and whatever a failed
 * step left is deleted through the API; the site is then left built and up to date.
 */
import assert from 'node:assert/strict';
import { expect, test, type APIRequestContext, type Page } from './fixtures.ts';
import sharp from 'sharp';
import type { AdminProductPage } from '../../src/shared/products-admin.ts';
import type { Product } from '../../src/shared/types.ts';
import { adminApi, signedInAs } from './helpers/admin.ts';

// The clean-up may wait for a site build (30-60 s on a busy machine).
test.describe.configure({ mode: 'serial', timeout: 90_000 });

const RUN = `e2e-product-${Date.now().toString(36)}`;
const NAME = `${RUN} Studio Mug`;
let api: APIRequestContext;
let token = '';

const auth = () => ({ Authorization: `Bearer ${token}` });
const ours = async () =>
  ((await (await api.get(`/api/admin/products?q=${RUN}`, { headers: auth() })).json()) as AdminProductPage).results;
const publicNames = async () =>
  (
    (await (await api.get('/api/products', { headers: { 'Cache-Control': 'no-cache' } })).json()) as {
      results: Product[];
    }
  ).results.map((p) => p.name);

test.beforeAll(async ({ playwright }) => {
  ({ api, token } = await adminApi(playwright));
});

test.afterAll(async () => {
  for (const product of await ours()) await api.delete(`/api/admin/products/${product._id}`, { headers: auth() });
  expect(await ours()).toEqual([]);
  await api.dispose();
});

async function open(page: Page) {
  await signedInAs(page, token);
  await page.goto('/admin/manage-products');
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Products' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('table', { name: 'Products' })).toBeVisible({ timeout: 20_000 });
}

const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });
const status = (page: Page) => page.getByRole('status').filter({ hasText: /\S/ });
const row = (page: Page) => page.locator('table[aria-label="Products"] tbody tr').filter({ hasText: NAME });

test('an admin adds a product with a picture, edits its price, takes it to a draft and deletes it', async ({
  page,
}) => {
  await open(page);

  // Add, with a bad price first: the error shows under the field and nothing is sent.
  await page.getByRole('button', { name: 'Add Product' }).click();
  const add = dialog(page, 'Add Product');
  await expect(add).toBeVisible();
  await add.getByLabel('Name').fill(NAME);
  await add.getByLabel('Description').fill('Stoneware, 350 ml, made for this test.');
  await add.getByLabel('Price (USD)').fill('12.505');
  await add.getByLabel('Category').selectOption('Accessories');
  await add.getByLabel('Stock').fill('5');
  await add.getByLabel('Published (shown in the shop)').check();
  await add.getByLabel('Choose an image').setInputFiles({
    name: 'mug.png',
    mimeType: 'image/png',
    buffer: await sharp({ create: { width: 320, height: 320, channels: 3, background: '#2277aa' } })
      .png()
      .toBuffer(),
  });
  const preview = add.getByRole('img', { name: 'New image preview' });
  await expect(preview).toBeVisible();
  // The preview is the chosen file's blob: URL, which the admin pages' img-src allows: it shows, not a broken image.
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(320);
  await add.getByRole('button', { name: 'Create Product' }).click();
  await expect(add.getByText('Price must be an amount such as 12.50, with at most 2 decimals.')).toBeVisible();
  await expect(add.getByLabel('Price (USD)')).toHaveAttribute('aria-invalid', 'true');
  expect(await ours()).toEqual([]);

  await add.getByLabel('Price (USD)').fill('12.5');
  await add.getByRole('button', { name: 'Create Product' }).click();
  await expect(status(page)).toHaveText('Product created');
  await expect(add).toBeHidden();

  // Found in the table by search, with its picture, price and state.
  await page.getByRole('searchbox', { name: 'Search products' }).fill(RUN);
  await expect(page.locator('table[aria-label="Products"] tbody tr')).toHaveCount(1);
  await expect(row(page)).toContainText('$12.50');
  await expect(row(page)).toContainText('Accessories');
  await expect(row(page)).toContainText('Published');
  await expect(row(page).locator('img')).toHaveAttribute('src', /\/media\/[0-9a-f-]{36}/);
  const [created] = await ours();
  expect(created).toMatchObject({ name: NAME, price: 12.5, price_cents: 1250, stock: 5, published: true });
  assert(created);
  expect(await publicNames()).toContain(NAME);

  // Edit the price.
  await row(page)
    .getByRole('button', { name: `Edit ${NAME}` })
    .click();
  const edit = dialog(page, 'Edit Product');
  await expect(edit.getByLabel('Price (USD)')).toHaveValue('12.50');
  await edit.getByLabel('Price (USD)').fill('19.99');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(status(page)).toHaveText('Product updated');
  await expect(row(page)).toContainText('$19.99');
  expect((await ours())[0]).toMatchObject({ price: 19.99, price_cents: 1999, image: created.image });

  // Back to a draft: gone from the public list.
  await row(page)
    .getByRole('button', { name: `Unpublish ${NAME}` })
    .click();
  await expect(status(page)).toHaveText(`Product "${NAME}" unpublished`);
  await expect(row(page)).toContainText('Draft');
  expect(await publicNames()).not.toContain(NAME);

  // Delete: Cancel keeps it, Delete removes it.
  await row(page)
    .getByRole('button', { name: `Delete ${NAME}` })
    .click();
  const confirm = dialog(page, 'Delete product?');
  await expect(confirm).toContainText(NAME);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(row(page)).toHaveCount(1);
  await row(page)
    .getByRole('button', { name: `Delete ${NAME}` })
    .click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(status(page)).toHaveText('Product deleted');
  await expect(row(page)).toHaveCount(0);
  await expect(page.getByText('No products found.')).toBeVisible();
  expect(await ours()).toEqual([]);
  expect((await api.get(created.image)).status()).toBe(404);
});

test('sorting by a heading orders the table and marks the heading', async ({ page }) => {
  await open(page);
  const heading = page.getByRole('columnheader', { name: /Price/ });
  await heading.getByRole('button').click();
  await expect(heading).toHaveAttribute('aria-sort', 'ascending');
  const prices = async () =>
    (await page.locator('table[aria-label="Products"] tbody tr td:nth-child(4)').allInnerTexts()).map((text) =>
      Number(text.replace(/[^0-9.]/g, '')),
    );
  /** Whether each price stands in `order` to the one before it. */
  const each = (p: number[], order: (before: number, after: number) => boolean) =>
    p.slice(1).every((v, i) => {
      const before = p[i];
      return before !== undefined && order(before, v);
    });
  await expect
    .poll(async () => {
      const p = await prices();
      return p.length > 1 && each(p, (before, after) => before <= after);
    })
    .toBe(true);
  await heading.getByRole('button').click();
  await expect(heading).toHaveAttribute('aria-sort', 'descending');
  await expect
    .poll(async () => {
      const p = await prices();
      return p.length > 1 && each(p, (before, after) => before >= after);
    })
    .toBe(true);
});
