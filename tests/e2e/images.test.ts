import assert from 'node:assert/strict';
import { expect, test } from './fixtures.ts';
import { expectNoSideScroll } from './helpers/page-audit.ts';

test('list images are sized, responsive (AVIF variants, WebP fallback) and lazy below the fold', async ({
  page,
  request,
}) => {
  await page.goto('/shop');
  const images = page.locator('main ul picture');
  await expect(images.first().locator('img')).toBeVisible();
  const all = await images.evaluateAll((els) =>
    els.map((picture) => {
      const source = picture.querySelector('source');
      const img = picture.querySelector('img');
      if (!img) throw new Error('a <picture> without an <img>');
      return {
        type: source?.type,
        srcset: source?.srcset,
        sizes: source?.sizes,
        src: img.getAttribute('src'),
        width: img.getAttribute('width'),
        height: img.getAttribute('height'),
        loading: img.loading,
        priority: img.getAttribute('fetchpriority'),
      };
    }),
  );
  expect(all.length).toBe(24);
  for (const img of all) {
    expect(img.width).toBeTruthy();
    expect(img.height).toBeTruthy();
    expect(img.type).toBe('image/avif');
    expect(img.srcset).toMatch(/-w480\.avif 480w, .*-w720\.avif 720w, .*-w1920\.avif 1920w$/);
    expect(img.sizes).toBe('(min-width: 1024px) 33vw, (min-width: 640px) 50vw, calc(100vw - 2rem)');
    expect(img.src).toMatch(/^\/media\/[0-9a-f-]{36}\.webp$/);
  }
  expect(all.slice(0, 3).every((img) => img.loading === 'eager')).toBe(true);
  expect(all.slice(3).every((img) => img.loading === 'lazy')).toBe(true);
  // The first card is the largest paint; the rest of the first row waits behind it.
  expect(all.slice(0, 4).map((img) => img.priority)).toEqual(['high', 'low', 'low', null]);
  await expect(page.locator('header img[data-brand-logo]').first()).toHaveAttribute('fetchpriority', 'low');
  // Chromium takes the AVIF variant and lays the image out as if the <picture> were not there.
  const first = images.first().locator('img');
  await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/-w\d+\.avif$/);
  const box = await first.boundingBox();
  const card = await images.first().locator('xpath=..').boundingBox();
  assert(box && card);
  expect(Math.abs(box.width - card.width)).toBeLessThanOrEqual(2);

  const srcset = all[0]?.srcset;
  assert(srcset !== undefined);
  const variant = /\S+-w480\.avif/.exec(srcset)?.[0];
  assert(variant !== undefined);
  const res = await request.get(variant);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('image/avif');
  expect(res.headers()['cache-control']).toContain('immutable');
});

test('the first hero image is preloaded and fetched eagerly with high priority', async ({ page }) => {
  await page.goto('/');
  const preload = page.locator('link[rel="preload"][as="image"]');
  await expect(preload).toHaveAttribute('fetchpriority', 'high');
  await expect(preload).toHaveAttribute('type', 'image/avif');
  await expect(preload).toHaveAttribute('imagesrcset', /-w1920\.avif 1920w/);
  const slide = page.locator('[aria-roledescription="carousel"] picture').first();
  await expect(slide.locator('img')).toHaveAttribute('fetchpriority', 'high');
  await expect(slide.locator('img')).toHaveAttribute('loading', 'eager');
  await expect(slide.locator('source')).toHaveAttribute(
    'srcset',
    (await preload.getAttribute('imagesrcset')) ?? 'missing',
  );
});

test.describe('on a 375 px wide screen', () => {
  test.use({ viewport: { width: 375, height: 800 } });
  for (const path of ['/shop', '/photos', '/blogs', '/events', '/audio', '/']) {
    test(`${path}: the items not yet on screen keep the cards inside the screen`, async ({ page }) => {
      await page.goto(path);
      // The home page's first list (For You) shows only when signed in: the first visible item counts.
      await expect(page.locator('main ul > li:visible').first()).toBeVisible();
      await page.mouse.wheel(0, 2500);
      await page.waitForTimeout(300);
      await expectNoSideScroll(page, 375);
      const widths = await page
        .locator('main ul > li')
        .evaluateAll((items) => items.map((li) => li.getBoundingClientRect().width));
      expect(widths.length).toBeGreaterThan(0);
      expect(Math.max(...widths)).toBeLessThanOrEqual(375 - 32);
    });
  }
});
