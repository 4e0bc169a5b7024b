/**
 * A logo that already spells out the company name: with "The logo shows the company's name" ticked on Update Company,
 * once the site is rebuilt the header and the side menu show the logo without the name beside it, and the home link still
 * carries the name for screen readers. The header and the tick box at 320, 375 and 1280 px in both themes, with the
 * setting off and on.
 * This file's server builds the site itself.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Browser, type Locator } from './fixtures.ts';
import type { Company } from '../../src/shared/types.ts';
import { adminApi } from './helpers/admin.ts';
import { settled } from './helpers/rebuild.ts';
import { keepScreenshot } from './helpers/screenshots.ts';

test.use({ siteBuilds: true });
// A build of the demo site takes 30-60 s on a busy 2-core machine; the first one at start may still be running.
test.describe.configure({ mode: 'serial', timeout: 300_000 });

const SHOTS = process.env['X_SHOTS'] ?? 'test-results/screens/logo-wordmark';
const WIDTHS = [320, 375, 1280] as const;

let api: APIRequestContext;
let token = '';
let name = '';

const settingOff = () =>
  api.put('/api/company', { headers: { Authorization: `Bearer ${token}` }, data: { logo_shows_name: false } });

test.beforeAll(async ({ playwright }) => {
  ({ api, token } = await adminApi(playwright));
  name = ((await (await api.get('/api/company')).json()) as Company).name;
});

test.afterAll(async () => {
  // The name back beside the logo for the files that follow on this worker's server (its build is not waited for).
  expect((await settingOff()).status()).toBe(200);
  await api.dispose();
});

/** The element's width as drawn: a visually hidden name is 1 px or less. */
const drawnWidth = (target: Locator) => target.evaluate((el) => el.getBoundingClientRect().width);

/** The one logo the theme shows, loaded. */
async function expectLogo(scope: Locator): Promise<void> {
  const logo = scope.locator('img[data-brand-logo]:visible');
  await expect(logo).toHaveCount(1);
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  expect((await logo.boundingBox())?.width ?? 0).toBeGreaterThan(16);
}

async function headerShots(browser: Browser, state: 'name-shown' | 'logo-only'): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  for (const theme of ['light', 'dark'] as const) {
    const context = await browser.newContext();
    await context.addInitScript((t) => localStorage.setItem('theme', t), theme);
    const page = await context.newPage();
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 700 });
      await page.goto('/about');
      const banner = page.getByRole('banner');
      await expectLogo(banner);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${width} px`).toBeLessThanOrEqual(width);
      await keepScreenshot(page, {
        path: join(SHOTS, `header-${state}-${theme}-${width}.png`),
        clip: { x: 0, y: 0, width, height: 96 },
      });
      if (width === 375) {
        await page.getByRole('button', { name: 'Open menu' }).click();
        const menu = page.getByRole('dialog', { name: 'Mobile' });
        await expect(menu).toBeVisible();
        // Slid all the way in.
        await expect.poll(() => menu.evaluate((el) => getComputedStyle(el).transform)).toBe('none');
        await keepScreenshot(page, { path: join(SHOTS, `menu-${state}-${theme}-${width}.png`) });
        await page.keyboard.press('Escape');
        await expect(menu).toBeHidden();
      }
    }
    await context.close();
  }
}

test('off on the demo: the header shows the logo with the name beside it', async ({ page, browser }) => {
  expect((await settled(api, token)).state).toBe('up-to-date');
  expect(((await (await api.get('/api/company')).json()) as Company).logo_shows_name).toBe(false);
  await page.goto('/about');
  const banner = page.getByRole('banner');
  await expectLogo(banner);
  const shownName = banner.locator('[data-brand="name"]');
  await expect(shownName).toHaveText(name);
  expect(await drawnWidth(shownName)).toBeGreaterThan(20);
  await headerShots(browser, 'name-shown');
});

test('on from the admin form: after the rebuild the header and the side menu show the logo alone, the name kept for screen readers', async ({
  page,
  browser,
}) => {
  // The tick box on Update Company, at 320, 375 and 1280 px in both themes; then ticked and saved.
  for (const theme of ['light', 'dark'] as const) {
    const context = await browser.newContext();
    await context.addInitScript(
      ([t, k]) => {
        localStorage.setItem('theme', t);
        localStorage.setItem('token', k);
      },
      [theme, token] as const,
    );
    const admin = await context.newPage();
    for (const width of WIDTHS) {
      await admin.setViewportSize({ width, height: 800 });
      await admin.goto('/admin/update-company');
      await expect(admin.getByLabel('Company name')).toHaveValue(name);
      const box = admin
        .getByRole('region', { name: 'Logos and icon' })
        .getByRole('checkbox', { name: "The logo shows the company's name" });
      await expect(box).not.toBeChecked();
      expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      // Mid-screen, clear of the fixed top bar and the sticky Save bar.
      await box.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await keepScreenshot(admin, { path: join(SHOTS, `form-${theme}-${width}.png`) });
    }
    await context.close();
  }
  await page.addInitScript((k) => localStorage.setItem('token', k), token);
  await page.goto('/admin/update-company');
  await expect(page.getByLabel('Company name')).toHaveValue(name);
  await page.getByRole('checkbox', { name: "The logo shows the company's name" }).check();
  await page.getByRole('button', { name: 'Save Company Settings' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Company settings updated' })).toHaveText(
    'Company settings updated successfully',
  );
  expect(((await (await api.get('/api/company')).json()) as Company).logo_shows_name).toBe(true);
  expect((await settled(api, token)).state).toBe('up-to-date');

  await page.goto('/about');
  const banner = page.getByRole('banner');
  await expectLogo(banner);
  const home = banner.getByRole('link', { name: `${name} home`, exact: true });
  await expect(home).toHaveAccessibleName(`${name} home`);
  // The name is in the home link, but not drawn: no visible text beside the logo.
  const hiddenName = home.locator('[data-brand="name"]');
  await expect(hiddenName).toHaveText(name);
  expect(await drawnWidth(hiddenName)).toBeLessThanOrEqual(1);
  // The link is drawn as wide as its logo: nothing beside it.
  const logoBox = await banner.locator('img[data-brand-logo]:visible').boundingBox();
  expect((await home.boundingBox())?.width ?? Infinity).toBeLessThanOrEqual((logoBox?.width ?? 0) + 1);

  await page.setViewportSize({ width: 375, height: 700 });
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Mobile' });
  await expect(menu).toBeVisible();
  await expectLogo(menu);
  const menuName = menu.locator('[data-brand="name"]');
  await expect(menuName).toHaveText(name);
  expect(await drawnWidth(menuName)).toBeLessThanOrEqual(1);
  await page.keyboard.press('Escape');

  await headerShots(browser, 'logo-only');
});
