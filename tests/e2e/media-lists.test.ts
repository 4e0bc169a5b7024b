import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { Audio, Photo, Video } from '../../src/shared/types.ts';

const DAY_MS = 86_400_000;

async function results<T>(request: APIRequestContext, path: string): Promise<T[]> {
  const response = await request.get(path);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { results: T[] }).results;
}

/** Text as React writes it into the pre-rendered HTML. */
function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
}

/** Opens a list page and waits until its island has hydrated, so clicks and selects reach React. */
async function open(page: Page, path: string): Promise<void> {
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  await expect(page.locator('astro-island')).toHaveCount(1);
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
}

const cards = (page: Page) => page.getByRole('main').getByRole('listitem').getByRole('article');
const headings = (page: Page) => cards(page).getByRole('heading', { level: 2 });

test.beforeEach(async ({ page }) => {
  // Embedded players never reach YouTube from the tests.
  await page.route(/youtube(-nocookie)?\.com/, (route) => route.abort());
});

test.describe('Photos', () => {
  test('the gallery is pre-rendered with every published photo and its cards show #tags, views and likes', async ({ page, request }) => {
    const photos = await results<Photo>(request, '/api/photos');
    expect(photos.length).toBeGreaterThan(0);
    const first = photos[0]!;

    const html = await (await request.get('/photos')).text();
    expect(html).toContain(`>${escapeHtml(first.title)}</h2>`);

    await open(page, '/photos');
    await expect(cards(page)).toHaveCount(photos.length);
    await expect(page.getByText(`${photos.length} photos`)).toBeVisible();
    await expect(page.getByTestId('photo-skeleton')).toHaveCount(0);
    const card = cards(page).filter({ has: page.getByRole('heading', { name: first.title, exact: true }) });
    for (const tag of first.tags) await expect(card).toContainText(`#${tag}`);
    await expect(card).toContainText(`${first.views.toLocaleString('en-US')} views`);
    await expect(card).toContainText(`${first.likes.toLocaleString('en-US')} likes`);
  });

  test('a category filter narrows the gallery, lives in the URL, survives a reload and Reset Filters clears it', async ({ page, request }) => {
    const photos = await results<Photo>(request, '/api/photos');
    const nature = photos.filter((p) => p.category === 'Nature');
    expect(nature.length).toBeGreaterThan(0);
    expect(nature.length).toBeLessThan(photos.length);

    await open(page, '/photos');
    await page.getByLabel('Category').selectOption('Nature');
    await expect(cards(page)).toHaveCount(nature.length);
    await expect(page).toHaveURL(/\/photos\?category=Nature$/);

    await page.reload();
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
    await expect(page.getByLabel('Category')).toHaveValue('Nature');
    await expect(cards(page)).toHaveCount(nature.length);
    await expect(headings(page)).toHaveText(nature.map((p) => p.title));

    await page.getByRole('button', { name: 'Reset Filters' }).click();
    await expect(cards(page)).toHaveCount(photos.length);
    await expect(page).toHaveURL(/\/photos$/);
  });

  test('a search without matches shows the empty text', async ({ page }) => {
    await open(page, '/photos');
    await page.getByPlaceholder('Search photos...').fill('zzzzzz');
    await expect(page.getByText('No photos available.')).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
  });

  test('an image that fails to load is replaced by the placeholder image', async ({ page, request }) => {
    const [first] = await results<Photo>(request, '/api/photos');
    // The picture and every responsive variant of it fail.
    await page.route(`**${first!.image.replace(/\.webp$/, '')}*`, (route) => route.fulfill({ status: 404, body: '' }));
    await open(page, '/photos');
    await expect(page.getByRole('img', { name: first!.title, exact: true })).toHaveAttribute('src', '/placeholder.webp');
  });
});

test.describe('Videos', () => {
  test('the list is pre-rendered and a poster click puts the embedded player in its place', async ({ page, request }) => {
    const videos = await results<Video>(request, '/api/videos');
    expect(videos.length).toBeGreaterThan(0);
    const first = videos[0]!;

    const html = await (await request.get('/videos')).text();
    expect(html).toContain(`>${escapeHtml(first.name)}</h2>`);
    expect(html).not.toContain('<iframe');

    await open(page, '/videos');
    await expect(cards(page)).toHaveCount(videos.length);
    await expect(page.locator('iframe')).toHaveCount(0);

    await page.getByRole('button', { name: `Play ${first.name}` }).click();
    const frame = page.locator(`iframe[title="${first.name}"]`);
    await expect(frame).toHaveAttribute('src', `${first.youtube}?autoplay=1`);
    await expect(frame).toHaveAttribute('allow', 'accelerometer; autoplay; encrypted-media; picture-in-picture; fullscreen');
    await expect(page.getByRole('button', { name: `Play ${first.name}` })).toHaveCount(0);
    await expect(page.locator('iframe')).toHaveCount(1);
  });

  test('a category filter narrows the list, lives in the URL, survives a reload and Reset Filters clears it', async ({ page, request }) => {
    const videos = await results<Video>(request, '/api/videos');
    const education = videos.filter((v) => v.category === 'Education');
    expect(education.length).toBeGreaterThan(0);
    expect(education.length).toBeLessThan(videos.length);

    await open(page, '/videos');
    await page.getByLabel('Category').selectOption('Education');
    await expect(cards(page)).toHaveCount(education.length);
    await expect(page).toHaveURL(/\/videos\?category=Education$/);

    await page.reload();
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
    await expect(page.getByLabel('Category')).toHaveValue('Education');
    await expect(headings(page)).toHaveText(education.map((v) => v.name));

    await page.getByRole('button', { name: 'Reset Filters' }).click();
    await expect(cards(page)).toHaveCount(videos.length);
    await expect(page).toHaveURL(/\/videos$/);
  });

  test('sorting by Trending orders by views / (age in days + 1) + 2 x likes', async ({ page, request }) => {
    const videos = await results<Video>(request, '/api/videos');
    const now = Date.now();
    const score = (v: Video) => v.views / (Math.floor((now - Date.parse(v.createdAt)) / DAY_MS) + 1) + 2 * v.likes;
    const expected = [...videos].sort((a, b) => score(b) - score(a)).map((v) => v.name);
    // Differs from the default (newest first), so the test proves the sort did something.
    expect(expected).not.toEqual(videos.map((v) => v.name));

    await open(page, '/videos');
    await page.getByLabel('Sort by').selectOption({ label: 'Trending' });
    await expect(page).toHaveURL(/\?sort=trending$/);
    await expect(headings(page)).toHaveText(expected);
  });

  test('a search without matches shows the empty text', async ({ page }) => {
    await open(page, '/videos');
    await page.getByPlaceholder('Search videos...').fill('zzzzzz');
    await expect(page.getByText('No videos available.')).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
  });
});

test.describe('Audio Library', () => {
  test('the library is pre-rendered and every item has a player for its /media/ file', async ({ page, request }) => {
    const audios = await results<Audio>(request, '/api/audios');
    expect(audios.length).toBeGreaterThan(0);

    const html = await (await request.get('/audio')).text();
    expect(html).toContain(`>${escapeHtml(audios[0]!.name)}</h2>`);

    await open(page, '/audio');
    await expect(cards(page)).toHaveCount(audios.length);
    const players = page.locator('audio');
    await expect(players).toHaveCount(audios.length);
    for (const player of await players.all()) {
      await expect(player).toHaveAttribute('src', /\/media\/[^/]+$/);
      await expect(player).toHaveAttribute('preload', 'none');
      await expect(player).toHaveAttribute('controls', '');
    }
    const srcs = await players.evaluateAll((els) => els.map((el) => el.getAttribute('src')));
    expect(new Set(srcs)).toEqual(new Set(audios.map((a) => a.audio_file)));
  });

  test('choosing a type limits the categories to that type and clears a chosen category', async ({ page, request }) => {
    const audios = await results<Audio>(request, '/api/audios');
    const podcasts = audios.filter((a) => a.type === 'Podcast');
    const podcastCategories = [...new Set(podcasts.map((a) => a.category))].sort((a, b) => a.localeCompare(b, 'en'));
    const jazz = audios.filter((a) => a.category === 'Jazz');
    expect(podcasts.length).toBeGreaterThan(0);
    expect(jazz.length).toBeGreaterThan(0);

    await open(page, '/audio');
    const category = page.getByLabel('Category');
    await category.selectOption('Jazz');
    await expect(cards(page)).toHaveCount(jazz.length);
    await expect(page).toHaveURL(/\/audio\?category=Jazz$/);

    await page.getByLabel('Type').selectOption('Podcast');
    await expect(category).toHaveValue('all');
    await expect(category.locator('option')).toHaveText(['All Categories', ...podcastCategories]);
    await expect(cards(page)).toHaveCount(podcasts.length);
    await expect(page).toHaveURL(/\/audio\?type=Podcast$/);

    await category.selectOption(podcastCategories[0]!);
    const narrowed = podcasts.filter((a) => a.category === podcastCategories[0]);
    await expect(cards(page)).toHaveCount(narrowed.length);
    await expect(page).toHaveURL(new RegExp(`/audio\\?type=Podcast&category=${encodeURIComponent(podcastCategories[0]!)}$`));

    await page.reload();
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
    await expect(page.getByLabel('Type')).toHaveValue('Podcast');
    await expect(category).toHaveValue(podcastCategories[0]!);
    await expect(headings(page)).toHaveText(narrowed.map((a) => a.name));

    await page.getByRole('button', { name: 'Reset Filters' }).click();
    await expect(cards(page)).toHaveCount(audios.length);
    await expect(page).toHaveURL(/\/audio$/);
    await expect(category.locator('option')).toHaveCount(1 + new Set(audios.map((a) => a.category)).size);
  });

  test('a search without matches shows the empty text', async ({ page }) => {
    await open(page, '/audio');
    await page.getByPlaceholder('Search audio...').fill('zzzzzz');
    await expect(page.getByText('No audio content available.')).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
  });
});

test.describe('on a 375 px wide screen', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  for (const path of ['/photos', '/videos', '/audio']) {
    test(`the filters of ${path} are collapsed behind Show Filters`, async ({ page }) => {
      await open(page, path);
      const category = page.getByLabel('Category');
      await expect(category).toBeHidden();
      await page.getByRole('button', { name: 'Show Filters' }).click();
      await expect(category).toBeVisible();
      await expect(page.getByRole('button', { name: 'Hide Filters' })).toHaveAttribute('aria-expanded', 'true');
    });
  }
});
