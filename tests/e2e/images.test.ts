import { expect, test } from '@playwright/test';

test('list images are sized, responsive and lazy below the fold', async ({ page, request }) => {
  await page.goto('/shop');
  const images = page.locator('main ul img');
  await expect(images.first()).toBeVisible();
  const all = await images.evaluateAll((els) =>
    (els as HTMLImageElement[]).map((img) => ({ srcset: img.srcset, sizes: img.sizes, width: img.getAttribute('width'), height: img.getAttribute('height'), loading: img.loading })),
  );
  expect(all.length).toBe(24);
  for (const img of all) {
    expect(img.width).toBeTruthy();
    expect(img.height).toBeTruthy();
    expect(img.srcset).toMatch(/-w480\.webp 480w, .*-w1920\.webp 1920w$/);
    expect(img.sizes).toBeTruthy();
  }
  expect(all.slice(0, 3).every((img) => img.loading === 'eager')).toBe(true);
  expect(all.slice(3).every((img) => img.loading === 'lazy')).toBe(true);

  const variant = /\S+-w480\.webp/.exec(all[0]!.srcset)![0];
  const res = await request.get(variant);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('image/webp');
  expect(res.headers()['cache-control']).toContain('immutable');
});

test('the first hero image is preloaded and fetched eagerly with high priority', async ({ page }) => {
  await page.goto('/');
  const preload = page.locator('link[rel="preload"][as="image"]');
  await expect(preload).toHaveAttribute('fetchpriority', 'high');
  await expect(preload).toHaveAttribute('imagesrcset', /-w1920\.webp 1920w/);
  const hero = page.locator('[aria-roledescription="carousel"] img').first();
  await expect(hero).toHaveAttribute('fetchpriority', 'high');
  await expect(hero).toHaveAttribute('loading', 'eager');
  await expect(hero).toHaveAttribute('srcset', /-w480\.webp 480w/);
});
