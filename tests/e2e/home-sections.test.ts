/** The home page below the hero: Featured or For You, products, posts, events, brand story; and the hero's video poster. */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from './fixtures.ts';
import { formatDayInZone, formatTimeInZone } from '../../src/lib/events/event-time.ts';
import { featuredProducts, latestPosts, upcomingEvents } from '../../src/lib/hero/home-sections.ts';
import { recommendationPath } from '../../src/shared/recommend.ts';
import type {
  Blog,
  Company,
  ListResponse,
  Product,
  Recommendation,
  SiteEvent,
  Slider,
} from '../../src/shared/types.ts';
import { adminToken, signedInAs } from './helpers/admin.ts';
import { e2eDataDir } from './helpers/e2e-db.ts';
import { BUILD_MARKER } from '../../src/server/site/build-site.ts';

const results = async <T>(page: Page, path: string): Promise<T[]> =>
  ((await (await page.request.get(path)).json()) as ListResponse<T>).results;
const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
/** When the served site was built: its pages list the events upcoming then (the demo's "today" event may start since). */
const builtAt = () =>
  new Date((JSON.parse(readFileSync(join(e2eDataDir(), 'dist', BUILD_MARKER), 'utf8')) as { builtAt: string }).builtAt);

test.describe('signed out', () => {
  test('sees Featured, not For You, with the most popular recommendations opening their items', async ({ page }) => {
    const popular = await results<Recommendation>(page, '/api/recommendations/personalized?limit=4&offset=0');
    await page.goto('/');
    const featured = region(page, 'Featured');
    await featured.scrollIntoViewIfNeeded();
    await expect(featured.getByRole('heading', { level: 2, name: 'Featured' })).toBeVisible();
    await expect(featured.getByRole('article')).toHaveCount(4);
    const links = featured.getByRole('article').getByRole('link');
    await expect(links).toHaveText(popular.map((r) => r.title));
    const [first] = popular;
    assert(first);
    for (const [index, r] of popular.entries())
      await expect(links.nth(index)).toHaveAttribute('href', recommendationPath(r));
    // The most popular demo recommendation is a product: its card opens the product's page.
    expect(first.item?.kind).toBe('product');
    await expect(links.first()).toHaveAttribute('href', `/shop/${first.item?.slug ?? ''}`);
    await expect(page.getByRole('heading', { name: 'For You' })).toBeHidden();
    // No island code is fetched for For You while it is hidden.
    const forYouScripts: string[] = [];
    page.on('request', (r) => r.url().includes('ForYou') && forYouScripts.push(r.url()));
    await page.mouse.wheel(0, 4000);
    await page.waitForTimeout(500);
    expect(forYouScripts).toEqual([]);
  });

  test('popular products, the latest posts and the next events are in the built HTML with real links', async ({
    page,
    request,
  }) => {
    const [products, blogs, events, popular] = await Promise.all([
      results<Product>(page, '/api/products'),
      results<Blog>(page, '/api/blogs'),
      results<SiteEvent>(page, '/api/events'),
      results<Recommendation>(page, '/api/recommendations/personalized?limit=4&offset=0'),
    ]);
    const html = await (await request.get('/')).text();
    await page.goto('/');

    const shop = region(page, 'Popular in the shop');
    const top = featuredProducts(
      products,
      popular.map((r) => r.title),
    );
    expect(top).toHaveLength(4);
    await expect(shop.getByRole('article').getByRole('link')).toHaveText(top.map((p) => p.name));
    await expect(shop.getByRole('link', { name: 'Visit the shop' })).toHaveAttribute('href', '/shop');
    for (const p of top) expect(html).toContain(p.name);

    const journal = region(page, 'From the journal');
    const posts = latestPosts(blogs);
    expect(posts).toHaveLength(3);
    const postLinks = journal.getByRole('article').getByRole('link');
    await expect(postLinks).toHaveText(posts.map((p) => p.title));
    for (const [n, post] of posts.entries()) {
      await expect(postLinks.nth(n)).toHaveAttribute('href', `/blogs/${post.slug}`);
      expect((await request.get(`/blogs/${post.slug}`)).status()).toBe(200);
    }

    const upcoming = region(page, 'Upcoming events');
    const next = upcomingEvents(events, builtAt());
    expect(next.length).toBeGreaterThan(0);
    const eventCards = upcoming.getByRole('article');
    await expect(eventCards.getByRole('link')).toHaveText(next.map((e) => e.name));
    for (const [n, event] of next.entries()) {
      await expect(eventCards.nth(n).getByRole('link')).toHaveAttribute('href', `/events/${event.slug}`);
      // On the event's own clock, with its zone's abbreviation.
      const when = `${formatDayInZone(event.start_date, event.timeZone)}, ${formatTimeInZone(event.start_date, event.timeZone)}`;
      expect(when).toMatch(/\d{4}, \d{1,2}:\d{2} [AP]M [A-Z]/);
      await expect(eventCards.nth(n).locator('time')).toHaveText(when);
      await expect(eventCards.nth(n).locator('time')).toHaveAttribute('datetime', event.start_date);
    }
    await expect(upcoming.getByRole('link', { name: 'All events' })).toHaveAttribute('href', '/events');

    // A product card opens the product's own page.
    const [first] = top;
    assert(first);
    await shop.getByRole('link', { name: first.name }).click();
    await page.waitForURL((url) => url.pathname.replace(/\/$/, '') === `/shop/${first.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: first.name })).toBeVisible();
  });

  test('the brand story tells the company description and leads to About', async ({ page }) => {
    const company = (await (await page.request.get('/api/company')).json()) as Company;
    await page.goto('/');
    const story = page.getByRole('region', { name: company.tagline || company.name });
    await expect(story.getByText(company.description)).toBeVisible();
    await expect(story.getByRole('link', { name: `More about ${company.name}` })).toHaveAttribute('href', '/about');
  });

  test('images below the hero are lazy, sized and offer AVIF variants', async ({ page }) => {
    await page.goto('/');
    const imgs = page.locator('.home-section img');
    expect(await imgs.count()).toBeGreaterThan(8);
    for (const img of await imgs.all()) {
      await expect(img).toHaveAttribute('loading', 'lazy');
      await expect(img).toHaveAttribute('width', /\d+/);
      await expect(img).toHaveAttribute('height', /\d+/);
    }
    await expect(page.locator('.home-section picture source[type="image/avif"]').first()).toHaveAttribute(
      'srcset',
      /-w480\.avif 480w/,
    );
  });
});

test.describe('signed in', () => {
  test('sees For You with the personal recommendations instead of Featured', async ({ page }) => {
    const token = await adminToken(page.request);
    await signedInAs(page, token);
    const personal = (
      (await (
        await page.request.get('/api/recommendations/personalized?limit=4&offset=0', {
          headers: { authorization: `Bearer ${token}` },
        })
      ).json()) as ListResponse<Recommendation>
    ).results;
    await page.goto('/');
    const forYou = region(page, 'For You');
    await forYou.scrollIntoViewIfNeeded();
    await expect(forYou.getByRole('heading', { level: 2, name: 'For You' })).toBeVisible();
    await expect(forYou.getByRole('article').getByRole('heading', { level: 3 })).toHaveText(
      personal.map((r) => r.title),
    );
    const links = forYou.getByRole('article').getByRole('link');
    for (const [index, r] of personal.entries())
      await expect(links.nth(index)).toHaveAttribute('href', recommendationPath(r));
    await expect(page.getByRole('heading', { level: 2, name: 'Featured' })).toBeHidden();
  });
});

test.describe('hero video slide', () => {
  async function videoSlide(page: Page): Promise<number> {
    const sliders = await results<Slider>(page, '/api/sliders');
    const index = sliders.findIndex((s) => s.type === 'video');
    expect(index).toBeGreaterThan(0);
    return index;
  }
  const slide = (page: Page, index: number, count: number) =>
    page.getByRole('group', { name: `${index + 1} of ${count}` });

  test('shows its poster image when the video cannot load', async ({ page }) => {
    const index = await videoSlide(page);
    const count = (await results<Slider>(page, '/api/sliders')).length;
    await page.route(/youtube/, (route) => route.abort('internetdisconnected'));
    await page.goto('/');
    await expect(page.locator('[data-hero-ready]')).toBeAttached();
    await page.getByRole('button', { name: `Go to slide ${index + 1}`, exact: true }).click();
    const shown = slide(page, index, count);
    await expect(shown.locator('iframe')).toHaveCount(1);
    await page.waitForTimeout(1500);
    await expect(shown).toHaveAttribute('data-video', 'poster');
    const poster = shown.locator('img[data-hero-poster]');
    await expect(poster).toBeVisible();
    await expect(poster).toHaveCSS('opacity', '1');
    // The image is painted over the failed frame: of the two, the picture is the one on top.
    const box = await shown.boundingBox();
    assert(box);
    const top = await page.evaluate(
      ([x, y]) =>
        document.elementsFromPoint(x, y).find((el) => el.tagName === 'IMG' || el.tagName === 'IFRAME')?.tagName,
      [box.x + box.width / 2, box.y + box.height / 2] as const,
    );
    expect(top).toBe('IMG');
    expect(await poster.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  });

  test('uncovers the video once the player says it plays', async ({ page }) => {
    const index = await videoSlide(page);
    const count = (await results<Slider>(page, '/api/sliders')).length;
    // A stand-in player at the embed address that answers the page's 'listening' message with 'playing'.
    await page.route(/youtube/, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><body style="background:#0a0"><script>
          addEventListener('message', (e) => { if (String(e.data).includes('listening')) parent.postMessage(JSON.stringify({ event: 'infoDelivery', info: { playerState: 1 } }), '*'); });
        </script></body>`,
      }),
    );
    await page.goto('/');
    await expect(page.locator('[data-hero-ready]')).toBeAttached();
    await page.getByRole('button', { name: `Go to slide ${index + 1}`, exact: true }).click();
    const shown = slide(page, index, count);
    await expect(shown).toHaveAttribute('data-video', 'playing');
    await expect(shown.locator('img[data-hero-poster]')).toHaveCSS('opacity', '0');
    // Back to the first slide and again: the poster shows until the player says so once more.
    await page.getByRole('button', { name: 'Go to slide 1', exact: true }).click();
    // Hidden from the accessibility tree once it is not the current slide: found by its label instead.
    await expect(page.locator(`[aria-roledescription="slide"][aria-label="${index + 1} of ${count}"]`)).toHaveAttribute(
      'data-video',
      'poster',
    );
  });
});
