import assert from 'node:assert/strict';
import { expect, test, type Page } from './fixtures.ts';
import type { Company, ListResponse, Recommendation } from '../../src/shared/types.ts';
import { adminToken, signedInAs } from './helpers/admin.ts';
import { fakeSpeechRecognition } from './helpers/fake-speech.ts';

interface SliderDto {
  title: string;
  subtitle: string;
  searchButton: { enabled: boolean; placeholder: string };
}

const hero = (page: Page) => page.getByRole('region', { name: 'Highlights' });
const dot = (page: Page, n: number) => hero(page).getByRole('button', { name: `Go to slide ${n}`, exact: true });

/** The hero island has hydrated and keen-slider is running: clicks and timers behave from here on. */
async function openHome(page: Page) {
  const response = await page.goto('/');
  await expect(page.locator('[data-hero-ready]')).toBeAttached();
  return response;
}

async function sliders(page: Page): Promise<SliderDto[]> {
  return ((await (await page.request.get('/api/sliders')).json()) as ListResponse<SliderDto>).results;
}

test('the home page of the built site shows the seeded company branding', async ({ page, request }) => {
  const company = (await (await request.get('/api/company')).json()) as Company;
  expect(company.name).not.toBe('Brand');

  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(company.seo_home_title.replaceAll('{company}', company.name) || company.name);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(company.name);
  await expect(page.getByRole('banner').getByText(company.name, { exact: true })).toBeVisible();
});

test('an unknown path gets the not-found page with status 404', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '404 - Page Not Found' })).toBeVisible();
  await expect(page.getByText("Sorry, we couldn't find the page you were looking for.")).toBeVisible();
});

test.describe('hero slider', () => {
  test('is in the built HTML with the first slider title, subtitle and an eager, high-priority image', async ({
    page,
    request,
  }) => {
    const [first] = await sliders(page);
    assert(first);
    const html = await (await request.get('/')).text();
    expect(html).toContain(first.title);
    expect(html).toContain(first.subtitle);
    expect(html).toMatch(/<img[^>]*loading="eager"[^>]*fetchpriority="high"/i);
    expect(html).not.toMatch(/\sstyle="/);
  });

  test('shows the first seeded slider with dots and no arrows', async ({ page }) => {
    const list = await sliders(page);
    expect(list.length).toBeGreaterThan(1);
    await openHome(page);

    const [first] = list;
    assert(first);
    await expect(hero(page).getByRole('heading', { name: first.title })).toBeVisible();
    await expect(hero(page).getByText(first.subtitle)).toBeVisible();
    await expect(hero(page).getByRole('button', { name: /^Go to slide \d+$/ })).toHaveCount(list.length);
    await expect(dot(page, 1)).toHaveAttribute('aria-current', 'true');
    await expect(hero(page).getByRole('button', { name: /next|previous|prev|arrow/i })).toHaveCount(0);
  });

  test('advances to slide 2 after about 3 seconds', async ({ page }) => {
    const list = await sliders(page);
    await openHome(page);
    const started = Date.now();
    await expect
      .poll(() => dot(page, 2).getAttribute('aria-current'), { timeout: 8_000, intervals: [250] })
      .toBe('true');
    expect(Date.now() - started).toBeGreaterThan(2_000);
    await expect(dot(page, 1)).not.toHaveAttribute('aria-current', 'true');
    const second = list[1];
    assert(second);
    await expect(hero(page).getByRole('heading', { name: second.title })).toBeVisible();
  });

  test('a dot moves to its slide', async ({ page }) => {
    const list = await sliders(page);
    await openHome(page);
    await dot(page, 3).click();
    await expect(dot(page, 3)).toHaveAttribute('aria-current', 'true');
    const third = list[2];
    assert(third);
    await expect(hero(page).getByRole('heading', { name: third.title })).toBeVisible();
  });

  test('stays on the current slide while hovered', async ({ page }) => {
    await openHome(page);
    await hero(page).hover({ position: { x: 200, y: 200 } });
    await page.waitForTimeout(4_500);
    await expect(dot(page, 1)).toHaveAttribute('aria-current', 'true');

    // Leaving resumes autoplay.
    await page.mouse.move(5, 5);
    await expect.poll(() => dot(page, 2).getAttribute('aria-current'), { timeout: 8_000 }).toBe('true');
  });

  test('does not advance with reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openHome(page);
    await page.waitForTimeout(4_500);
    await expect(dot(page, 1)).toHaveAttribute('aria-current', 'true');
  });

  test('the search box goes to /search?q=<query> and does nothing when blank', async ({ page }) => {
    const [first] = await sliders(page);
    assert(first);
    expect(first.searchButton.enabled).toBe(true);
    await openHome(page);
    const search = hero(page).getByRole('search');
    const box = search.getByRole('searchbox', { name: 'Search' });
    await expect(box).toHaveAttribute('placeholder', first.searchButton.placeholder);

    await box.fill('   ');
    await box.press('Enter');
    await search.getByRole('button', { name: 'Search' }).click();
    await page.waitForTimeout(500);
    expect(new URL(page.url()).pathname).toBe('/');

    await box.fill('linen shirt');
    await box.press('Enter');
    await page.waitForURL((url) => url.pathname.replace(/\/$/, '') === '/search');
    expect(new URL(page.url()).searchParams.get('q')).toBe('linen shirt');
  });
});

test.describe('hero at runtime', () => {
  /** Answers GET /api/sliders with the real list changed by `change`. */
  const changeSliders = (page: Page, change: (list: (SliderDto & Record<string, unknown>)[]) => unknown[]) =>
    page.route('**/api/sliders', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as ListResponse<SliderDto & Record<string, unknown>>;
      await route.fulfill({ response, json: { results: change(body.results) } });
    });

  test('shows changed sliders from the API without a rebuild', async ({ page }) => {
    await changeSliders(page, (list) => list.map((s, i) => (i === 0 ? { ...s, title: 'Fresh from the API' } : s)));
    await openHome(page);
    await expect(hero(page).getByRole('heading', { name: 'Fresh from the API' })).toBeVisible();
  });

  test('falls back to one slide from the theme settings when there are no sliders', async ({ page }) => {
    const company = (await (await page.request.get('/api/company')).json()) as Company;
    await changeSliders(page, () => []);
    await openHome(page);
    await expect(hero(page).getByRole('heading', { level: 2, name: company.name })).toBeVisible();
    await expect(hero(page).getByText(company.tagline)).toBeVisible();
    if (company.cta_text) await expect(hero(page).getByRole('link', { name: company.cta_text })).toBeVisible();
    await expect(hero(page).getByRole('button', { name: /^Go to slide/ })).toHaveCount(0);
  });

  test('voice search fills the query and searches where the browser has speech recognition', async ({ page }) => {
    await fakeSpeechRecognition(page, 'merino sweater');
    await changeSliders(page, (list) =>
      list.map((s, i) => (i === 0 ? { ...s, searchButton: { ...s.searchButton, voiceSearch: { enabled: true } } } : s)),
    );
    await openHome(page);
    await hero(page).getByRole('button', { name: 'Search by voice' }).click();
    await page.waitForURL((url) => url.pathname.replace(/\/$/, '') === '/search');
    expect(new URL(page.url()).searchParams.get('q')).toBe('merino sweater');
  });

  test('hides the microphone where the browser has no speech recognition', async ({ page }) => {
    await page.addInitScript(() => {
      for (const name of ['SpeechRecognition', 'webkitSpeechRecognition'])
        Object.defineProperty(window, name, { value: undefined, configurable: true });
    });
    await changeSliders(page, (list) =>
      list.map((s, i) =>
        i === 0 ? { ...s, title: 'Voice on', searchButton: { ...s.searchButton, voiceSearch: { enabled: true } } } : s,
      ),
    );
    await openHome(page);
    await expect(hero(page).getByRole('heading', { name: 'Voice on' })).toBeVisible();
    await expect(hero(page).getByRole('searchbox', { name: 'Search' })).toBeVisible();
    await expect(hero(page).getByRole('button', { name: 'Search by voice' })).toHaveCount(0);
  });

  test('plays the video slide only while it is active, muted, from the allow-listed embed', async ({ page }) => {
    const list = await sliders(page);
    const video = list.findIndex((s) => (s as SliderDto & { type: string }).type === 'video');
    expect(video).toBeGreaterThan(0);
    await page.route(/youtube/, (route) => route.fulfill({ status: 204 }));
    await openHome(page);
    await expect(page.locator('iframe')).toHaveCount(0);
    await dot(page, video + 1).click();
    const frame = hero(page).locator('iframe');
    await expect(frame).toHaveCount(1);
    const frameSrc = await frame.getAttribute('src');
    assert(frameSrc !== null);
    const src = new URL(frameSrc);
    expect(src.origin).toMatch(/^https:\/\/(www\.)?youtube(-nocookie)?\.com$/);
    expect(Object.fromEntries(src.searchParams)).toMatchObject({
      autoplay: '1',
      mute: '1',
      playsinline: '1',
      loop: '1',
      controls: '0',
    });
    await dot(page, 1).click();
    await expect(page.locator('iframe')).toHaveCount(0);
  });
});

test.describe('For You (signed in)', () => {
  let token = '';
  test.beforeEach(async ({ page }) => {
    token ||= await adminToken(page.request);
    await signedInAs(page, token);
  });

  test('shows 4 cards with the titles, captions and tags of the personalised recommendations', async ({ page }) => {
    const expected = (
      (await (
        await page.request.get('/api/recommendations/personalized?limit=4&offset=0', {
          headers: { authorization: `Bearer ${token}` },
        })
      ).json()) as ListResponse<Recommendation>
    ).results;
    expect(expected).toHaveLength(4);

    await page.goto('/');
    const section = page.getByRole('region', { name: 'For You' });
    await section.scrollIntoViewIfNeeded();
    await expect(section.getByRole('heading', { name: 'For You', level: 2 })).toBeVisible();
    const cards = section.getByRole('article');
    await expect(cards).toHaveCount(4);
    await expect(cards.getByRole('heading', { level: 3 })).toHaveText(expected.map((r) => r.title));
    const [first] = expected;
    assert(first);
    await expect(cards.first()).toContainText(first.caption);
    for (const tag of first.tags)
      await expect(cards.first().getByRole('listitem').filter({ hasText: tag })).toBeVisible();
    await expect(cards.first().locator('img')).toHaveAttribute('loading', 'lazy');
  });

  test('says so when the refresh fails and there is nothing to show', async ({ page }) => {
    // A request that fails in the browser, with the build-time cards removed before the island hydrates.
    await page.route('**/api/recommendations/personalized**', (route) => route.abort());
    await page.route('/', async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(
        /(<astro-island[^>]*component-url="[^"]*ForYou[^"]*"[^>]*props=")[^"]*"/,
        '$1{&quot;initial&quot;:[1,[]]}"',
      );
      await route.fulfill({ response, body: html });
    });
    await page.goto('/');
    // The island hydrates when it comes into view.
    await page.evaluate(() => document.getElementById('for-you-heading')?.scrollIntoView());
    await expect(
      page.getByRole('region', { name: 'For You' }).getByText('Failed to load recommendations'),
    ).toBeVisible();
  });

  test('says so when there are no recommendations', async ({ page }) => {
    await page.route('**/api/recommendations/personalized**', (route) => route.fulfill({ json: { results: [] } }));
    await page.goto('/');
    const section = page.getByRole('region', { name: 'For You' });
    await section.scrollIntoViewIfNeeded();
    await expect(section.getByText('No recommendations available')).toBeVisible();
    await expect(section.getByRole('article')).toHaveCount(0);
  });
});
