/**
 * Text from the API never becomes markup or script (security.md R46, R49, R51-R53): hostile
 * values in every field a visitor sees, built into the pages and then changed after the build, on every public page.
 *
 * The shared e2e server's demo data is left alone: this file builds and serves its own product on a fresh DATA_DIR.
 * The shared server's pages are the "normal page" whose scripts each hostile page must match.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from './fixtures.ts';
import { startProduct, type RunningProduct } from '../../scripts/bench/product.ts';
import {
  AUDIO,
  BLOG,
  BLOG_SLUG,
  BUILT_COMPANY,
  COMMENT,
  EVENT,
  GOOD_BUTTON,
  GOOD_SOCIAL,
  P,
  PHOTO,
  PRODUCT,
  RECOMMENDATION,
  RUNTIME_COMPANY,
  RUNTIME_SLIDE,
  SLIDE,
  VIDEO,
  writeHostileContent,
  writeRuntimeChanges,
} from './helpers/hostile-content.ts';
import { expectLiteralText, expectNoInjection, openPage, scriptSignatures, watchPage } from './helpers/page-audit.ts';

// Words of a payload, so the results hold hostile values (the query itself carries no payload the request check would flag).
const SEARCH = '/search?q=svg%20onload';

/** Every public page, and the hostile texts it shows from the build's data. */
const PAGES: { path: string; texts: string[] }[] = [
  {
    path: '/',
    texts: [
      SLIDE.title,
      SLIDE.subtitle,
      SLIDE.button1_text,
      RECOMMENDATION.title,
      RECOMMENDATION.caption,
      ...RECOMMENDATION.tags,
    ],
  },
  { path: '/shop', texts: [PRODUCT.name, PRODUCT.description] },
  { path: '/shop/hostile-product', texts: [PRODUCT.name, PRODUCT.description] },
  { path: '/blogs', texts: [BLOG.title, BLOG.caption] },
  {
    path: `/blogs/${BLOG_SLUG}`,
    texts: [BLOG.title, BLOG.caption, BLOG.category, ...BLOG.tags.map((t) => `#${t}`), COMMENT.comment],
  },
  { path: '/photos', texts: [PHOTO.title, PHOTO.caption, ...PHOTO.tags.map((t) => `#${t}`)] },
  { path: '/videos', texts: [VIDEO.name, VIDEO.description] },
  { path: '/audio', texts: [AUDIO.name, AUDIO.artist, AUDIO.description] },
  { path: '/events', texts: [EVENT.name, EVENT.description, `${EVENT.address}, ${EVENT.city}`] },
  { path: '/events/a-hostile-event', texts: [EVENT.name, EVENT.description] },
  { path: SEARCH, texts: [PRODUCT.name, PHOTO.title] },
  { path: '/about', texts: [BUILT_COMPANY.name, BUILT_COMPANY.tagline, BUILT_COMPANY.description] },
  { path: '/contact', texts: [BUILT_COMPANY.email, BUILT_COMPANY.phone, BUILT_COMPANY.address] },
  { path: '/login', texts: [] },
];

type Social = 'facebook' | 'instagram' | 'twitter' | 'linkedin';

/** The footer's contact texts and which of its links exist (a link from data with a bad scheme has no href and is hidden). */
async function expectFooter(
  page: Page,
  company: { address: string; phone: string; email: string },
  social: Record<Social, string | null>,
) {
  const footer = page.getByRole('contentinfo');
  await expect(footer.locator('[data-brand="address"]')).toHaveText(company.address);
  await expect(footer.locator('[data-brand="phone"]')).toHaveText(company.phone);
  await expect(footer.locator('[data-brand="email"]')).toHaveText(company.email);
  await expect(footer.locator('[data-brand-href="website"]')).not.toHaveAttribute('href');
  await expect(footer.locator('[data-brand-item="website"]')).toBeHidden();
  for (const [key, href] of Object.entries(social)) {
    const link = footer.locator(`[data-brand-href="social-${key}"]`);
    if (href === null) {
      await expect(link, key).not.toHaveAttribute('href');
      await expect(footer.locator(`[data-brand-item="social-${key}"]`), key).toBeHidden();
    } else {
      await expect(link, key).toHaveAttribute('href', href);
    }
  }
}

let product: RunningProduct | undefined;
let dataDir = '';
/** Script lists of the shared server's normal pages, by the hostile page's path. */
const baselines = new Map<string, string[]>();

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  dataDir = await mkdtemp(join(tmpdir(), 'site-hostile-'));
  await writeHostileContent(dataDir);
  product = await startProduct({ dataDir, seed: 'none', timeoutMs: 220_000 });
});

test.afterAll(async () => {
  await product?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

test('hostile values built into every public page stay text: no dialog, script, payload element or request, no bad link', async ({
  page,
  request,
}) => {
  // Twelve pages, each opened twice (the demo baseline and the hostile build) and hydrated: about 4 s a load on a busy
  // 2-core machine. A bound for a hang, not a budget.
  test.setTimeout(240_000);
  assert(product, 'beforeAll starts the product');
  const origin = product.origin;
  const demoSlug = ((await (await request.get('/api/blogs')).json()) as { results: { slug: string }[] }).results[0]
    ?.slug;
  const demoEvent = ((await (await request.get('/api/events')).json()) as { results: { slug: string }[] }).results[0]
    ?.slug;
  const demoProduct = ((await (await request.get('/api/products')).json()) as { results: { slug: string }[] })
    .results[0]?.slug;
  expect(demoSlug).toBeTruthy();
  expect(demoEvent).toBeTruthy();
  expect(demoProduct).toBeTruthy();
  // The shared demo server's page of the same kind is the baseline of the scripts a page may load.
  const detail: Record<string, string | undefined> = { blogs: demoSlug, events: demoEvent, shop: demoProduct };
  const baselinePath = (path: string) => {
    const [, section = '', slug] = path.split('/');
    return slug && detail[section] ? `/${section}/${detail[section]}` : path;
  };
  const watch = await watchPage(page);

  for (const { path, texts } of PAGES) {
    await openPage(page, baselinePath(path));
    baselines.set(path, await scriptSignatures(page));

    await openPage(page, `${origin}${path}`);
    await expectNoInjection(page, watch, baselines.get(path));
    expect(await page.title(), path).toContain(BUILT_COMPANY.name);
    await expect(page.locator('[data-brand="name"]').first()).toHaveText(BUILT_COMPANY.name);
    for (const text of texts) await expectLiteralText(page, text);
    await expectFooter(page, BUILT_COMPANY, { facebook: null, instagram: null, twitter: null, linkedin: GOOD_SOCIAL });
  }
});

test('the page title, hero buttons and blog body keep only safe markup and links', async ({ page }) => {
  assert(product, 'beforeAll starts the product');
  const origin = product.origin;
  const watch = await watchPage(page);

  await openPage(page, `${origin}/about`);
  await expect(page).toHaveTitle(`About · ${BUILT_COMPANY.name}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(BUILT_COMPANY.name);

  await openPage(page, `${origin}/`);
  await expect(page).toHaveTitle(BUILT_COMPANY.name);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', BUILT_COMPANY.seo_home_description);
  // A button keeps its text and its site-relative or mailto: link; one whose link has another scheme is left out.
  // (The same hostile texts name other items on the home page, the upcoming events: only the hero's links count here.)
  const hero = page.locator('[aria-roledescription="carousel"]');
  await expect(hero.getByRole('link', { name: SLIDE.button1_text, exact: true, includeHidden: true })).toHaveAttribute(
    'href',
    SLIDE.button1_link,
  );
  await expect(hero.getByRole('link', { name: GOOD_BUTTON.text, exact: true, includeHidden: true })).toHaveAttribute(
    'href',
    GOOD_BUTTON.link,
  );
  await expect(hero.getByRole('link', { name: SLIDE.button2_text, exact: true, includeHidden: true })).toHaveCount(0);
  await expect(hero.getByRole('link', { name: 'Data button', exact: true, includeHidden: true })).toHaveCount(0);
  await expect(page.getByPlaceholder(P.attrBreak)).toBeVisible();
  await expect(page.locator('iframe, video')).toHaveCount(0);

  await openPage(page, `${origin}/blogs/${BLOG_SLUG}`);
  const body = page.locator('.blog-content');
  await expect(body.getByText('Safe paragraph kept.')).toBeVisible();
  await expect(body.getByText('styled paragraph')).toBeVisible();
  await expect(
    body.locator('script, iframe, svg, style, form, button, object, embed, [style], [onclick], [onerror], [onload]'),
  ).toHaveCount(0);
  await expect(body.getByRole('link', { name: 'good link' })).toHaveAttribute('href', 'https://example.com/ok');
  for (const name of ['js link', 'mixed case link', 'data link'])
    await expect(body.getByText(name), name).not.toHaveAttribute('href');
  for (const img of await body.locator('img').all()) expect(await img.getAttribute('src')).toBeNull();
  await expectNoInjection(page, watch);
});

test('branding changed after the build is applied as text, and its links with bad schemes get no href', async ({
  page,
}) => {
  test.setTimeout(90_000);
  assert(product, 'beforeAll starts the product');
  const origin = product.origin;
  await writeRuntimeChanges(dataDir);
  const watch = await watchPage(page);
  const social = { facebook: null, instagram: null, twitter: RUNTIME_COMPANY.social_twitter, linkedin: null };

  for (const { path } of PAGES) {
    await openPage(page, `${origin}${path}`);
    // The layout's conditional GET /api/company found the change and applied it.
    const names = page.locator('[data-brand="name"]');
    await expect(names.first()).toHaveText(RUNTIME_COMPANY.name);
    await expect(names).toHaveText(Array(await names.count()).fill(RUNTIME_COMPANY.name));
    await expectFooter(page, RUNTIME_COMPANY, social);
    await expectNoInjection(page, watch, baselines.get(path));
    if (path === '/') {
      await expectLiteralText(page, RUNTIME_SLIDE.title);
      const hero = page.locator('[aria-roledescription="carousel"]');
      await expect(hero.getByRole('link', { name: SLIDE.button1_text, exact: true, includeHidden: true })).toHaveCount(
        0,
      );
      await expect(page).toHaveTitle(RUNTIME_COMPANY.name);
    }
  }
});
