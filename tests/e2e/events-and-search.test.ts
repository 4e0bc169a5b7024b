import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { SearchResult, SiteEvent } from '../../src/shared/types.ts';

const DAY_MS = 86_400_000;
const BADGES = ['Product', 'Blog', 'Photo', 'Video', 'Audio', 'Event'];

const apiEvents = async (request: APIRequestContext): Promise<SiteEvent[]> => (await (await request.get('/api/events')).json()).results;
const apiSearch = async (request: APIRequestContext, k: string): Promise<SearchResult[]> =>
  (await (await request.get(`/api/search?${new URLSearchParams({ k })}`)).json()).results;

/** Astro drops the ssr attribute once an island has hydrated. */
const hydrated = (page: Page) => expect(page.locator('astro-island[ssr]')).toHaveCount(0);
const cardNames = (page: Page) => page.getByRole('main').getByRole('article').getByRole('heading', { level: 2 }).allTextContents();
const resultList = (page: Page) => page.getByRole('list', { name: 'Search results' });
const badges = (page: Page) => resultList(page).getByRole('listitem').locator('article span:first-child').allTextContents();

test.describe('Events', () => {
  test('is pre-rendered with every event from the API', async ({ page, request }) => {
    const events = await apiEvents(request);
    expect(events.length).toBeGreaterThan(0);
    const response = await request.get('/events');
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain(events[0]!.name.replaceAll('&', '&amp;'));

    await page.goto('/events');
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('main').getByRole('article')).toHaveCount(events.length);
    await expect(page.getByText(`${events.length} events`, { exact: true })).toBeVisible();
    // Hydrated and refreshed, the cards are still the static ones the build wrote (inside the island's <astro-slot>).
    await expect(page.locator('astro-slot').getByRole('article')).toHaveCount(events.length);
  });

  test("'This Week' shows exactly the events starting within the next 7 days", async ({ page, request }) => {
    const events = await apiEvents(request);
    await page.goto('/events');
    await hydrated(page);
    const now = Date.now();
    const expected = events
      .filter((e) => Date.parse(e.start_date) >= now && Date.parse(e.start_date) < now + 7 * DAY_MS)
      .sort((a, b) => Date.parse(a.start_date) - Date.parse(b.start_date))
      .map((e) => e.name);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(events.length);

    await page.getByLabel('Timeframe').selectOption({ label: 'This Week' });
    await expect(page).toHaveURL(/[?&]timeframe=week\b/);
    await expect.poll(() => cardNames(page)).toEqual(expected);
  });

  test("location 'Virtual' shows only the virtual events, each with a Virtual badge", async ({ page, request }) => {
    const virtual = (await apiEvents(request)).filter((e) => e.eventType === 'virtual');
    expect(virtual.length).toBeGreaterThan(0);
    await page.goto('/events');
    await hydrated(page);

    await page.getByLabel('Location').selectOption({ label: 'Virtual' });
    const cards = page.getByRole('main').getByRole('article');
    await expect(cards).toHaveCount(virtual.length);
    // The island's own list has replaced the static grid.
    await expect(page.locator('astro-slot')).toHaveCount(0);
    await expect(cards.getByText('Virtual', { exact: true })).toHaveCount(virtual.length);
    expect((await cardNames(page)).sort()).toEqual(virtual.map((e) => e.name).sort());
  });

  test('sorting by price ascending orders the cards by price', async ({ page, request }) => {
    const byPrice = [...(await apiEvents(request))].sort((a, b) => a.price - b.price).map((e) => e.name);
    await page.goto('/events');
    await hydrated(page);

    await page.getByLabel('Sort by').selectOption({ label: 'Price: Low to High' });
    await expect.poll(() => cardNames(page)).toEqual(byPrice);
  });

  test('filters survive a reload through the URL, and Reset Filters clears them', async ({ page, request }) => {
    const events = await apiEvents(request);
    await page.goto('/events');
    await hydrated(page);
    await page.getByLabel('Location').selectOption('virtual');
    await page.getByLabel('Sort by').selectOption('price-desc');
    await expect(page).toHaveURL(/\/events\?location=virtual&sort=price-desc$/);
    const filtered = await cardNames(page);

    await page.reload();
    await hydrated(page);
    await expect(page.getByLabel('Location')).toHaveValue('virtual');
    await expect(page.getByLabel('Sort by')).toHaveValue('price-desc');
    await expect.poll(() => cardNames(page)).toEqual(filtered);

    await page.getByRole('button', { name: 'Reset Filters' }).click();
    await expect(page).toHaveURL(/\/events$/);
    await expect(page.getByLabel('Location')).toHaveValue('all');
    await expect(page.getByRole('main').getByRole('article')).toHaveCount(events.length);
  });

  test('an event image that fails to load is replaced by the placeholder image, in the static grid', async ({ page, request }) => {
    const [first] = [...(await apiEvents(request))].sort((a, b) => Date.parse(a.start_date) - Date.parse(b.start_date));
    // The first card's picture (the priority image) and every responsive variant of it fail.
    await page.route(`**${first!.image.replace(/\.webp$/, '')}*`, (route) => route.fulfill({ status: 404, body: '' }));
    await page.goto('/events');
    await hydrated(page);
    const img = page.locator('astro-slot').getByRole('img', { name: first!.name, exact: true });
    await expect(img).toHaveAttribute('src', '/placeholder.webp');
    await expect(page.locator('picture', { has: img }).locator('source')).toHaveCount(0);
  });

  test("a search that matches nothing shows 'No events found'", async ({ page }) => {
    await page.goto('/events');
    await hydrated(page);
    await page.getByPlaceholder('Search events...').fill('zzzzzz');
    await expect(page.getByText('No events found', { exact: true })).toBeVisible();
    await expect(page.getByRole('main').getByRole('article')).toHaveCount(0);
    await expect(page).toHaveURL(/[?&]q=zzzzzz\b/);
  });
});

test.describe('Search', () => {
  /** A word of the first product's name, which the search index certainly holds. */
  const searchWord = async (request: APIRequestContext): Promise<string> => {
    const products: { name: string }[] = (await (await request.get('/api/products')).json()).results;
    const word = products[0]!.name.split(/\s+/).find((w) => /^[A-Za-z]{4,}$/.test(w));
    if (!word) throw new Error(`no plain word in ${products[0]!.name}`);
    return word;
  };

  test("reads q from the URL and shows '<N> results found' with a type badge per result", async ({ page, request }) => {
    const word = await searchWord(request);
    const results = await apiSearch(request, word);
    expect(results.length).toBeGreaterThan(1);

    await page.goto(`/search?q=${encodeURIComponent(word)}`);
    await expect(page.getByRole('heading', { name: `${results.length} results found for "${word}"` })).toBeVisible();
    await expect(resultList(page).getByRole('listitem')).toHaveCount(results.length);
    const shown = await badges(page);
    expect(shown.every((badge) => BADGES.includes(badge))).toBe(true);
    expect(shown).toContain('Product');
    await expect(page.getByRole('searchbox', { name: 'Search term' })).toHaveValue(word);
  });

  test('choosing Products leaves only Product results and writes type=product beside q', async ({ page, request }) => {
    const word = await searchWord(request);
    const products = (await apiSearch(request, word)).filter((r) => r.type === 'product');
    await page.goto(`/search?q=${encodeURIComponent(word)}`);
    await expect(page.getByRole('heading', { name: /results? found for/ })).toBeVisible();

    await page.getByLabel('Content type').selectOption({ label: 'Products' });
    await expect(page).toHaveURL(new RegExp(`/search\\?q=${word}&type=product$`));
    await expect(resultList(page).getByRole('listitem')).toHaveCount(products.length);
    expect(new Set(await badges(page))).toEqual(new Set(['Product']));
    const noun = products.length === 1 ? 'result' : 'results';
    await expect(page.getByRole('heading', { name: `${products.length} ${noun} found for "${word}"` })).toBeVisible();
  });

  test("a term without matches shows 'No results found' and the hint", async ({ page }) => {
    await page.goto('/search?q=zzzzzz');
    await expect(page.getByRole('heading', { name: 'No results found' })).toBeVisible();
    await expect(page.getByText('Try adjusting your search terms or filters.')).toBeVisible();
  });

  test('the search form navigates to /search?q=...', async ({ page, request }) => {
    const word = await searchWord(request);
    await page.goto('/search');
    await hydrated(page);
    await page.getByRole('searchbox', { name: 'Search term' }).fill(word);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/search\\?q=${word}$`));
    await expect(page.getByRole('heading', { name: new RegExp(`found for "${word}"`) })).toBeVisible();
  });

  test('without q it prompts for a term and calls no search API', async ({ page }) => {
    const calls: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/search')) calls.push(r.url());
    });
    await page.goto('/search');
    await hydrated(page);
    await expect(page.getByText(/Enter a search term/)).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(calls).toEqual([]);
  });

  test('a hostile term is shown as text and never executed', async ({ page }) => {
    const hostile = '<script>alert(1)</script>';
    let dialogs = 0;
    page.on('dialog', (dialog) => {
      dialogs += 1;
      void dialog.dismiss();
    });
    await page.goto(`/search?q=${encodeURIComponent(hostile)}`);
    await expect(page.getByRole('searchbox', { name: 'Search term' })).toHaveValue(hostile);
    await expect(page.getByRole('heading', { name: /No results found|found for/ })).toBeVisible();
    expect(await page.evaluate(() => [...document.scripts].some((s) => s.textContent.includes('alert(1)')))).toBe(false);
    expect(dialogs).toBe(0);
  });
});

test.describe('Small screens', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  for (const path of ['/events', '/search?q=linen']) {
    test(`${path} hides the filters behind 'Show Filters'`, async ({ page }) => {
      await page.goto(path);
      await hydrated(page);
      const type = page.getByLabel(path === '/events' ? 'Category' : 'Content type');
      await expect(type).toBeHidden();
      await page.getByRole('button', { name: 'Show Filters' }).click();
      await expect(type).toBeVisible();
      await expect(page.getByRole('button', { name: 'Hide Filters' })).toHaveAttribute('aria-expanded', 'true');
    });
  }
});
