/** Video posters and audio cover art on the public lists: pre-rendered, responsive, loaded, and the poster turns into the player. */
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from './fixtures.ts';
import type { Audio, Video } from '../../src/shared/types.ts';
import { keepScreenshot, widthsInTurn } from './helpers/screenshots.ts';
import { expectNoSideScroll } from './helpers/page-audit.ts';

async function results<T>(request: APIRequestContext, path: string): Promise<T[]> {
  const response = await request.get(path);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { results: T[] }).results;
}

async function open(page: Page, path: string): Promise<void> {
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
}

/** Whether the image has been fetched and decoded (a broken or unfetched image has no natural width). */
const loaded = (page: Page, selector: string) =>
  page
    .locator(selector)
    .evaluateAll((imgs) =>
      imgs.map((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0),
    );

/** Scrolls every image of the main area into view, so lazy ones load. */
async function scrollThrough(page: Page): Promise<void> {
  for (const img of await page.locator('main img').all()) await img.scrollIntoViewIfNeeded();
  await page.waitForLoadState('networkidle');
}

test.beforeEach(async ({ page }) => {
  // Embedded players never reach YouTube from the tests.
  await page.route(/youtube(-nocookie)?\.com/, (route) => route.abort());
});

test('every demo video has a poster: pre-rendered in its play button, responsive, and no player before a click', async ({
  page,
  request,
}) => {
  const videos = await results<Video>(request, '/api/videos');
  expect(videos.length).toBeGreaterThan(0);
  for (const video of videos) expect(video.poster, video.name).toMatch(/^\/media\/[0-9a-f-]{36}\.webp$/);

  const html = await (await request.get('/videos')).text();
  expect(html).not.toContain('<iframe');
  for (const video of videos) expect(html).toContain(`src="${video.poster}"`);

  await open(page, '/videos');
  const first = videos[0];
  assert(first);
  const button = page.getByRole('button', { name: `Play ${first.name}` });
  const poster = button.locator('img');
  await expect(poster).toHaveAttribute('src', first.poster);
  await expect(poster).toHaveAttribute('alt', '');
  await expect(poster).toHaveAttribute('width', '1280');
  await expect(poster).toHaveAttribute('height', '720');
  await expect(button.locator('source[type="image/avif"]')).toHaveAttribute('srcset', /-w480\.avif 480w/);
  // Only the first row is fetched up front; the rest wait until they near the screen.
  await expect(page.locator('main button img[loading="lazy"]')).toHaveCount(Math.max(0, videos.length - 3));

  await scrollThrough(page);
  expect(await loaded(page, 'main button img')).toEqual(videos.map(() => true));

  await button.click();
  await expect(page.locator(`iframe[title="${first.name}"]`)).toHaveAttribute('src', `${first.youtube}?autoplay=1`);
  await expect(button).toHaveCount(0);
  await expect(page.locator('iframe')).toHaveCount(1);
});

test('every demo audio item shows its cover art beside its name, and the covers load', async ({ page, request }) => {
  const audios = await results<Audio>(request, '/api/audios');
  expect(audios.length).toBeGreaterThan(0);
  for (const audio of audios) expect(audio.cover, audio.name).toMatch(/^\/media\/[0-9a-f-]{36}\.webp$/);

  const html = await (await request.get('/audio')).text();
  for (const audio of audios) expect(html).toContain(`src="${audio.cover}"`);

  await open(page, '/audio');
  const [first] = audios;
  assert(first);
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: first.name, exact: true }) });
  await expect(card.locator('img')).toHaveAttribute('src', first.cover);
  await expect(card.locator('img')).toHaveAttribute('alt', '');
  await expect(card.locator('img')).toHaveAttribute('loading', 'lazy');
  await scrollThrough(page);
  expect(await loaded(page, 'main article img')).toEqual(audios.map(() => true));
});

// Screenshots kept as test artifacts (MEDIA_SHOTS=<dir> to keep them elsewhere): /videos and /audio.
test.describe('screenshots', () => {
  test('/videos and /audio scrolled through fit 320, 375 and 1280 px in both themes', async ({ browser }) => {
    test.setTimeout(180_000);
    const dir = process.env['MEDIA_SHOTS'] ?? 'test-results/screens/media';
    mkdirSync(dir, { recursive: true });
    for (const theme of ['light', 'dark'] as const) {
      // One tab per theme, going through both pages again at each width.
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.route(/youtube(-nocookie)?\.com/, (route) => route.abort());
      await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
      for (const width of widthsInTurn(theme)) {
        await page.setViewportSize({ width, height: 900 });
        for (const path of ['/videos', '/audio']) {
          await open(page, path);
          await scrollThrough(page);
          await page.evaluate(() => window.scrollTo(0, 0));
          await keepScreenshot(page, { path: join(dir, `${path.slice(1)}-${width}-${theme}.png`), fullPage: true });
          await expectNoSideScroll(page, width, `${path}, ${theme}`);
        }
      }
      await context.close();
    }
  });
});
