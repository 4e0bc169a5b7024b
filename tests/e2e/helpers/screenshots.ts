/**
 * Screenshots to look at, as a designer reviews a screen: taken only with E2E_SCREENSHOTS=1. They judge nothing by
 * themselves (the tests beside them assert the layout), and a full-page one costs a second or more on this machine.
 */
import type { Browser, Locator, LocatorScreenshotOptions, Page, PageScreenshotOptions } from '@playwright/test';

export const SCREENSHOTS = process.env['E2E_SCREENSHOTS'] === '1';

/** `target.screenshot(options)` with E2E_SCREENSHOTS=1, nothing otherwise. */
export async function keepScreenshot(
  target: Page | Locator,
  options: PageScreenshotOptions & LocatorScreenshotOptions,
): Promise<void> {
  if (SCREENSHOTS) await target.screenshot(options);
}

/** The widths every screen is looked at. */
export const SCREEN_WIDTHS = [320, 375, 1280] as const;

/**
 * The widths a theme's walk visits: every one with E2E_SCREENSHOTS=1, else the themes take turns (dark at the 1st and
 * 3rd, light at the 2nd and 4th), so both walks together visit each width once. A theme changes colours, not layout.
 */
export function widthsInTurn(theme: 'light' | 'dark', widths: readonly number[] = SCREEN_WIDTHS): readonly number[] {
  return SCREENSHOTS ? widths : widths.filter((_, i) => (i % 2 === 0) === (theme === 'dark'));
}

/**
 * Runs `visit` at each width in both themes, with `token` stored as the signed-in session (null: signed out): one
 * browser context per theme, the viewport set (900 px tall) before each visit. A theme changes colours, not layout,
 * so without screenshots to look at the widths take turns between the themes (dark at 320 and 1280, light at 375):
 * every width and both themes are checked, in half the page loads. With E2E_SCREENSHOTS=1 every width is visited
 * in both, as a designer reviews them.
 */
export async function inBothThemes(
  browser: Browser,
  token: string | null,
  visit: (page: Page, theme: 'light' | 'dark', width: number) => Promise<void>,
  widths: readonly number[] = SCREEN_WIDTHS,
): Promise<void> {
  for (const theme of ['light', 'dark'] as const) {
    const mine = widthsInTurn(theme, widths);
    if (mine.length === 0) continue;
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.addInitScript(
        ([t, k]) => {
          localStorage.setItem('theme', t);
          if (k !== null) localStorage.setItem('token', k);
        },
        [theme, token] as const,
      );
      for (const width of mine) {
        await page.setViewportSize({ width, height: 900 });
        await visit(page, theme, width);
      }
    } finally {
      await context.close();
    }
  }
}
