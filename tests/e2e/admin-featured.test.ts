/**
 * The admin's Featured screen on the demo site: the admin finds a product, pins it and moves it to the front with the
 * keyboard; once the rebuild the save asked for is live (the signed-out Featured row is built into the home page's
 * HTML), the home page's Featured row opens with it. The screen fits 320, 375 and 1280 px in both themes. This file's
 * server builds the site itself.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from './fixtures.ts';
import type { FeaturedState } from '../../src/shared/schemas/featured.ts';
import { adminApi, signedInAs } from './helpers/admin.ts';
import { expectNoSideScroll } from './helpers/page-audit.ts';
import { settled } from './helpers/rebuild.ts';
import { inBothThemes, keepScreenshot } from './helpers/screenshots.ts';

test.use({ siteBuilds: true });
// A build of the demo site takes 30-60 s on a busy 2-core machine; the first one at start may still be running.
test.describe.configure({ mode: 'serial', timeout: 300_000 });

/** A demo product the demo does not pin. */
const ITEM = 'Merino Crew Sweater';

let api: APIRequestContext;
let token = '';
let demoPins: { kind: string; id: string }[] = [];
const auth = () => ({ Authorization: `Bearer ${token}` });

const pinnedList = (page: Page) => page.getByRole('list', { name: 'Pinned items' });

test.beforeAll(async ({ playwright }) => {
  ({ api, token } = await adminApi(playwright));
  const state = (await (await api.get('/api/admin/featured', { headers: auth() })).json()) as FeaturedState;
  demoPins = state.pins.map(({ kind, id }) => ({ kind, id }));
});

test.afterAll(async () => {
  await api.put('/api/admin/featured', { headers: auth(), data: { items: demoPins } });
  await api.dispose();
});

test('a pinned item opens the home page’s Featured row once the site is rebuilt', async ({ browser }) => {
  expect(demoPins).toHaveLength(4);
  expect((await settled(api, token)).state).toBe('up-to-date');
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signedInAs(page, token);

  await page.goto('/admin/featured');
  await expect(page.getByRole('heading', { level: 1, name: 'Featured' })).toBeVisible();
  await expect(pinnedList(page).getByRole('listitem')).toHaveCount(4);
  await page.getByLabel('Search published items').fill('merino');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const results = page.getByRole('list', { name: 'Search results' });
  await expect(results.getByRole('listitem').first()).toContainText(ITEM);
  await results.getByRole('button', { name: `Pin ${ITEM}` }).click();
  await expect(page.getByRole('status')).toHaveText(
    `Pinned "${ITEM}": number 5 of 5. The home page shows it once the site is rebuilt.`,
  );
  await expect(results.getByRole('button', { name: `Unpin ${ITEM}` })).toBeVisible();
  await expect(pinnedList(page).getByRole('listitem').last()).toContainText(ITEM);

  // To the front with the keyboard: the arrow keeps the focus after each save.
  const up = pinnedList(page).getByRole('button', { name: `Move ${ITEM} up` });
  await up.focus();
  for (let n = 4; n >= 1; n--) {
    await expect(up).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status')).toContainText(`"${ITEM}" is now number ${n} of 5.`);
  }
  await expect(pinnedList(page).getByRole('listitem').first()).toContainText(ITEM);
  await expect(up).toBeDisabled();
  const preview = page.getByRole('list', { name: 'Featured row preview' }).getByRole('listitem');
  await expect(preview.first()).toContainText(ITEM);
  await expect(preview.first()).toContainText('Pinned');

  // The signed-out row is static HTML: it changes with the rebuild the save asked for.
  expect((await settled(api, token)).state).toBe('up-to-date');
  const visitor = await browser.newPage();
  await visitor.goto('/');
  const featured = visitor.getByRole('region', { name: 'Featured', exact: true });
  await featured.scrollIntoViewIfNeeded();
  await expect(featured.getByRole('article').first().getByRole('link')).toHaveText(ITEM);
  await expect(featured.getByRole('article')).toHaveCount(4);
  await visitor.close();
  await context.close();
});

test('the Featured screen fits 320, 375 and 1280 px in both themes', async ({ browser }) => {
  const dir = process.env['X_SHOTS'] ?? 'test-results/screens/admin-featured';
  mkdirSync(dir, { recursive: true });
  await inBothThemes(browser, token, async (page, theme, width) => {
    await page.goto('/admin/featured');
    await expect(pinnedList(page).getByRole('listitem').first()).toBeVisible();
    await expect(page.getByRole('list', { name: 'Search results' }).getByRole('listitem').first()).toBeVisible();
    await expectNoSideScroll(page, width, `featured, ${theme}`);
    await keepScreenshot(page, { path: join(dir, `featured-${width}-${theme}.png`), fullPage: true });
  });
});
