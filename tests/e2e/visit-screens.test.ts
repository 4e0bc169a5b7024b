import assert from 'node:assert/strict';
import { join } from 'node:path';
import { expect, test, type Page } from './fixtures.ts';
import type { ListResponse, SiteEvent } from '../../src/shared/types.ts';
import { keepScreenshot, SCREENSHOTS } from './helpers/screenshots.ts';

// The pages a visitor opens things on, at phone and desktop widths in both themes: nothing wider than the screen,
// and a screenshot of each kept as a test artifact (also written to SHOTS_DIR when it is set).
const WIDTHS = [320, 375, 1280] as const;
const THEMES = ['light', 'dark'] as const;

async function shoot(page: Page, name: string): Promise<void> {
  const path = process.env['SHOTS_DIR']
    ? join(process.env['SHOTS_DIR'], `${name}.png`)
    : test.info().outputPath(`${name}.png`);
  await keepScreenshot(page, { path, fullPage: false });
  if (SCREENSHOTS) await test.info().attach(name, { path, contentType: 'image/png' });
}

const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
const hydrated = (page: Page) => expect(page.locator('astro-island[ssr]')).toHaveCount(0);

for (const theme of THEMES) {
  for (const width of WIDTHS) {
    test.describe(`${width} px, ${theme}`, () => {
      test.use({ viewport: { width, height: width === 1280 ? 800 : 740 } });
      test.beforeEach(async ({ page }) => {
        await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
        await page.route(/youtube(-nocookie)?\.com/, (route) => route.abort());
      });

      test('the photo lightbox, an event page, /events and /search fit the screen', async ({ page, request }) => {
        await page.goto('/photos');
        await hydrated(page);
        await page
          .getByRole('main')
          .getByRole('link', { name: /full size$/ })
          .first()
          .click();
        const dialog = page.getByRole('dialog');
        await expect(dialog).toBeVisible();
        await expect
          .poll(() => dialog.getByRole('img').evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0))
          .toBe(true);
        expect(await dialog.evaluate((el) => el.scrollWidth <= window.innerWidth)).toBe(true);
        await shoot(page, `photos-lightbox-${width}-${theme}`);
        await page.keyboard.press('Escape');

        const events = ((await (await request.get('/api/events')).json()) as ListResponse<SiteEvent>).results;
        const event = events.find((e) => !e.isVirtual && e.timeZone !== 'UTC') ?? events[0];
        assert(event);
        await page.goto(`/events/${event.slug}`);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        expect(await fitsWidth(page)).toBe(true);
        await shoot(page, `event-page-${width}-${theme}`);
        await page.getByRole('complementary', { name: 'Event details' }).scrollIntoViewIfNeeded();
        await shoot(page, `event-page-details-${width}-${theme}`);

        await page.goto('/events');
        await hydrated(page);
        expect(await fitsWidth(page)).toBe(true);
        await page.getByRole('main').getByRole('article').first().scrollIntoViewIfNeeded();
        await shoot(page, `events-${width}-${theme}`);

        await page.goto('/search?q=the');
        await hydrated(page);
        await expect(page.getByRole('heading', { name: /results found for/ })).toBeVisible();
        expect(await fitsWidth(page)).toBe(true);
        await shoot(page, `search-${width}-${theme}`);
        await page.getByRole('navigation', { name: 'Search results pages' }).scrollIntoViewIfNeeded();
        await shoot(page, `search-pager-${width}-${theme}`);
      });
    });
  }
}
