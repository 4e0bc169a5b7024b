/**
 * The largest paint first: on every public page whose largest paint is a picture, that picture's address is in the
 * first 14 KB of the HTML (the head's preload, with its responsive variants, so a phone finds it in the first round
 * trip), and no stylesheet or blocking script is fetched before it. Chromium names the picture (its
 * largest-contentful-paint entry) at a phone's width.
 */
import { expect, test, type APIRequestContext } from './fixtures.ts';

/** What the first round trip of a page's HTML brings (TCP's initial window: about 14 KB). */
const FIRST_ROUND_TRIP = 14_000;

async function first<T>(request: APIRequestContext, path: string): Promise<T> {
  const [item] = ((await (await request.get(path)).json()) as { results: T[] }).results;
  expect(item, path).toBeDefined();
  return item as T;
}

test.use({ viewport: { width: 412, height: 823 } });

test('every public page preloads its largest picture within the first 14 KB of its HTML', async ({ page, request }) => {
  test.setTimeout(120_000);
  const product = await first<{ slug: string }>(request, '/api/products');
  const blog = await first<{ slug: string }>(request, '/api/blogs');
  const event = await first<{ slug: string }>(request, '/api/events');
  const audio = await first<{ _id: string }>(request, '/api/audios');
  const paths = [
    '/',
    '/shop',
    `/shop/${product.slug}`,
    '/blogs',
    `/blogs/${blog.slug}`,
    '/photos',
    '/videos',
    '/audio',
    `/audio/${audio._id}`,
    '/events',
    `/events/${event.slug}`,
    '/about',
    '/contact',
    '/pricing',
  ];
  const pictures: string[] = [];
  for (const path of paths) {
    await page.goto(path, { waitUntil: 'load' });
    // A busy machine may report a heading first and the picture a frame later: the latest entry within a quiet
    // second decides, as it does for Chromium's own LCP.
    const largest = await page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          let url = '';
          let quiet = setTimeout(() => resolve(url), 1_000);
          new PerformanceObserver((list) => {
            url = (list.getEntries().at(-1) as PerformanceEntry & { url?: string }).url ?? '';
            clearTimeout(quiet);
            quiet = setTimeout(() => resolve(url), 1_000);
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        }),
    );
    if (!largest) continue;
    pictures.push(path);
    const html = await (await request.get(path)).text();
    const at = html.indexOf(new URL(largest).pathname);
    expect(at, `${path}: its largest paint ${largest} is named in the HTML`).toBeGreaterThanOrEqual(0);
    expect(at, `${path}: its largest paint is named in the first 14 KB`).toBeLessThan(FIRST_ROUND_TRIP);
    const before = html.slice(0, at);
    expect(before, `${path}: no stylesheet before it`).not.toMatch(/<link\b[^>]*rel="?stylesheet/i);
    expect(before, `${path}: no blocking script before it`).not.toMatch(
      /<script\b(?![^>]*\b(?:async|defer|type="module"))[^>]*\bsrc=/i,
    );
  }
  // The image-led pages are judged (a page whose largest paint is text has no picture to fetch first).
  expect(pictures).toEqual(expect.arrayContaining(['/', '/shop', `/shop/${product.slug}`, '/photos']));
});
