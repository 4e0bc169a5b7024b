/**
 * The admin layout and dashboard: the sidebar's eight links, the stat cards with the API's
 * numbers, quick actions, recent activity, the publish state, the failure lines with Retry, and the overlay sidebar.
 */
import assert from 'node:assert/strict';
import { expect, test, type Page } from './fixtures.ts';
import type { DashboardStats, PublishStatus } from '../../src/shared/admin.ts';
import { adminToken, signedInAs } from './helpers/admin.ts';
import { expectNoSideScroll } from './helpers/page-audit.ts';

const SIDEBAR = [
  ['Dashboard', '/admin-dashboard'],
  ['Content', '/admin/content'],
  ['Media', '/admin/media'],
  ['Featured', '/admin/featured'],
  ['Scheduled', '/admin/schedule'],
  ['Comments', '/admin/comments'],
  ['Events', '/admin/events'],
  ['Update Company', '/admin/update-company'],
  ['Theme Settings', '/admin/theme-settings'],
  ['Categories', '/admin/categories'],
  ['Navigation', '/admin/navigation'],
  ['Products', '/admin/manage-products'],
  ['Users', '/admin/manage-users'],
  ['Messages', '/admin/messages'],
  ['Newsletter', '/admin/newsletter'],
  ['Orders', '/admin/orders'],
  ['Store', '/admin/store'],
  ['Sliders', '/admin/edit-hero'],
  ['Team', '/admin/team'],
  ['Analytics', '/analytics'],
  ['Integrations', '/admin/integrations'],
  ['Import', '/admin/import'],
  ['Publish checks', '/admin/publish-checks'],
  ['Backup', '/admin/backup'],
] as const;

let token = '';
const auth = () => ({ Authorization: `Bearer ${token}` });

/** The dashboard, signed in as the admin, with the screen shown. */
async function openDashboard(page: Page) {
  await signedInAs(page, token);
  await page.goto('/admin-dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
}

const json = (body: unknown, status = 200) => ({ status, contentType: 'application/json', body: JSON.stringify(body) });
const card = (page: Page, label: string) =>
  page.getByRole('list', { name: 'Statistics' }).getByRole('listitem').filter({ hasText: label });

test.beforeAll(async ({ request }) => {
  token = await adminToken(request);
});

test("the layout has the top bar and the sidebar links in order (the spec's eight, Store and Team), the current one marked", async ({
  page,
}) => {
  await openDashboard(page);
  await expect(page.getByText('Admin Dashboard', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Notifications/ })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: /^Messages/ })).toHaveAttribute(
    'href',
    '/admin/messages',
  );
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();

  const sidebar = page.getByRole('navigation', { name: 'Admin Panel' });
  await expect(sidebar.getByText('Admin Panel', { exact: true })).toBeVisible();
  const links = sidebar.getByRole('link');
  await expect(links).toHaveText(SIDEBAR.map(([label]) => label));
  for (const [i, [, href]] of SIDEBAR.entries()) await expect(links.nth(i)).toHaveAttribute('href', href);
  await expect(sidebar.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  await expect(sidebar.locator('[aria-current]')).toHaveCount(1);
});

test('an admin screen opened in a fresh tab switches to the brand font, as public pages do', async ({ page }) => {
  await openDashboard(page);
  // The tab has loaded no public page, so nothing set the font on <html> before the first paint: the layout does it.
  for (const part of [page.locator('header').first(), page.getByRole('main'), card(page, 'Total Revenue')])
    await expect.poll(() => part.evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(/^"?Inter Variable/);
});

test('the four stat cards show the numbers the API gives, revenue with $ and thousands separators', async ({
  page,
  request,
}) => {
  const stats = (await (await request.get('/api/dashboard/stats', { headers: auth() })).json()) as DashboardStats;
  await openDashboard(page);
  const count = (n: number) => n.toLocaleString('en-US');
  await expect(card(page, 'Total Users')).toContainText(count(stats.totalUsers));
  await expect(card(page, 'Total Products')).toContainText(count(stats.totalProducts));
  await expect(card(page, 'Total Orders')).toContainText(count(stats.totalOrders));
  const revenue = stats.totalRevenue.toLocaleString('en-US', { style: 'currency', currency: 'USD' });
  await expect(card(page, 'Total Revenue')).toContainText(revenue);
  await expect(card(page, 'Total Revenue').locator('[data-stat]')).toHaveText(/^\$\d{1,3}(,\d{3})*\.\d{2}$/);
});

test('big numbers are grouped by thousands (stats answered by the test)', async ({ page }) => {
  await page.route('**/api/dashboard/stats', (route) =>
    route.fulfill(json({ totalUsers: 12345, totalProducts: 7, totalOrders: 1000, totalRevenue: 1234567.5 })),
  );
  await openDashboard(page);
  await expect(card(page, 'Total Users').locator('[data-stat]')).toHaveText('12,345');
  await expect(card(page, 'Total Orders').locator('[data-stat]')).toHaveText('1,000');
  await expect(card(page, 'Total Revenue').locator('[data-stat]')).toHaveText('$1,234,567.50');
});

test('a failed load shows a clear line with Retry, and Retry loads the numbers', async ({ page, request }) => {
  const stats = (await (await request.get('/api/dashboard/stats', { headers: auth() })).json()) as DashboardStats;
  await page.route('**/api/dashboard/stats', (route) => route.fulfill(json({ message: 'Database is busy' }, 503)));
  await page.route('**/api/admin/activity**', (route) =>
    route.fulfill(json({ message: 'Activity is unavailable' }, 503)),
  );
  await openDashboard(page);
  const alerts = page.getByRole('alert');
  await expect(alerts.filter({ hasText: 'Database is busy' })).toBeVisible();
  await expect(alerts.filter({ hasText: 'Activity is unavailable' })).toBeVisible();

  await page.unrouteAll();
  await alerts.filter({ hasText: 'Database is busy' }).getByRole('button', { name: 'Retry' }).click();
  await expect(card(page, 'Total Users')).toContainText(stats.totalUsers.toLocaleString('en-US'));
});

test('quick actions link to the admin tasks, Add Slider first', async ({ page }) => {
  await openDashboard(page);
  const actions = page.getByRole('region', { name: 'Quick Actions' });
  await expect(actions.getByRole('link', { name: /Add Slider/ })).toHaveAttribute('href', '/admin/add-slider');
  for (const href of ['/admin/update-company', '/admin/theme-settings', '/admin/edit-hero']) {
    await expect(actions.locator(`a[href="${href}"]`)).toBeVisible();
  }
});

test('a requested rebuild shows in the publish state and the activity, and the state follows the build to the end', async ({
  page,
  request,
  buildHook,
}) => {
  // The build hook holds its answer, so the build stays under way until the widget has shown it.
  const release = buildHook.hold();
  // Every headline the widget shows, in order, however briefly.
  await page.addInitScript(() => {
    const seen: string[] = ((window as unknown as { publishSeen: string[] }).publishSeen = []);
    new MutationObserver(() => {
      const text = document.querySelector('[data-publish-state] [role=status]')?.textContent;
      if (text && seen.at(-1) !== text) seen.push(text);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  // The rebuild is asked for while the widget's first status call is held, so that call sees it under way.
  let asked: PublishStatus | undefined;
  await page.route('**/api/admin/site-status', async (route) => {
    if (!asked) {
      const res = await request.post('/api/admin/site-rebuild', { headers: auth(), data: {} });
      expect(res.status()).toBe(202);
      asked = (await res.json()) as PublishStatus;
    }
    await route.continue();
  });
  await openDashboard(page);

  const publish = page.getByRole('region', { name: 'Public Site' });
  try {
    await expect(publish.getByRole('status')).toHaveText('Rebuilding the public site…', { timeout: 20_000 });
  } finally {
    release();
  }
  // No reload: the widget polls every 3 s while a build is scheduled or running.
  await expect(publish.getByRole('status')).toHaveText('Public site is up to date', { timeout: 20_000 });
  const seen = await page.evaluate(() => (window as unknown as { publishSeen: string[] }).publishSeen);
  expect(['scheduled', 'building']).toContain(asked?.state);
  expect(seen[0]).toMatch(/^(Scheduled|Rebuilding the public site…)$/);
  expect(seen.at(-1)).toBe('Public site is up to date');
  await expect(publish).toContainText('Last built');

  await page.getByRole('region', { name: 'Recent Activity' }).getByRole('button', { name: 'Refresh' }).click();
  const entry = page.getByRole('list', { name: 'Recent admin activity' }).getByRole('listitem').first();
  await expect(entry).toContainText('Site rebuild requested');
  await expect(entry).toContainText(/just now|minute/);
  const when = entry.locator('time');
  const datetime = await when.getAttribute('datetime');
  assert(datetime !== null);
  expect(Math.abs(Date.parse(datetime) - Date.now())).toBeLessThan(240_000);
  await expect(when).toHaveAttribute('title', /\d{4}, \d{1,2}:\d{2} (AM|PM) UTC$/);
});

test('a failed rebuild shows the reason and Retry asks for a new build; the bell lists it', async ({ page }) => {
  const failed: PublishStatus = {
    state: 'failed',
    since: new Date(Date.now() - 5 * 60_000).toISOString(),
    reason: 'astro build exited with code 1',
    lastBuiltAt: new Date(Date.now() - 3_600_000).toISOString(),
  };
  const retries: string[] = [];
  await page.route('**/api/admin/site-status', (route) => route.fulfill(json(failed)));
  await page.route('**/api/admin/site-rebuild', (route) => {
    retries.push(route.request().method());
    return route.fulfill(
      json({ state: 'building', since: new Date().toISOString(), lastBuiltAt: failed.lastBuiltAt }, 202),
    );
  });
  await page.route('**/api/admin/notifications', (route) =>
    route.fulfill(
      json({
        results: [{ id: 'n1', kind: 'rebuild-failed', text: 'The public site could not be rebuilt', at: failed.since }],
      }),
    ),
  );
  await openDashboard(page);

  const publish = page.getByRole('region', { name: 'Public Site' });
  await expect(publish.getByRole('status')).toHaveText('Site rebuild failed');
  await expect(publish).toContainText('astro build exited with code 1');
  await expect(publish).toContainText('5 minutes ago');

  const bell = page.getByRole('button', { name: 'Notifications (1)' });
  await bell.click();
  const list = page.getByRole('region', { name: 'Notifications' });
  await expect(list).toContainText('The public site could not be rebuilt');
  await page.keyboard.press('Escape');
  await expect(list).toBeHidden();

  await publish.getByRole('button', { name: 'Retry' }).click();
  await expect(publish.getByRole('status')).toHaveText('Rebuilding the public site…');
  expect(retries).toEqual(['POST']);
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the sidebar is an overlay: closed, opened by the menu button, closed by an outside click, Escape and a link', async ({
    page,
  }) => {
    await openDashboard(page);
    const sidebar = page.getByRole('navigation', { name: 'Admin Panel' });
    const menu = page.getByRole('button', { name: 'Open menu' });
    await expect(sidebar).toBeHidden();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');

    await menu.click();
    await expect(sidebar).toBeVisible();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await page.mouse.click(350, 500); // the dimmed page beside the panel
    await expect(sidebar).toBeHidden();

    await menu.click();
    await expect(sidebar).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(sidebar).toBeHidden();
    await expect(menu).toBeFocused();

    await menu.click();
    await sidebar.getByRole('link', { name: 'Dashboard' }).click();
    await expect(sidebar).toBeHidden();
  });

  test('the cards stack, nothing is wider than the screen, and the top bar title fits down to 320 px', async ({
    page,
  }) => {
    await openDashboard(page);
    await expect(card(page, 'Total Revenue')).toBeVisible();
    await expectNoSideScroll(page, 375);
    // Down to 320 px the top bar keeps its whole title beside the menu, bell, messages and Logout.
    await page.setViewportSize({ width: 320, height: 640 });
    const title = page.locator('header').getByText('Admin Dashboard', { exact: true });
    await expect(title).toBeVisible();
    expect(await title.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await expectNoSideScroll(page, 320);
  });
});
