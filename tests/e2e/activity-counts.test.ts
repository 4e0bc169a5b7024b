/**
 * Counts that count, end to end: a visitor likes a photo (its count moves, the like survives a reload through the
 * guest's signed key, unliking undoes it), and opening a product's page moves the view count the API reports.
 * The visitor's browser says it is a person's (Playwright's headless one is a bot to the counter).
 */
import { PERSON_UA } from '../helpers/user-agents.ts';
import { expect, test, type APIRequestContext } from './fixtures.ts';
import type { CountsAnswer, ItemCounts } from '../../src/shared/activity.ts';
import type { Photo, Product } from '../../src/shared/types.ts';
import { waitForIslands } from './helpers/hydration.ts';
import { inBothThemes, keepScreenshot } from './helpers/screenshots.ts';

const SHOTS = process.env['X_SHOTS'] ?? 'test-results/screens/activity';

async function countsOf(request: APIRequestContext, type: string, id: string): Promise<ItemCounts> {
  const res = await request.get(`/api/activity/counts?type=${type}&ids=${id}`);
  expect(res.status()).toBe(200);
  const counts = ((await res.json()) as CountsAnswer).results[id];
  expect(counts, `${type} ${id} is published`).toBeDefined();
  return counts ?? {};
}

async function first<T>(request: APIRequestContext, path: string): Promise<T> {
  const [item] = ((await (await request.get(path)).json()) as { results: T[] }).results;
  expect(item).toBeDefined();
  return item as T;
}

test('a visitor likes a photo, sees it after a reload and unlikes it; a product page counts its view', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const photo = await first<Photo>(request, '/api/photos');
  const before = (await countsOf(request, 'photo', photo._id)).likes ?? 0;

  const visitor = await browser.newContext({ userAgent: PERSON_UA });
  const tab = await visitor.newPage();
  await tab.goto('/photos');
  await waitForIslands(tab, 'photos');
  const card = tab.getByRole('article').filter({ has: tab.getByRole('heading', { name: photo.title, exact: true }) });
  const likeButton = card.getByRole('button', { name: new RegExp(`^Like ${photo.title} \\(`) });
  await expect(likeButton).toHaveAttribute('aria-pressed', 'false');
  await likeButton.click();
  await expect(likeButton).toHaveAttribute('aria-pressed', 'true');
  await expect(likeButton).toContainText(`${(before + 1).toLocaleString('en-US')} likes`);
  await expect.poll(async () => (await countsOf(request, 'photo', photo._id)).likes).toBe(before + 1);
  await keepScreenshot(card, { path: `${SHOTS}/photo-card-liked.png` });

  // The guest's key is kept: after a reload the photo is still liked by this visitor, in the lightbox too.
  await tab.reload();
  await waitForIslands(tab, 'photos after a reload');
  await expect(likeButton).toHaveAttribute('aria-pressed', 'true');
  await card.getByRole('link', { name: `View ${photo.title} full size` }).click();
  const lightbox = tab.getByRole('dialog');
  const lightboxLike = lightbox.getByRole('button', { name: new RegExp(`^Like ${photo.title} \\(`) });
  await expect(lightboxLike).toHaveAttribute('aria-pressed', 'true');
  await expect(lightbox.getByRole('link', { name: 'Download' })).toHaveAttribute('download', '');
  await keepScreenshot(tab, { path: `${SHOTS}/lightbox-liked.png` });
  await lightboxLike.click();
  await expect(lightboxLike).toHaveAttribute('aria-pressed', 'false');
  await tab.keyboard.press('Escape');
  await expect(likeButton).toHaveAttribute('aria-pressed', 'false');
  await expect(likeButton).toContainText(`${before.toLocaleString('en-US')} likes`);
  await expect.poll(async () => (await countsOf(request, 'photo', photo._id)).likes).toBe(before);

  // Opening a product's page counts a view, as the API then reports.
  const product = await first<Product>(request, '/api/products');
  const viewsBefore = (await countsOf(request, 'product', product._id)).views ?? 0;
  const sent = tab.waitForResponse((r) => r.url().endsWith('/api/activity') && r.request().method() === 'POST');
  await tab.goto(`/shop/${product.slug}`);
  expect((await sent).status()).toBe(202);
  await expect
    .poll(async () => (await countsOf(request, 'product', product._id)).views, { timeout: 10_000 })
    .toBe(viewsBefore + 1);
  await visitor.close();

  await inBothThemes(
    browser,
    null,
    async (page, theme, width) => {
      for (const list of ['photos', 'videos']) {
        await page.goto(`/${list}`);
        await waitForIslands(page, list);
        await keepScreenshot(page.getByRole('article').first(), {
          path: `${SHOTS}/${list}-card-${theme}-${width}.png`,
        });
      }
    },
    process.env['E2E_SCREENSHOTS'] === '1' ? undefined : [],
  );
});
