/** Screenshots of the home page at phone and desktop widths in both themes (kept as test artifacts); nothing overflows. */
import { expect, test } from './fixtures.ts';
import { keepScreenshot } from './helpers/screenshots.ts';

const OUT = process.env['SHOTS_DIR'] ?? 'test-results/screens';

for (const width of [320, 375, 1280]) {
  for (const theme of ['light', 'dark'] as const) {
    test(`home at ${width} px in the ${theme} theme has nothing wider than the screen`, async ({ page }) => {
      await page.setViewportSize({ width, height: width < 1000 ? 740 : 800 });
      await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
      await page.goto('/');
      await expect(page.locator('[data-hero-ready]')).toBeAttached();
      // Sections below the hero render only near the viewport (content-visibility: auto); a full-page shot needs them all.
      await page.evaluate(() => {
        for (const el of document.querySelectorAll<HTMLElement>('.home-section'))
          el.style.contentVisibility = 'visible';
      });
      // Bring every lazy picture in before the full-page shot.
      for (let y = 0; y < 12_000; y += 600) await page.evaluate((top) => window.scrollTo(0, top), y);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.waitForLoadState('networkidle');
      const wide = await page.evaluate(() =>
        [...document.querySelectorAll('main *')]
          .filter(
            (el) =>
              el.getBoundingClientRect().right > document.documentElement.clientWidth + 1 &&
              !el.closest('.keen-slider'),
          )
          .map((el) => el.outerHTML.slice(0, 80)),
      );
      expect(wide).toEqual([]);
      await keepScreenshot(page, { path: `${OUT}/home-${width}-${theme}.png`, fullPage: true });
      // The same page in screen-sized parts, for reading the details.
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      const part = width < 1000 ? 1100 : 1300;
      for (let y = 0, n = 1; y < height; y += part, n++) {
        await keepScreenshot(page, {
          path: `${OUT}/parts/home-${width}-${theme}-${n}.png`,
          fullPage: true,
          clip: { x: 0, y, width, height: Math.min(part, height - y) },
        });
      }
    });
  }
}
