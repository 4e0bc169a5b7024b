/**
 * Screenshots to look at, as a designer reviews a screen: taken only with E2E_SCREENSHOTS=1. They judge nothing by
 * themselves (the tests beside them assert the layout), and a full-page one costs a second or more on this machine.
 */
import type { Locator, LocatorScreenshotOptions, Page, PageScreenshotOptions } from '@playwright/test';

export const SCREENSHOTS = process.env['E2E_SCREENSHOTS'] === '1';

/** `target.screenshot(options)` with E2E_SCREENSHOTS=1, nothing otherwise. */
export async function keepScreenshot(
  target: Page | Locator,
  options: PageScreenshotOptions & LocatorScreenshotOptions,
): Promise<void> {
  if (SCREENSHOTS) await target.screenshot(options);
}
