/**
 * Analytics end to end: a visitor's pages are counted by the public layout's script (no cookie), the
 * admin opens /analytics and sees the charts drawn and the tables with those views, switches the range, downloads a
 * CSV; an empty range reads the spec's text; admin pages count nothing. Screenshots at 320, 375 and 1280 px in both
 * themes go to ANALYTICS_SHOTS, else the test results' folder.
 */
import { PERSON_UA } from '../helpers/user-agents.ts';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from './fixtures.ts';
import { addDays, NO_ANALYTICS, utcDay, type AnalyticsReport } from '../../src/shared/analytics.ts';
import { adminToken, signedInAs } from './helpers/admin.ts';
import { withDb } from './helpers/e2e-db.ts';
import { keepScreenshot } from './helpers/screenshots.ts';
import { expectNoSideScroll } from './helpers/page-audit.ts';

const SHOTS = process.env['ANALYTICS_SHOTS'] ?? 'test-results/screens/analytics';
const VISITED = ['/about', '/pricing', '/contact'] as const;

let token = '';

// eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- node:sqlite's rows (Records) convert only to a type literal, which has an implicit index signature; an interface has none
type ViewRow = { day: string; path: string; referrer_host: string; views: number };
/** The page views other tests made, set aside while this file runs (see beforeAll). */
let setAside: ViewRow[] = [];

test.beforeAll(async ({ request }) => {
  token = await adminToken(request);
  // The report lists the top TOP_LIMIT paths only: with other files' views in it, a visited path can sit just outside
  // the list before and inside it after, so its count would jump by more than this test's views. They are set aside
  // and added back afterwards.
  setAside = withDb((db) => {
    const rows = db.prepare('SELECT day, path, referrer_host, views FROM page_views').all() as ViewRow[];
    db.exec('DELETE FROM page_views');
    return rows;
  });
});

test.afterAll(() => {
  withDb((db) => {
    const add = db.prepare(
      'INSERT INTO page_views (day, path, referrer_host, views) VALUES (?, ?, ?, ?) ON CONFLICT (day, path, referrer_host) DO UPDATE SET views = views + excluded.views',
    );
    for (const row of setAside) add.run(row.day, row.path, row.referrer_host, row.views);
  });
});

async function todaysReport(request: import('@playwright/test').APIRequestContext): Promise<AnalyticsReport> {
  const res = await request.get('/api/analytics', { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return (await res.json()) as AnalyticsReport;
}

const viewsOf = (report: AnalyticsReport, path: string) => report.topContent.find((c) => c.path === path)?.views ?? 0;

async function openAnalytics(page: Page, query = '') {
  await signedInAs(page, token);
  await page.goto(`/analytics${query}`);
  // The admin gate asks the API for the session, then the screen's island hydrates: slow on a busy machine.
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible({ timeout: 20_000 });
}

/** True once the canvas has any pixel painted. */
const drawn = (page: Page, index: number) =>
  page
    .locator('canvas[data-chart]')
    .nth(index)
    .evaluate((canvas: HTMLCanvasElement) => {
      const { width, height } = canvas;
      const data = canvas.getContext('2d')?.getImageData(0, 0, width, height).data ?? [];
      for (let i = 3; i < data.length; i += 4) if (data[i] !== 0) return true;
      return false;
    });

test('pages a visitor opens are counted, and the admin sees them charted and listed, and downloads them', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const before = await todaysReport(request);

  const visitor = await browser.newContext({ userAgent: PERSON_UA });
  const tab = await visitor.newPage();
  for (const [i, path] of [...VISITED, '/about'].entries()) {
    const sent = tab.waitForResponse((r) => r.url().endsWith('/api/analytics/view') && r.request().method() === 'POST');
    // The first page is reached from another site: only its host is kept.
    await tab.goto(path, i === 0 ? { referer: 'https://news.example/story?id=7' } : {});
    const answer = await sent;
    expect(answer.status()).toBe(204);
    expect(await answer.headerValue('set-cookie')).toBeNull();
    const sentBody = answer.request().postDataJSON() as { path: string; referrer: string };
    expect(sentBody.path.replace(/(.)\/$/, '$1')).toBe(path);
    if (i === 0) expect(new URL(sentBody.referrer).host).toBe('news.example');
  }
  expect(await visitor.cookies()).toEqual([]);
  await visitor.close();

  await expect.poll(async () => viewsOf(await todaysReport(request), '/about')).toBe(viewsOf(before, '/about') + 2);
  const after = await todaysReport(request);
  expect(viewsOf(after, '/pricing')).toBe(viewsOf(before, '/pricing') + 1);
  expect(after.referrers.find((r) => r.host === 'news.example')?.views).toBe(
    (before.referrers.find((r) => r.host === 'news.example')?.views ?? 0) + 1,
  );

  await openAnalytics(page);
  const today = utcDay(new Date());
  await expect(page.getByRole('button', { name: 'Last 30 days' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('[data-tile="views"]')).toHaveText(after.totals.views.toLocaleString('en-US'));

  // Three charts, each drawn and named for screen readers, each with its table.
  const canvases = page.locator('canvas[data-chart]');
  await expect(canvases).toHaveCount(3);
  for (let i = 0; i < 3; i++) {
    await expect(canvases.nth(i)).toHaveAttribute('aria-label', /chart of .* per day/);
    await expect.poll(() => drawn(page, i)).toBe(true);
  }
  const traffic = page.getByRole('table', { name: 'Views and visitors per day' });
  const todayRow = traffic.getByRole('row').filter({
    has: page.getByRole('rowheader', {
      name: new Date(`${today}T00:00:00Z`).toLocaleDateString('en-US', {
        month: 'short',
        day: 'numeric',
        timeZone: 'UTC',
      }),
      exact: true,
    }),
  });
  const latest = after.daily.at(-1);
  assert(latest);
  await expect(todayRow.getByRole('cell').first()).toHaveText(latest.views.toLocaleString('en-US'));

  const content = page.getByRole('table', { name: 'Most viewed pages' });
  for (const path of VISITED) {
    await expect(content.getByRole('row').filter({ hasText: path }).getByRole('cell')).toHaveText(
      String(viewsOf(after, path)),
    );
  }
  await expect(
    page.getByRole('table', { name: 'Sites that sent visitors' }).getByRole('row').filter({ hasText: 'news.example' }),
  ).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV of the top content' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`analytics-content-${addDays(today, -29)}-to-${today}.csv`);
  const csv = readFileSync(await download.path(), 'utf8')
    .replace(/^\ufeff/, '')
    .split('\r\n');
  expect(csv[0]).toBe('Path,Title,Views');
  expect(csv).toContain(`/pricing,/pricing,${viewsOf(after, '/pricing')}`);

  // A quick range: the address bar keeps it.
  await page.getByRole('button', { name: 'Last 7 days' }).click();
  await expect(page.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(new RegExp(`start=${addDays(today, -6)}&end=${today}`));
  await expect(page.getByRole('table', { name: 'Views and visitors per day' }).getByRole('row')).toHaveCount(8);
});

test("a range with nothing reads the spec's empty text; a bad range is explained at its field", async ({ page }) => {
  await openAnalytics(page, '?start=2001-01-01&end=2001-01-31');
  await expect(page.getByText(NO_ANALYTICS)).toBeVisible();
  await expect(page.locator('canvas')).toHaveCount(0);
  await page.getByLabel('Start date').fill('2001-02-10');
  await page.getByLabel('End date').fill('2001-02-01');
  await page.getByRole('button', { name: 'Show', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('The end date must not be before the start date.');
  await expect(page.getByLabel('End date')).toHaveAttribute('aria-invalid', 'true');
});

test('the not-found page sends no page view', async ({ browser }) => {
  const visitor = await browser.newContext({ userAgent: PERSON_UA });
  const tab = await visitor.newPage();
  const views: string[] = [];
  tab.on('request', (r) => {
    if (r.url().includes('/api/analytics/view')) views.push(r.postData() ?? '');
  });
  // A counted page first proves the counter runs in this browser, then the unknown address.
  const counted = tab.waitForRequest((r) => r.url().endsWith('/api/analytics/view'));
  await tab.goto('/pricing');
  await counted;
  const response = await tab.goto('/no-such-page-for-analytics');
  expect(response?.status()).toBe(404);
  await expect(tab.getByRole('heading', { level: 1 })).toHaveText('404 - Page Not Found');
  await tab.waitForTimeout(1500);
  expect(views).toHaveLength(1);
  expect(views[0]).toContain('/pricing');
  await visitor.close();
});

test('admin pages send no page view', async ({ page }) => {
  const views: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/analytics/view')) views.push(r.url());
  });
  await openAnalytics(page);
  await expect(page.locator('canvas[data-chart]').first()).toBeVisible();
  await page.goto('/admin-dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await page.waitForTimeout(1500);
  expect(views).toEqual([]);
});

test('looks finished at 320, 375 and 1280 px in both themes, never wider than the screen', async ({ browser }) => {
  // Six views on a busy 2-core machine: a bound for a hang, not a budget. Each theme's page serves its three widths.
  test.setTimeout(180_000);
  mkdirSync(SHOTS, { recursive: true });
  for (const theme of ['light', 'dark'] as const) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.addInitScript(([t]) => localStorage.setItem('theme', t), [theme] as const);
    for (const width of [320, 375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await openAnalytics(page);
      await expect(page.locator('canvas[data-chart]')).toHaveCount(3);
      await expect.poll(() => drawn(page, 2)).toBe(true);
      await expectNoSideScroll(page, width);
      await keepScreenshot(page, { path: join(SHOTS, `analytics-${width}-${theme}.png`), fullPage: true });
      await page.goto('/analytics?start=2001-01-01&end=2001-01-31');
      await expect(page.getByText(NO_ANALYTICS)).toBeVisible();
      await keepScreenshot(page, { path: join(SHOTS, `analytics-empty-${width}-${theme}.png`) });
    }
    await context.close();
  }
});
