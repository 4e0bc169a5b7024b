/**
 * The admin's Navigation screen on the demo site: the admin renames a header link, hides a section (what 'Automatic'
 * does to an empty one) and adds a custom link; once the rebuild the save asks for is live, the public header shows
 * them on a wide screen and in the phone's side menu, and the header holds them at every width (helpers/header-fit.ts).
 * The screen fits 320, 375 and 1280 px in both themes. This
 * file's server builds the site itself.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from './fixtures.ts';
import { sectionList } from '../../src/components/admin/navigation/menu-form.ts';
import { defaultMenu, sitemapHiddenRoutes, type PublicNavigation } from '../../src/shared/navigation.ts';
import { adminApi, signedInAs } from './helpers/admin.ts';
import { checkHeader } from './helpers/header-fit.ts';
import { expectNoSideScroll } from './helpers/page-audit.ts';
import { firstGroups } from './helpers/matches.ts';
import { served, settled } from './helpers/rebuild.ts';
import { inBothThemes, keepScreenshot } from './helpers/screenshots.ts';

test.use({ siteBuilds: true });
// A build of the demo site takes 30-60 s on a busy 2-core machine; the first one at start may still be running.
test.describe.configure({ mode: 'serial', timeout: 300_000 });

const RUN = Date.now().toString(36);
const STORE = `Store ${RUN}`;
const CUSTOM = `Write to us ${RUN}`;

let api: APIRequestContext;
let token = '';

const publishButton = (page: Page) => page.getByRole('button', { name: /^Publish status:/ });
const headerCard = (page: Page) => page.getByRole('region', { name: 'Header menu' });

test.beforeAll(async ({ playwright }) => {
  ({ api, token } = await adminApi(playwright));
});

test.afterAll(async () => {
  // The demo's header back for the files that follow on this worker's server (its build is not waited for).
  const res = await api.put('/api/admin/navigation/header', {
    headers: { Authorization: `Bearer ${token}` },
    data: { items: defaultMenu('header') },
  });
  expect(res.status()).toBe(200);
  await api.dispose();
});

test('a renamed, a hidden and a custom header link reach the public header once published', async ({ browser }) => {
  expect((await settled(api, token)).state).toBe('up-to-date');
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signedInAs(page, token);
  // The demo publishes no document (unless another file on this server has added one since).
  const { emptySections } = (await (await api.get('/api/navigation')).json()) as PublicNavigation;
  await page.goto('/admin/navigation');
  await expect(page.locator('[data-empty-sections]')).toContainText(
    emptySections.length > 0
      ? `Nothing is published in ${sectionList(emptySections)} yet`
      : 'every section has some now',
  );
  const header = headerCard(page);
  const shop = header.getByRole('group', { name: 'Link 2' });
  await expect(shop.getByLabel('Label')).toHaveValue('Shop');
  await shop.getByLabel('Label').fill(STORE);
  const videos = header.getByRole('group', { name: 'Link 5' });
  await expect(videos.getByLabel('Label')).toHaveValue('Videos');
  await videos.getByLabel('Visibility').selectOption('hidden');
  await expect(videos).toContainText('Hidden: visitors do not see this link.');

  await header.getByRole('button', { name: 'Add link' }).click();
  const added = header.getByRole('group', { name: 'Link 8' });
  await expect(added.getByLabel('Label')).toBeFocused();
  await added.getByLabel('Goes to').selectOption({ label: 'Custom link' });
  await expect(added.getByLabel('Address')).toBeFocused();
  // An address that leaves the site the unsafe way is refused before anything is sent.
  await added.getByLabel('Address').fill('//elsewhere.example');
  await header.getByRole('button', { name: 'Save header menu' }).click();
  await expect(added.getByLabel('Address')).toHaveAttribute('aria-invalid', 'true');
  await expect(header.getByRole('status')).toHaveText(
    'Link 8 address must be a site path starting with / or an https:// address.',
  );
  await added.getByLabel('Address').fill('/contact');
  await added.getByLabel('Label').fill(CUSTOM);
  await header.getByRole('button', { name: 'Save header menu' }).click();
  await expect(header.getByRole('status')).toHaveText('Header menu saved. Visitors see it once the site is rebuilt.');
  // The same publish feedback as every admin save: Publishing…, then Live once visitors have it.
  await expect(publishButton(page)).toHaveAccessibleName(/^Publish status: Publishing…/);
  await expect(publishButton(page)).toHaveAccessibleName('Publish status: Live', { timeout: 240_000 });

  await page.goto('/');
  const main = page.getByRole('navigation', { name: 'Main' });
  await expect(main.getByRole('link')).toHaveText(['Home', STORE, 'Blogs', 'Photos', 'Audio', 'Events', CUSTOM]);
  await expect(main.getByRole('link', { name: STORE })).toHaveAttribute('href', '/shop');
  await expect(main.getByRole('link', { name: CUSTOM })).toHaveAttribute('href', '/contact');
  // The hidden section's own page still answers, and, having content, stays in the sitemap; an empty section no menu
  // shows is left out of it.
  expect((await api.get('/videos')).status()).toBe(200);
  const index = (await served(api, '/sitemap-index.xml')).html;
  const maps = firstGroups(index, /<loc>[^<]*?(\/sitemap-[^<]+\.xml)<\/loc>/g);
  const sitemaps = (await Promise.all(maps.map(async (path) => (await served(api, path)).html))).join('\n');
  expect(sitemaps).toContain('/videos/');
  expect(sitemaps).toContain('/shop/');
  const published = (await (await api.get('/api/navigation')).json()) as PublicNavigation;
  for (const route of sitemapHiddenRoutes(published)) expect(sitemaps).not.toContain(`${route}/`);

  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/about');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Mobile' });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('link', { name: STORE })).toHaveAttribute('href', '/shop');
  await expect(menu.getByRole('link', { name: CUSTOM })).toHaveAttribute('href', '/contact');
  await expect(menu.getByRole('link', { name: 'Videos', exact: true })).toHaveCount(0);
  await context.close();
  // The changed menu, its labels longer than the demo's, fits at every width.
  await checkHeader(browser, token, published.header, 'changed');
});

test('the Navigation screen fits 320, 375 and 1280 px in both themes', async ({ browser }) => {
  const dir = process.env['X_SHOTS'] ?? 'test-results/screens/admin-navigation';
  mkdirSync(dir, { recursive: true });
  await inBothThemes(browser, token, async (page, theme, width) => {
    await page.goto('/admin/navigation');
    await expect(headerCard(page).getByRole('group', { name: 'Link 1' })).toBeVisible();
    await expectNoSideScroll(page, width, `navigation, ${theme}`);
    await keepScreenshot(page, { path: join(dir, `navigation-${width}-${theme}.png`), fullPage: true });
  });
});
