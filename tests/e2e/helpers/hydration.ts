import { expect, type Page } from '@playwright/test';

/** Astro removes the `ssr` attribute from an island once it has hydrated: interact only after that. */
export async function waitForIslands(page: Page): Promise<void> {
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0, { timeout: 15_000 });
}
