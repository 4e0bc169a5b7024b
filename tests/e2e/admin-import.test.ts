/**
 * Moving in from the admin area, on a server of its own (the import adds products the other files do not expect):
 * the admin opens Import from the sidebar, chooses Shopify, uploads the products CSV kept in the tests with a .zip of
 * most of its pictures, reads the dry run, imports, watches the progress and reads the report; the old
 * /products/{handle} address then answers 301 to the product's new page, which opens. Screenshots of the form, the
 * plan and the report at 320, 375 and 1280 px in both themes go to IMPORT_SHOTS with E2E_SCREENSHOTS=1.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import yazl from 'yazl';
import { readShopifyCsv } from '../../src/server/modules/imports/shopify/read-shopify-csv.ts';
import { E2E_ADMIN_PASSWORD } from '../playwright.config.ts';
import { expect, test } from './fixtures.ts';
import { ADMIN_EMAIL } from './helpers/admin.ts';
import { startOwnServer, type WorkerServer } from './helpers/e2e-server.ts';
import { waitForIslands } from './helpers/hydration.ts';
import { expectNoSideScroll } from './helpers/page-audit.ts';
import { keepScreenshot, SCREENSHOTS } from './helpers/screenshots.ts';

const SHOTS = process.env['IMPORT_SHOTS'] ?? 'test-results/screens/admin-import';
const CSV_PATH = join(import.meta.dirname, '../fixtures/import/shopify-products.csv');

test.describe.configure({ mode: 'serial', timeout: 150_000 });

let server: WorkerServer | undefined;
const site = () => {
  if (!server) throw new Error('the server did not start');
  return server.url;
};

test.beforeAll(async ({ buildHook }) => {
  test.setTimeout(120_000);
  server = await startOwnServer('import', '127.0.0.1', { REBUILD_WEBHOOK_URL: buildHook.url });
});
test.afterAll(async () => {
  await server?.stop();
});

/** A .zip of small JPEGs under `names`. */
async function pictureZip(names: readonly string[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [i, name] of names.entries()) {
    const background = { r: (i * 53) % 256, g: (i * 97) % 256, b: 160 };
    zip.addBuffer(
      await sharp({ create: { width: 80, height: 60, channels: 3, background } })
        .jpeg()
        .toBuffer(),
      name,
    );
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The screen at each width in both themes, as a designer reviews it (only with E2E_SCREENSHOTS=1). */
async function shots(page: Page, name: string, heading: string) {
  if (!SCREENSHOTS) return;
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => localStorage.setItem('theme', t), theme);
    await page.reload();
    await waitForIslands(page);
    if (name === 'report')
      await page
        .getByRole('button', { name: /^Open the import of/ })
        .first()
        .click();
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    for (const width of [1280, 375, 320]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoSideScroll(page, width);
      await keepScreenshot(page, { path: join(SHOTS, `admin-import-${name}-${width}-${theme}.png`), fullPage: true });
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('the admin moves a Shopify catalogue in, and every old product address answers 301 to its new page', async ({
  page,
  request,
}) => {
  const products = readShopifyCsv(readFileSync(CSV_PATH, 'utf8')).units.filter((u) => u.type === 'product');
  const pictures = [
    ...new Set(products.flatMap((p) => p.images.map((i) => new URL(i.url).pathname.split('/').pop() ?? ''))),
  ];

  await page.goto(`${site()}/login?next=%2Fadmin-dashboard`);
  await waitForIslands(page);
  await page.getByLabel('Username or Email').fill(ADMIN_EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/admin-dashboard\/?$/);
  await page.getByRole('navigation').getByRole('link', { name: 'Import' }).first().click();
  await expect(page).toHaveURL(/\/admin\/import\/?$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Import' })).toBeVisible();
  await shots(page, 'form', 'Import from WordPress or Shopify');

  await page.getByRole('radio', { name: 'Shopify' }).check();
  await page.getByLabel('Export file').setInputFiles(CSV_PATH);
  await page.getByLabel('Pictures archive (.zip, optional)').setInputFiles({
    name: 'product-pictures.zip',
    mimeType: 'application/zip',
    buffer: await pictureZip(pictures.slice(1)),
  });
  await page.getByRole('button', { name: 'Upload and check' }).click();
  const plan = page.getByRole('heading', { name: 'What the import would do' });
  await expect(plan).toBeFocused({ timeout: 30_000 });
  const summary = page.getByRole('table');
  await expect(summary.getByRole('row', { name: /^products?\b/i })).toContainText(String(products.length));
  await expect(page.getByRole('list', { name: 'Problems in the export' })).toBeVisible();
  await shots(page, 'plan', 'What the import would do');

  const start = page.getByRole('button', { name: /^Import \d+ items?$/ });
  const label = (await start.textContent()) ?? '';
  await start.click();
  await page.getByRole('dialog').getByRole('button', { name: label }).click();
  await expect(page.getByRole('heading', { name: 'Import report' })).toBeFocused({ timeout: 60_000 });
  await expect(
    page.getByText('Visitors see the imported content once the site is rebuilt, which starts now.'),
  ).toBeVisible();
  const first = products[0];
  if (!first) throw new Error('the fixture has no product');
  const link = page.getByRole('link', { name: `${first.name} (opens in a new tab)` });
  const newPath = (await link.getAttribute('href')) ?? '';
  expect(newPath).toMatch(/^\/shop\/[a-z0-9-]+\/$/);

  const moved = await request.get(`${site()}/products/${first.slug}`, { maxRedirects: 0 });
  expect(moved.status()).toBe(301);
  expect(moved.headers()['location']).toBe(newPath);
  // The product is newer than the build: its page opens and loads it.
  await page.goto(`${site()}/products/${first.slug}`);
  await expect(page).toHaveURL(new RegExp(`${newPath.replace(/\//g, '\\/')}$`));
  await expect(page.getByRole('heading', { level: 1, name: first.name })).toBeVisible();

  await page.goto(`${site()}/admin/import`);
  await waitForIslands(page);
  await shots(page, 'report', 'Import report');
});
