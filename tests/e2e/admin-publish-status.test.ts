/**
 * The admin top bar's publish status: a save shows 'Publishing…' with the server's estimate, then 'Live' with a link
 * to the public page that now shows the change (this file's server builds the site itself); a failed build says
 * why and Retry asks for a new one; and the status fits the top bar at 320, 375 and 1280 px in both themes.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from './fixtures.ts';
import type { PublishStatus } from '../../src/shared/admin.ts';
import type { Company } from '../../src/shared/types.ts';
import { adminToken, signedInAs } from './helpers/admin.ts';
import { expectNoSideScroll } from './helpers/page-audit.ts';
import { settled } from './helpers/rebuild.ts';
import { keepScreenshot, widthsInTurn } from './helpers/screenshots.ts';

const json = (body: unknown, status = 200) => ({ status, contentType: 'application/json', body: JSON.stringify(body) });
const publishButton = (page: Page) => page.getByRole('button', { name: /^Publish status:/ });

// This file's server builds the site itself, so 'Live' means the visitors' page has the change.
test.use({ siteBuilds: true });

test.describe('a real save', () => {
  // A build of the demo site takes 30-60 s on a busy 2-core machine; the first one at start may still be running.
  test.describe.configure({ timeout: 300_000 });

  test('a saved tagline shows Publishing… with an estimate, then Live, and View on site shows the change', async ({
    page,
    request,
    context,
  }) => {
    const token = await adminToken(request);
    expect((await settled(request, token)).state).toBe('up-to-date');
    const before = (await (await request.get('/api/company')).json()) as Company;
    const tagline = `Published at once ${Date.now().toString(36)}`;
    await signedInAs(page, token);
    await page.goto('/admin/update-company');
    await expect(page.getByLabel('Company name')).toHaveValue(before.name);
    await expect(publishButton(page)).toHaveAccessibleName('Publish status: Live');

    await page.getByLabel('Tagline').fill(tagline);
    await page.getByRole('button', { name: 'Save Company Settings' }).click();
    // The save answers at once; the top bar says the visitors are not there yet, and when they will be.
    await expect(publishButton(page)).toHaveAccessibleName(
      /^Publish status: Publishing… visitors see this (in about \d+ (s|min)|any moment now)$/,
    );
    await expect(page.locator('[aria-live="polite"]').filter({ hasText: 'Publishing…' })).toHaveCount(1);
    await publishButton(page).click();
    const details = page.getByRole('region', { name: 'Publish status' });
    await expect(details).toContainText(/Publishing… visitors see this/);

    // No reload: the store polls while the build is under way.
    await expect(publishButton(page)).toHaveAccessibleName('Publish status: Live', { timeout: 240_000 });
    await expect(details).toContainText('Live: visitors see the latest changes');
    const link = details.getByRole('link', { name: 'View on site' });
    await expect(link).toHaveAttribute('href', '/');
    const [site] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await site.waitForLoadState();
    await expect(site.locator('body')).toContainText(tagline);
    await site.close();

    // Put the demo tagline back (this worker's server only; its build is not waited for).
    const res = await request.put('/api/company', {
      headers: { Authorization: `Bearer ${token}` },
      data: { tagline: before.tagline },
    });
    expect(res.status()).toBe(200);
  });
});

test('a failed build shows the reason in the top bar, and Retry asks for a new build from the keyboard', async ({
  page,
  request,
}) => {
  const failed: PublishStatus = {
    state: 'failed',
    since: new Date().toISOString(),
    reason: 'astro build exited with code 1',
  };
  const retries: string[] = [];
  await page.route('**/api/admin/site-status', (route) => route.fulfill(json(failed)));
  await page.route('**/api/admin/site-rebuild', (route) => {
    retries.push(route.request().method());
    const expectedLiveAt = new Date(Date.now() + 25_000).toISOString();
    return route.fulfill(json({ state: 'building', since: new Date().toISOString(), expectedLiveAt }, 202));
  });
  await signedInAs(page, await adminToken(request));
  await page.goto('/admin/team');
  const button = publishButton(page);
  await expect(button).toHaveAccessibleName('Publish status: Build failed');
  await button.focus();
  await page.keyboard.press('Enter');
  const details = page.getByRole('region', { name: 'Publish status' });
  await expect(details).toContainText('Build failed: astro build exited with code 1');
  await page.keyboard.press('Tab');
  await expect(details.getByRole('button', { name: 'Retry' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(details).toContainText(/Publishing… visitors see this in about 2\d s/);
  expect(retries).toEqual(['POST']);
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();
});

test('the publish status fits the top bar at 320, 375 and 1280 px in both themes', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const dir = process.env['X_SHOTS'] ?? 'test-results/screens/publish-status';
  mkdirSync(dir, { recursive: true });
  const token = await adminToken(request);
  const states: Record<string, PublishStatus> = {
    publishing: {
      state: 'building',
      since: new Date().toISOString(),
      expectedLiveAt: new Date(Date.now() + 3_600_000).toISOString(),
    },
    live: { state: 'up-to-date', since: new Date().toISOString() },
    failed: {
      state: 'failed',
      since: new Date().toISOString(),
      reason: 'astro build exited with code 1: could not resolve "../components/home/Missing.astro"',
    },
  };
  for (const theme of ['light', 'dark'] as const) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.addInitScript(
      ([t, k]) => {
        localStorage.setItem('theme', t);
        localStorage.setItem('token', k);
      },
      [theme, token] as const,
    );
    for (const [name, status] of Object.entries(states)) {
      await page.route('**/api/admin/site-status', (route) => route.fulfill(json(status)));
      for (const width of widthsInTurn(theme)) {
        await page.setViewportSize({ width, height: 640 });
        await page.goto('/admin-dashboard');
        const button = publishButton(page);
        await expect(button).toBeVisible();
        // Nothing in the top bar overlaps: the title, the publish status and the other controls side by side.
        const boxes = await page.locator('header > *, [data-admin-spot="actions"] > *').evaluateAll((els) =>
          els.map((el) => {
            const r = el.getBoundingClientRect();
            return { left: r.left, right: r.right, tag: el.tagName };
          }),
        );
        for (const box of boxes) expect(box.right, JSON.stringify(box)).toBeLessThanOrEqual(width);
        // The bar's title keeps its whole width, and a tab under the bar stays above the screen's heading.
        const title = page.locator('header').getByText('Admin Dashboard', { exact: true });
        expect(await title.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
        const tab = await button.boundingBox();
        const heading = await page.getByRole('heading', { level: 1 }).boundingBox();
        expect(tab && heading && tab.y + tab.height <= heading.y + 1).toBe(true);
        await button.click();
        await expect(page.getByRole('region', { name: 'Publish status' })).toBeVisible();
        await keepScreenshot(page, {
          path: join(dir, `${name}-${width}-${theme}.png`),
          clip: { x: 0, y: 0, width, height: 300 },
        });
        await expectNoSideScroll(page, width, `${name}, ${theme}`);
        await page.keyboard.press('Escape');
      }
      await page.unroute('**/api/admin/site-status');
    }
    await context.close();
  }
});
