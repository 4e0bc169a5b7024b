import { expect, type Page } from '@playwright/test';

/**
 * Astro removes the `ssr` attribute from an island once it has hydrated: interact only after that. An island the
 * page does not show (For You inside the signed-in block, for a visitor who is not) never hydrates with client:visible,
 * so only the islands the page shows are waited for; one the page shows below the fold (a post's comments) is
 * scrolled into view first, as a reader would, and the page scrolled back.
 */
export async function waitForIslands(page: Page, what?: string): Promise<void> {
  await page.evaluate(async () => {
    const boxOf = (island: Element) => {
      let box: Element | null = island.parentElement;
      while (box && getComputedStyle(box).display === 'contents') box = box.parentElement;
      return box;
    };
    const frame = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    const [x, y] = [window.scrollX, window.scrollY];
    const later = [...document.querySelectorAll('astro-island[ssr][client="visible"]')]
      .map(boxOf)
      .filter((box): box is Element => !!box && box.checkVisibility());
    for (const box of later) {
      box.scrollIntoView({ block: 'center', behavior: 'instant' });
      await frame();
    }
    if (later.length > 0) window.scrollTo({ left: x, top: y, behavior: 'instant' });
  });
  const pending = () =>
    page.locator('astro-island[ssr]').evaluateAll((islands) =>
      islands
        .filter((island) => {
          // Islands and their slots are display: contents (no box of their own): ask the nearest element that has one.
          let shown: Element | null = island.parentElement;
          while (shown && getComputedStyle(shown).display === 'contents') shown = shown.parentElement;
          return !shown || shown.checkVisibility();
        })
        .map((island) => `${island.getAttribute('client')} ${island.getAttribute('component-url')}`),
    );
  await expect
    .poll(pending, { message: `${what ? `${what}: ` : ''}islands the page shows have hydrated`, timeout: 15_000 })
    .toEqual([]);
}
