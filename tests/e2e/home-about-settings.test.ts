/**
 * The About texts and the home page's sections as the admin sets them on Update Company: a story written, a section
 * hidden and two moved, saved once with the publish feedback every save shows; after the rebuild (this file's server
 * builds the site itself) the About page tells the story and the home page shows the sections in the new order, the
 * hero's image preloaded no more now that the hero is not first. The two cards and the About page fit 320, 375 and
 * 1280 px in both themes.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Browser, type Page } from './fixtures.ts';
import { ABOUT_SECTIONS } from '../../src/lib/about.ts';
import type { Company } from '../../src/shared/types.ts';
import { adminApi } from './helpers/admin.ts';
import { expectNoSideScroll } from './helpers/page-audit.ts';
import { settled } from './helpers/rebuild.ts';
import { keepScreenshot, widthsInTurn } from './helpers/screenshots.ts';

test.use({ siteBuilds: true });
// A build of the demo site takes 30-60 s on a busy 2-core machine; the first one at start may still be running.
test.describe.configure({ mode: 'serial', timeout: 300_000 });

const RUN = Date.now().toString(36);
const STORY = `Northwind began in a harbour boathouse ${RUN}.\nWe still sketch every project by hand first.`;
const WIDTHS = [320, 375, 1280] as const;
const THEMES = ['light', 'dark'] as const;
const SHOTS = process.env['X_SHOTS'] ?? 'test-results/screens/home-about-settings';

let api: APIRequestContext;
let token = '';
const auth = () => ({ Authorization: `Bearer ${token}` });
const publishButton = (page: Page) => page.getByRole('button', { name: /^Publish status:/ });

test.beforeAll(async ({ playwright }) => {
  ({ api, token } = await adminApi(playwright));
  mkdirSync(SHOTS, { recursive: true });
});

test.afterAll(async () => {
  // Back to the demo's defaults for whatever runs next on this server (its build is not waited for).
  const res = await api.put('/api/company', { headers: auth(), data: { about_story: '', home_sections: null } });
  expect(res.status()).toBe(200);
  await api.dispose();
});

/** A page of its own, signed in as the admin, in `theme`. */
async function themedPage(browser: Browser, theme: (typeof THEMES)[number]): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript(
    ([t, k]) => {
      localStorage.setItem('theme', t);
      localStorage.setItem('token', k);
    },
    [theme, token] as const,
  );
  return page;
}

const card = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });

test('the admin writes a story and hides and moves home sections; after the rebuild the About and home pages follow', async ({
  page,
}) => {
  expect((await settled(api, token)).state).toBe('up-to-date');
  const before = (await (await api.get('/api/company')).json()) as Company;
  await page.addInitScript((k) => localStorage.setItem('token', k), token);
  await page.goto('/admin/update-company');
  await expect(page.getByLabel('Company name')).toHaveValue(before.name);

  // The About texts are empty on the demo site: each shows the page's default as its placeholder.
  for (const { title, text } of ABOUT_SECTIONS) {
    await expect(page.getByLabel(title, { exact: true })).toHaveValue('');
    await expect(page.getByLabel(title, { exact: true })).toHaveAttribute('placeholder', text);
  }
  await page.getByLabel('Our Story', { exact: true }).fill(STORY);

  const home = card(page, 'Home page');
  await home.getByRole('checkbox', { name: 'Latest posts' }).uncheck();
  for (let i = 0; i < 3; i += 1) await home.getByRole('button', { name: 'Move Brand story up' }).click();
  await home.getByRole('button', { name: 'Move Hero slider down' }).click();
  await expect(home.getByRole('listitem')).toHaveText([
    /Featured \/ For You/,
    /Hero slider/,
    /Brand story/,
    /Popular products/,
    /Latest posts/,
    /Upcoming events/,
    /Newsletter sign-up/,
  ]);

  await page.getByRole('button', { name: 'Save Company Settings' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Company settings updated successfully' })).toBeVisible();
  // The same publish feedback as every admin save: publishing, then live.
  await expect(publishButton(page)).toHaveAccessibleName(/^Publish status: Publishing…/);
  await expect(publishButton(page)).toHaveAccessibleName('Publish status: Live', { timeout: 240_000 });
  expect((await settled(api, token)).state).toBe('up-to-date');

  const saved = (await (await api.get('/api/company', { headers: { 'Cache-Control': 'no-cache' } })).json()) as Company;
  expect(saved.about_story).toBe(STORY);
  expect(saved.home_sections.find((s) => s.section === 'posts')?.visible).toBe(false);

  await page.goto('/about');
  const story = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Our Story' }) });
  await expect(story).toContainText(`Northwind began in a harbour boathouse ${RUN}.`);
  // The other two keep today's texts.
  await expect(page.getByRole('article').filter({ hasText: 'Our Mission' })).toContainText(
    ABOUT_SECTIONS[1]?.text ?? '',
  );

  await page.goto('/');
  // The hero (its labelled section) and every section heading, in the order they are on the page.
  const order = await page.evaluate(() =>
    [...document.querySelectorAll('section[aria-label="Highlights"], [id$="-heading"]')].map((el) =>
      el.getAttribute('aria-label') === 'Highlights' ? 'hero' : el.id,
    ),
  );
  const expected = [
    'featured-heading',
    'hero',
    'brand-story-heading',
    'featured-products-heading',
    'upcoming-events-heading',
    'newsletter-heading',
  ];
  expect(order.filter((id) => expected.includes(id))).toEqual(expected);
  await expect(page.locator('#latest-posts-heading')).toHaveCount(0);
  // The hero is no longer the first paint: its image is not preloaded; the page still has its one h1.
  await expect(page.locator('link[rel="preload"][as="image"]')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
});

test('the Home page and About page cards and the About page fit 320, 375 and 1280 px in both themes', async ({
  browser,
}) => {
  for (const theme of THEMES) {
    const page = await themedPage(browser, theme);
    for (const width of widthsInTurn(theme, WIDTHS)) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/admin/update-company');
      await expect(page.getByLabel('Our Story', { exact: true })).toHaveValue(STORY);
      for (const [name, title] of [
        ['home-card', 'Home page'],
        ['about-card', 'About page'],
      ] as const) {
        const section = card(page, title);
        await section.scrollIntoViewIfNeeded();
        const box = await section.boundingBox();
        expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
        await keepScreenshot(section, { path: join(SHOTS, `${name}-${width}-${theme}.png`) });
      }
      await expectNoSideScroll(page, width, `Update Company, ${theme}`);

      await page.goto('/about');
      const sections = page.locator('main section').filter({ has: page.getByRole('heading', { name: 'Our Story' }) });
      await expect(sections).toContainText(`harbour boathouse ${RUN}`);
      await keepScreenshot(sections, { path: join(SHOTS, `about-${width}-${theme}.png`) });
      await expectNoSideScroll(page, width, `About, ${theme}`);
    }
    await page.context().close();
  }
});
