import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from './fixtures.ts';
import { formatInZone, isoInZone, zoneAbbreviation } from '../../src/lib/events/event-time.ts';
import type { eventJsonLd } from '../../src/lib/events/event-details.ts';
import type { Blog, ListResponse, Product, SearchResult, SiteEvent } from '../../src/shared/types.ts';

const DAY_MS = 86_400_000;
const BADGES = ['Product', 'Blog', 'Photo', 'Video', 'Audio', 'Event'];

const apiEvents = async (request: APIRequestContext): Promise<SiteEvent[]> =>
  ((await (await request.get('/api/events')).json()) as ListResponse<SiteEvent>).results;
const apiSearch = async (request: APIRequestContext, k: string): Promise<SearchResult[]> =>
  ((await (await request.get(`/api/search?${new URLSearchParams({ k })}`)).json()) as ListResponse<SearchResult>)
    .results;
/** An event page's JSON-LD, as src/lib/events/event-details.ts builds it. */
type EventLd = ReturnType<typeof eventJsonLd>;

/** Astro drops the ssr attribute once an island has hydrated. */
const hydrated = (page: Page) => expect(page.locator('astro-island[ssr]')).toHaveCount(0);
/**
 * Opens /events once its island can take a choice. Astro drops the ssr attribute as it starts hydrating, and React
 * hydrates in a transition after that: a choice made in between is reset to the page's own. The island asks for its
 * data file from an effect, so the file's answer means React has hydrated.
 */
async function openEvents(page: Page, go: () => Promise<unknown> = () => page.goto('/events')): Promise<void> {
  const data = page.waitForResponse((res) => new URL(res.url()).pathname.startsWith('/data/events.'));
  await go();
  await data;
  await hydrated(page);
}
const cardNames = (page: Page) =>
  page.getByRole('main').getByRole('article').getByRole('heading', { level: 2 }).allTextContents();
const resultList = (page: Page) => page.getByRole('list', { name: 'Search results' });
const badges = (page: Page) =>
  resultList(page).getByRole('listitem').locator('article span:first-child').allTextContents();
const isVirtual = (e: SiteEvent) => e.isVirtual || e.eventType === 'virtual';
/** An in-person event, in a zone other than UTC when the demo has one (the harder case). */
const inPersonEvent = (events: SiteEvent[]) => {
  const event = events.find((e) => !isVirtual(e) && e.timeZone !== 'UTC') ?? events.find((e) => !isVirtual(e));
  assert(event, 'the demo has an in-person event');
  return event;
};
/** '6:00 PM' on the zone's clock, by Intl directly (not by the code under test); spaces as plain spaces. */
const clockIn = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' })
    .format(new Date(iso))
    .replace(/\s/g, ' ');

/** The properties of an .ics file's one VEVENT, lines unfolded (RFC 5545 3.1), keyed by name with parameters kept. */
function parseIcs(text: string): Map<string, string> {
  const lines = text
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter(Boolean);
  const begin = lines.indexOf('BEGIN:VEVENT');
  const end = lines.indexOf('END:VEVENT');
  expect(begin).toBeGreaterThan(0);
  expect(end).toBeGreaterThan(begin);
  return new Map(
    lines.slice(begin + 1, end).map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1)]),
  );
}
/** '20260701T160000Z' as epoch ms (undefined, a property the file lacks, fails the test). */
const icsInstant = (value: string | undefined) => {
  assert(value !== undefined);
  return Date.parse(value.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'));
};

test.describe('Events', () => {
  test('is pre-rendered with every event from the API', async ({ page, request }) => {
    const events = await apiEvents(request);
    expect(events.length).toBeGreaterThan(0);
    const response = await request.get('/events');
    expect(response.status()).toBe(200);
    const html = await response.text();
    const [first] = events;
    assert(first);
    expect(html).toContain(first.name.replaceAll('&', '&amp;'));

    await openEvents(page);
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('main').getByRole('article')).toHaveCount(events.length);
    await expect(page.getByText(`${events.length} events`, { exact: true })).toBeVisible();
    // Hydrated and refreshed, the cards are still the static ones the build wrote (inside the island's <astro-slot>).
    await expect(page.locator('astro-slot').getByRole('article')).toHaveCount(events.length);
  });

  test("'This Week' shows exactly the events starting within the next 7 days", async ({ page, request }) => {
    const events = await apiEvents(request);
    await openEvents(page);
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
    await openEvents(page);

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
    await openEvents(page);

    await page.getByLabel('Sort by').selectOption({ label: 'Price: Low to High' });
    await expect.poll(() => cardNames(page)).toEqual(byPrice);
  });

  test('filters survive a reload through the URL, and Reset Filters clears them', async ({ page, request }) => {
    const events = await apiEvents(request);
    await openEvents(page);
    await page.getByLabel('Location').selectOption('virtual');
    await page.getByLabel('Sort by').selectOption('price-desc');
    await expect(page).toHaveURL(/\/events\?location=virtual&sort=price-desc$/);
    const filtered = await cardNames(page);

    await openEvents(page, () => page.reload());
    await expect(page.getByLabel('Location')).toHaveValue('virtual');
    await expect(page.getByLabel('Sort by')).toHaveValue('price-desc');
    await expect.poll(() => cardNames(page)).toEqual(filtered);

    await page.getByRole('button', { name: 'Reset Filters' }).click();
    await expect(page).toHaveURL(/\/events$/);
    await expect(page.getByLabel('Location')).toHaveValue('all');
    await expect(page.getByRole('main').getByRole('article')).toHaveCount(events.length);
  });

  test('an event image that fails to load is replaced by the placeholder image, in the static grid', async ({
    page,
    request,
  }) => {
    const [first] = [...(await apiEvents(request))].sort((a, b) => Date.parse(a.start_date) - Date.parse(b.start_date));
    // The first card's picture (the priority image) and every responsive variant of it fail.
    assert(first);
    await page.route(`**${first.image.replace(/\.webp$/, '')}*`, (route) => route.fulfill({ status: 404, body: '' }));
    await openEvents(page);
    const img = page.locator('astro-slot').getByRole('img', { name: first.name, exact: true });
    await expect(img).toHaveAttribute('src', '/placeholder.webp');
    await expect(page.locator('picture', { has: img }).locator('source')).toHaveCount(0);
  });

  test("a search that matches nothing shows 'No events found'", async ({ page }) => {
    await openEvents(page);
    await page.getByPlaceholder('Search events...').fill('zzzzzz');
    await expect(page.getByText('No events found', { exact: true })).toBeVisible();
    await expect(page.getByRole('main').getByRole('article')).toHaveCount(0);
    await expect(page).toHaveURL(/[?&]q=zzzzzz\b/);
  });
});

test.describe('Event pages', () => {
  // The reader's own zone must not matter: the page shows the event's zone.
  test.use({ timezoneId: 'Pacific/Auckland' });

  test("each card on /events opens the event's own page and shows the time on the event's clock", async ({
    page,
    request,
  }) => {
    const events = await apiEvents(request);
    const event = inPersonEvent(events);
    await openEvents(page);
    const card = page
      .getByRole('main')
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: event.name, exact: true }) });
    await expect(card).toContainText(formatInZone(event.start_date, event.timeZone));
    await card.getByRole('link', { name: event.name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/events/${event.slug}$`));
    await expect(page.getByRole('heading', { level: 1, name: event.name })).toBeVisible();
  });

  test("an event page shows the zone's time, a map link, and an .ics that starts at that instant", async ({
    page,
    request,
  }) => {
    const event = inPersonEvent(await apiEvents(request));
    const response = await page.goto(`/events/${event.slug}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: event.name })).toBeVisible();
    const when = page.getByTestId('event-when');
    await expect(when).toContainText(clockIn(event.start_date, event.timeZone));
    await expect(when).toContainText(zoneAbbreviation(event.start_date, event.timeZone));
    const map = page.getByRole('link', { name: /View on map/ });
    await expect(map).toHaveAttribute(
      'href',
      `https://www.openstreetmap.org/search?${new URLSearchParams({ query: `${event.address}, ${event.city}` })}`,
    );
    await expect(page.getByText(event.description)).toBeVisible();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Add to calendar' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${event.slug}.ics`);
    const text = await readFile(await download.path(), 'utf8');
    expect(text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    const vevent = parseIcs(text);
    expect(vevent.get('SUMMARY')).toBe(event.name.replace(/([,;])/g, '\\$1'));
    // UTC instants (no TZID, which RFC 5545 allows only with a VTIMEZONE): the very instant the API stores …
    expect([...vevent.keys()].filter((k) => k.startsWith('DTSTART'))).toEqual(['DTSTART']);
    expect(icsInstant(vevent.get('DTSTART'))).toBe(Date.parse(event.start_date));
    expect(icsInstant(vevent.get('DTEND'))).toBe(Date.parse(event.end_date));
    // … which on the event's clock is the time the page shows.
    await expect(when).toContainText(
      clockIn(new Date(icsInstant(vevent.get('DTSTART'))).toISOString(), event.timeZone),
    );
    expect(vevent.get('URL')).toMatch(new RegExp(`/events/${event.slug}$`));

    const file = await request.get(`/events/${event.slug}.ics`);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toMatch(/^text\/calendar/);
  });

  test('an event page carries schema.org Event JSON-LD with zoned dates, the place and the offer', async ({
    page,
    request,
  }) => {
    const event = inPersonEvent(await apiEvents(request));
    await page.goto(`/events/${event.slug}`);
    const scripts = page.locator('script[type="application/ld+json"]');
    await expect(scripts).toHaveCount(1);
    const ld = JSON.parse((await scripts.textContent()) ?? '') as EventLd;
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: event.name,
      location: { '@type': 'Place', address: { addressLocality: event.city } },
    });
    expect(ld.startDate).toBe(isoInZone(event.start_date, event.timeZone));
    expect(ld.startDate).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/);
    expect(Date.parse(ld.startDate)).toBe(Date.parse(event.start_date));
    expect(Date.parse(ld.endDate)).toBe(Date.parse(event.end_date));
    expect(ld.offers).toMatchObject({ '@type': 'Offer', price: event.price.toFixed(2), priceCurrency: 'USD' });
  });

  test('a virtual event page has no map link and a VirtualLocation', async ({ page, request }) => {
    const event = (await apiEvents(request)).find(isVirtual);
    assert(event);
    await page.goto(`/events/${event.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: event.name })).toBeVisible();
    await expect(page.getByRole('link', { name: /View on map/ })).toHaveCount(0);
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '') as EventLd;
    expect(ld.location['@type']).toBe('VirtualLocation');
    expect(ld.eventAttendanceMode).toBe('https://schema.org/OnlineEventAttendanceMode');
  });

  test('an unknown event slug is the not-found page', async ({ request }) => {
    expect((await request.get('/events/no-such-event')).status()).toBe(404);
  });
});

test.describe('Search', () => {
  /** A word of the first product's name, which the search index certainly holds. */
  const searchWord = async (request: APIRequestContext): Promise<string> => {
    const [product] = ((await (await request.get('/api/products')).json()) as ListResponse<Product>).results;
    assert(product);
    const word = product.name.split(/\s+/).find((w) => /^[A-Za-z]{4,}$/.test(w));
    if (!word) throw new Error(`no plain word in ${product.name}`);
    return word;
  };

  test("reads q from the URL and shows '<N> results found' with a type badge per result", async ({ page, request }) => {
    const word = await searchWord(request);
    const results = await apiSearch(request, word);
    expect(results.length).toBeGreaterThan(1);

    await page.goto(`/search?q=${encodeURIComponent(word)}`);
    await expect(page.getByRole('heading', { name: `${results.length} results found for "${word}"` })).toBeVisible();
    await expect(resultList(page).getByRole('listitem')).toHaveCount(Math.min(10, results.length));
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
    await expect(resultList(page).getByRole('listitem')).toHaveCount(Math.min(10, products.length));
    expect(new Set(await badges(page))).toEqual(new Set(['Product']));
    const noun = products.length === 1 ? 'result' : 'results';
    await expect(page.getByRole('heading', { name: `${products.length} ${noun} found for "${word}"` })).toBeVisible();
  });

  test('an event, a post and a product result each open that item', async ({ page, request }) => {
    const events = await apiEvents(request);
    const event = events[0];
    assert(event);
    await page.goto(`/search?${new URLSearchParams({ q: event.name })}`);
    await hydrated(page);
    await resultList(page).getByRole('link', { name: event.name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/events/${event.slug}$`));
    await expect(page.getByRole('heading', { level: 1, name: event.name })).toBeVisible();

    const [blog] = ((await (await request.get('/api/blogs')).json()) as ListResponse<Blog>).results;
    assert(blog);
    await page.goto(`/search?${new URLSearchParams({ q: blog.title })}`);
    await hydrated(page);
    await resultList(page).getByRole('link', { name: blog.title, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/blogs/${blog.slug}$`));
    await expect(page.getByRole('heading', { level: 1, name: blog.title })).toBeVisible();

    const [product] = ((await (await request.get('/api/products')).json()) as ListResponse<Product>).results;
    assert(product);
    await page.goto(`/search?${new URLSearchParams({ q: product.name })}`);
    await hydrated(page);
    await resultList(page).getByRole('link', { name: product.name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/shop/${product.slug}$`));
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  });

  test('results come ten a page, with Previous and Next, and the page survives a reload', async ({ page, request }) => {
    // A common word of the demo texts with more than one page of results.
    let word = '';
    let results: SearchResult[] = [];
    for (const candidate of ['the', 'and', 'with', 'for', 'our']) {
      results = await apiSearch(request, candidate);
      if (results.length > 10) {
        word = candidate;
        break;
      }
    }
    expect(results.length, 'a demo word with more than ten results').toBeGreaterThan(10);
    const pages = Math.ceil(results.length / 10);
    const nameOf = (r: SearchResult) => r.data.name ?? r.data.title ?? '';
    const names = () => resultList(page).getByRole('heading', { level: 2 }).allTextContents();

    await page.goto(`/search?q=${word}`);
    await hydrated(page);
    await expect(page.getByRole('heading', { name: `${results.length} results found for "${word}"` })).toBeVisible();
    await expect.poll(names).toEqual(results.slice(0, 10).map(nameOf));
    const pager = page.getByRole('navigation', { name: 'Search results pages' });
    await expect(pager).toContainText(`Page 1 of ${pages}`);
    await expect(pager.getByRole('button', { name: /Previous/ })).toBeDisabled();

    await pager.getByRole('button', { name: /Next/ }).click();
    await expect(page).toHaveURL(new RegExp(`/search\\?q=${word}&page=2$`));
    await expect(pager).toContainText(`Page 2 of ${pages}`);
    await expect.poll(names).toEqual(results.slice(10, 20).map(nameOf));

    await page.reload();
    await hydrated(page);
    await expect(pager).toContainText(`Page 2 of ${pages}`);
    await expect.poll(names).toEqual(results.slice(10, 20).map(nameOf));
    // A filter shows other results: back to their first page.
    await page.getByLabel('Sort by').selectOption('oldest');
    await expect(page).toHaveURL(/[?&]sort=oldest\b/);
    await expect(page).not.toHaveURL(/[?&]page=/);
    await expect(pager).toContainText(`Page 1 of ${pages}`);
    await expect(pager.getByRole('button', { name: /Previous/ })).toBeDisabled();
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
    expect(await page.evaluate(() => [...document.scripts].some((s) => s.textContent.includes('alert(1)')))).toBe(
      false,
    );
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
