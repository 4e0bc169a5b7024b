/**
 * A company's first day without the demo: on a fresh SEED=none site the admin adds two product categories and a
 * product, a header link of its own and an About story, and once the site is rebuilt visitors see them: the header
 * leaves out the sections with nothing published and shows the new link, the shop filter offers the new categories,
 * and About tells the company's story. This file starts and builds its own site.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from './fixtures.ts';
import type { PublishStatus } from '../../src/shared/admin.ts';
import { startProductProcess, type ProductProcess } from '../helpers/product-process.ts';
import { waitForIslands } from './helpers/hydration.ts';

const PASSWORD = 'first day of the bakery 2026';
const STORY = 'We bake at four every morning in a small shop by the harbour, and sell out by noon.';

let server: ProductProcess | undefined;
let origin = '';
let dataDir = '';
let api: APIRequestContext | undefined;
let token = '';
const auth = () => ({ Authorization: `Bearer ${token}` });
/** The admin's API client, made once the server is up. */
function admin(): APIRequestContext {
  if (!api) throw new Error('the server did not start');
  return api;
}

test.describe.configure({ mode: 'serial', timeout: 360_000 });

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(300_000);
  dataDir = mkdtempSync(join(tmpdir(), 'fresh-site-'));
  server = await startProductProcess(
    {
      SEED: 'none',
      DATA_DIR: dataDir,
      DIST_DIR: join(dataDir, 'dist'),
      ADMIN_PASSWORD: PASSWORD,
      RATE_LIMITS: 'off',
    },
    120_000,
  );
  await server.waitFor(/site built in/, 240_000);
  origin = server.origin;
  api = await playwright.request.newContext({ baseURL: origin });
  const res = await api.post('/api/auth/login', { data: { username: 'admin@example.com', password: PASSWORD } });
  expect(res.status()).toBe(200);
  token = ((await res.json()) as { token: string }).token;
});

test.afterAll(async () => {
  await api?.dispose();
  server?.kill();
  await server?.exited;
  rmSync(dataDir, { recursive: true, force: true });
});

/** Waits until the saves so far are live (the server builds after the last of them). */
async function live(): Promise<void> {
  await expect
    .poll(
      async () => {
        const res = await admin().get('/api/admin/site-status', { headers: auth() });
        return ((await res.json()) as PublishStatus).state;
      },
      { timeout: 240_000, intervals: [2_000] },
    )
    .toBe('up-to-date');
}

async function signedIn(page: Page): Promise<void> {
  await page.addInitScript((t) => localStorage.setItem('token', t), token);
}

test('the admin adds categories, a product, a header link and an About story, and visitors see them', async ({
  page,
}) => {
  await signedIn(page);
  // The site is built before anything is added: the header leaves out every empty section.
  await page.goto(`${origin}/`);
  const main = page.getByRole('navigation', { name: 'Main' });
  await expect(main.getByRole('link')).toHaveText(['Home']);

  await page.goto(`${origin}/admin/categories?kind=product`);
  for (const name of ['Cakes', 'Breads']) {
    await page.getByLabel('New category').fill(name);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: `${name} was added` })).toBeVisible();
  }

  const product = await admin().post('/api/admin/products', {
    headers: auth(),
    data: { name: 'Lemon drizzle', price: 14.5, category: 'Cakes', published: true },
  });
  expect(product.status()).toBe(201);

  await page.goto(`${origin}/admin/navigation`);
  const card = page.getByRole('region', { name: 'Header menu' });
  await card.getByRole('button', { name: 'Add link' }).click();
  const links = card.getByRole('group', { name: /^Link \d+$/ });
  const added = links.last();
  await added.getByLabel('Goes to').selectOption({ label: 'Custom link' });
  await added.getByLabel('Address').fill('/contact');
  await added.getByLabel('Label').fill('Order a cake');
  await card.getByRole('button', { name: 'Save header menu' }).click();
  await expect(card.getByRole('status')).toHaveText('Header menu saved. Visitors see it once the site is rebuilt.');

  await page.goto(`${origin}/admin/update-company`);
  await page.getByLabel('Company name').fill('Harbour Bakery');
  await page.getByLabel('Our Story', { exact: true }).fill(STORY);
  await page.getByRole('button', { name: 'Save Company Settings' }).click();
  await expect(page.getByText('Company settings updated successfully').first()).toBeVisible();

  await live();

  await page.goto(`${origin}/`);
  await expect(main.getByRole('link')).toHaveText(['Home', 'Shop', 'Order a cake']);
  await expect(main.getByRole('link', { name: 'Order a cake' })).toHaveAttribute('href', '/contact');
  // An empty section's own page still answers, with its empty state.
  expect((await admin().get('/blogs')).status()).toBe(200);

  await page.goto(`${origin}/shop`);
  await waitForIslands(page, 'the shop');
  const filter = page.getByLabel('Category');
  await expect(filter.locator('option')).toContainText(['All Categories', 'Cakes', 'Breads']);
  await expect(page.getByRole('article')).toContainText('Lemon drizzle');

  await page.goto(`${origin}/about`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Harbour Bakery');
  await expect(page.getByRole('article').filter({ hasText: 'Our Story' })).toContainText(STORY);
  await expect(page).toHaveTitle('About · Harbour Bakery');
});
