/**
 * The public static site follows admin changes. This file's server builds the site itself (the other files' servers
 * only ask a build hook): a branding change, a slider change and content changes of every kind made together are
 * carried by the rebuild they ask for into the served HTML, drafts stay out, and a build that fails leaves the
 * previous site live and says why.
 */
import assert from 'node:assert/strict';
import sharp from 'sharp';
import { expect, test, type APIRequestContext } from './fixtures.ts';
import type { PublishStatus } from '../../src/shared/admin.ts';
import { DARK_LOGO_FOLLOWS } from '../../src/server/modules/company/dark-logo.ts';
import type { Company, Slider } from '../../src/shared/types.ts';
import { makePdf } from '../helpers/document-files.ts';
import { mailFiles, waitForMail } from '../helpers/outbox.ts';
import { ADMIN_EMAIL, adminApi } from './helpers/admin.ts';
import { e2eDataDir } from './helpers/e2e-db.ts';
import { readCompany, updateCompany } from './helpers/company-db.ts';
import { firstGroups } from './helpers/matches.ts';
import { served, settled } from './helpers/rebuild.ts';

test.use({ siteBuilds: true });
// A build of the demo site takes 30-60 s on a busy 2-core machine; the tests wait for one, the last for two.
test.describe.configure({ mode: 'serial', timeout: 240_000 });

const RUN = Date.now().toString(36);
const NAME = `Rebuilt Co ${RUN}`;
const SLIDE = `Rebuilt slide ${RUN}`;
const POST = { title: `Rebuilt post ${RUN}`, slug: `rebuilt-post-${RUN}` };
const DRAFT = { title: `Rebuilt draft ${RUN}`, slug: `rebuilt-draft-${RUN}` };
const PAGE = { title: `Rebuilt page ${RUN}`, slug: `rebuilt-page-${RUN}` };
const PLAN = `Rebuilt plan ${RUN}`;
const DOC = `Rebuilt price list ${RUN}`;
const POST_HTML =
  '<p>The tide was <strong>remarkably high</strong> today.</p><ul><li><p>first boat</p></li><li><p>second boat</p></li></ul>' +
  '<p><a href="https://example.com/more">Read more</a></p>';

let api: APIRequestContext;
let token = '';
let newLogo = '';
let newIcon = '';
/** The rebrand's main colour; the new logo and icon are made of it. */
const COLOUR = '#2a6f4e';

/** A small PNG of the rebrand's colour: its new logo (160 × 48) or icon (32 × 32). */
const rebrandPicture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: COLOUR } })
    .png()
    .toBuffer();
const auth = () => ({ Authorization: `Bearer ${token}` });

test.beforeAll(async ({ playwright }) => {
  ({ api, token } = await adminApi(playwright));
});

test.afterAll(async () => {
  await api.dispose();
});

async function created(answer: Promise<{ status(): number; text(): Promise<string> }>): Promise<void> {
  const res = await answer;
  expect(res.status(), await res.text()).toBe(201);
}

test('a branding, a slider and content changes made together ask for a rebuild, and the publish state follows it', async () => {
  expect((await settled(api, token)).state).toBe('up-to-date');
  expect((await served(api, '/')).html).not.toContain(NAME);

  expect(
    (await api.put('/api/company', { headers: auth(), data: { name: NAME, primary_color: COLOUR } })).status(),
  ).toBe(200);
  // A new main logo on the demo site: the demo's dark logo goes with the old brand, and the admin is told.
  const { logo_dark: demoDarkLogo } = readCompany(['logo_dark']);
  expect(demoDarkLogo).toBeTruthy();
  const logoSave = await api.put('/api/company', {
    headers: auth(),
    multipart: {
      logo: { name: 'logo.png', mimeType: 'image/png', buffer: await rebrandPicture(160, 48) },
      icon: { name: 'icon.png', mimeType: 'image/png', buffer: await rebrandPicture(32, 32) },
    },
  });
  expect(logoSave.status(), await logoSave.text()).toBe(200);
  const logoAnswer = (await logoSave.json()) as { company: Company; notices?: string[] };
  expect(logoAnswer.notices).toEqual([DARK_LOGO_FOLLOWS]);
  expect(logoAnswer.company.logo_dark).toBe('');
  newLogo = logoAnswer.company.logo;
  newIcon = logoAnswer.company.icon;
  expect(newIcon).toMatch(/^\/media\//);
  const asked = (await (await api.get('/api/admin/site-status', { headers: auth() })).json()) as PublishStatus;
  expect(['scheduled', 'building']).toContain(asked.state);

  const [slider] = ((await (await api.get('/api/admin/sliders', { headers: auth() })).json()) as { results: Slider[] })
    .results;
  assert(slider, 'the demo has sliders');
  const fields = Object.entries(slider).filter(([k]) => k !== '_id' && k !== 'image' && k !== 'order');
  const multipart = Object.fromEntries(fields.map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
  const put = await api.put(`/api/sliders/${slider._id}`, {
    headers: auth(),
    multipart: { ...multipart, title: SLIDE },
  });
  expect(put.status(), await put.text()).toBe(200);

  await created(
    api.post('/api/admin/blogs', { headers: auth(), data: { ...POST, content: POST_HTML, published: true } }),
  );
  await created(
    api.post('/api/admin/blogs', { headers: auth(), data: { ...DRAFT, content: '<p>Not yet</p>', published: false } }),
  );
  await created(
    api.post('/api/admin/pages', {
      headers: auth(),
      data: {
        ...PAGE,
        content: '<h2>What we store</h2><p>Only what the site needs.</p>',
        in_footer: true,
        published: true,
      },
    }),
  );
  await created(
    api.post('/api/admin/plans', {
      headers: auth(),
      data: {
        name: PLAN,
        price: 39,
        billing_period: 'year',
        features: ['Unlimited galleries', 'Priority support'],
        highlighted: true,
        published: true,
      },
    }),
  );
  await created(
    api.post('/api/admin/documents', {
      headers: auth(),
      multipart: {
        title: DOC,
        description: 'Every price of the year',
        published: 'true',
        file: { name: 'Price list 2026.pdf', mimeType: 'application/pdf', buffer: Buffer.from(makePdf('Prices')) },
      },
    }),
  );

  const done = await settled(api, token);
  expect(done.state).toBe('up-to-date');
  expect(Date.parse(done.lastBuiltAt ?? '')).toBeGreaterThan(Date.parse(asked.since) - 1);
});

test('the branding change is in the static pages', async () => {
  // In the markup as built (the branding script would also write it into a page built before the change).
  const { html } = await served(api, '/');
  expect(html).toContain(`<meta property="og:site_name" content="${NAME}">`);
  expect(html).toContain(`<span data-brand="name">${NAME}</span>`);
  expect((await served(api, '/contact')).html).toContain(`<span data-brand="name">${NAME}</span>`);
});

test('after the rename every title, the feed and the Organization data carry the new name, and one logo shows in both themes', async () => {
  const titled = async (path: string) => firstGroups((await served(api, path)).html, /<title>([^<]*)<\/title>/g)[0];
  // The demo's stored titles name the company through {company}; pages without one use the same separator.
  expect(await titled('/')).toBe(`${NAME} · Thoughtful design for everyday life`);
  expect(await titled('/shop/')).toBe(`Shop · ${NAME}`);
  expect(await titled('/contact/')).toBe(`Contact · ${NAME}`);
  expect(await titled('/about/')).toBe(`About · ${NAME}`);
  expect(await titled('/rss.xml')).toBe(`Blog · ${NAME}`);
  for (const path of ['/', '/shop/', '/blogs/', '/photos/', '/events/', '/login/', '/register/', '/about/']) {
    const { html } = await served(api, path);
    const [title = ''] = firstGroups(html, /<title>([^<]*)<\/title>/g);
    const [ogTitle = ''] = firstGroups(html, /<meta property="og:title" content="([^"]*)"/g);
    expect([title, ogTitle].join(' '), path).toContain(NAME);
    expect([title, ogTitle].join(' '), path).not.toContain('Northwind');
    expect(html, path).not.toContain('{company}');
    // The favicon follows the new icon, and the brand colour is the new one.
    const [iconSource = ''] = firstGroups(html, /<link rel="icon"[^>]*data-src="([^"]*)"/g);
    expect(iconSource.endsWith(newIcon), `${path}: favicon ${iconSource}`).toBe(true);
    expect(html.toLowerCase(), path).toContain(COLOUR);
  }
  const home = (await served(api, '/')).html;
  const [organization] = firstGroups(home, /<script type="application\/ld\+json">([^<]*)<\/script>/g);
  expect(JSON.parse(organization ?? '{}')).toMatchObject({ '@type': 'Organization', name: NAME });
  // The header's logo is the new one, with no dark-theme logo beside it.
  expect(home).toContain(newLogo);
  expect(home).not.toContain('data-brand-logo="dark"');
  expect(home).not.toContain(readCompany(['logo_dark'])['logo_dark'] ?? 'no dark logo');
});

test('the next mail carries the new name, logo and colour', async () => {
  const before = mailFiles(e2eDataDir());
  expect((await api.post('/api/auth/request-otp', { data: { email: ADMIN_EMAIL } })).status()).toBe(200);
  const mail = await waitForMail(e2eDataDir(), { to: ADMIN_EMAIL, after: before });
  expect(mail.headers.from).toContain(NAME);
  expect(mail.subject).toBe(`${NAME}: your sign-in code`);
  expect(mail.html).toContain(`alt="${NAME}"`);
  expect(mail.html).toContain(newLogo.split('/').pop());
  expect(mail.html.toLowerCase()).toContain(COLOUR);
  for (const part of [mail.subject, mail.text, mail.html]) expect(part).not.toContain('Northwind');
});

test('the slider change is in the static home page', async () => {
  expect((await served(api, '/')).html).toContain(SLIDE);
});

test('the published post is a static page with its formatting, in the list and the sitemap; the draft is nowhere', async () => {
  const postPath = `/blogs/${POST.slug}/`;
  const { status, html } = await served(api, postPath);
  expect(status).toBe(200);
  expect(html).toMatch(new RegExp(`<h1[^>]*>${POST.title}</h1>`));
  expect(html).toContain('<strong>remarkably high</strong>');
  expect(html).toMatch(/<ul>\s*<li>(<p>)?first boat/);
  expect(html).toContain('<a href="https://example.com/more">Read more</a>');

  expect((await served(api, `/blogs/${DRAFT.slug}/`)).status).toBe(404);
  const list = await served(api, '/blogs/');
  expect(list.html).toContain(POST.title);
  expect(list.html).not.toContain(DRAFT.title);
  const index = (await served(api, '/sitemap-index.xml')).html;
  const maps = firstGroups(index, /<loc>[^<]*?(\/sitemap-[^<]+\.xml)<\/loc>/g);
  expect(maps.length).toBeGreaterThan(0);
  const sitemaps = (await Promise.all(maps.map(async (path) => (await served(api, path)).html))).join('\n');
  expect(sitemaps).toContain(postPath);
  expect(sitemaps).not.toContain(DRAFT.slug);
});

test('the published page is a static page with its footer link', async ({ page }) => {
  const path = `/pages/${PAGE.slug}/`;
  const { status, html } = await served(api, path);
  expect(status).toBe(200);
  expect(html).toContain('<h2>What we store</h2>');
  await page.goto('/about');
  const legal = page.getByRole('contentinfo').getByRole('navigation', { name: 'Legal' });
  await expect(legal.getByRole('link', { name: PAGE.title, exact: true })).toHaveAttribute('href', path);
  await page.goto(path);
  await expect(page).toHaveTitle(new RegExp(PAGE.title));
  await expect(page.getByRole('heading', { level: 1, name: PAGE.title })).toBeVisible();
});

test('the published plan is on /pricing, highlighted, with its features and a contact link', async ({ page }) => {
  await page.goto('/pricing');
  await expect(page.getByRole('heading', { level: 1, name: 'Pricing' })).toBeVisible();
  const planCard = page.locator('[data-plan]').filter({ has: page.getByRole('heading', { name: PLAN }) });
  await expect(planCard).toHaveAttribute('data-highlighted', 'true');
  await expect(planCard).toContainText('$39');
  await expect(planCard).toContainText('/year');
  await expect(planCard.getByRole('list', { name: `${PLAN} features` }).getByRole('listitem')).toHaveText([
    '✓Unlimited galleries',
    '✓Priority support',
  ]);
  await expect(planCard.getByRole('link', { name: `Contact us about ${PLAN}` })).toHaveAttribute('href', '/contact');
});

test('the published document is on /documents with its download', async ({ page }) => {
  await page.goto('/documents');
  await expect(page.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible();
  const item = page.locator('[data-document]').filter({ has: page.getByRole('heading', { name: DOC }) });
  await expect(item).toContainText('Every price of the year');
  await expect(item).toContainText('PDF');
  await expect(item).toContainText('1 KB');
  const link = item.getByRole('link', { name: new RegExp(`^Download ${DOC}`) });
  await expect(link).toHaveText('Download');
  const href = await link.getAttribute('href');
  assert(href !== null);
  const download = await api.get(href);
  expect(download.status()).toBe(200);
  expect(download.headers()['content-disposition']).toContain('attachment; filename="Price list 2026.pdf"');
});

test('a build that fails leaves the previous site live, reports the reason, and Retry builds again', async () => {
  await settled(api, token);
  const before = (await served(api, '/')).html;
  // Data the API would refuse, written behind its back: the build cannot turn it into a URL and fails.
  const { hero_image: heroImage } = readCompany(['hero_image']);
  updateCompany({ hero_image: 'http://[' });
  try {
    expect((await api.post('/api/admin/site-rebuild', { headers: auth(), data: {} })).status()).toBe(202);
    const failed = await settled(api, token);
    expect(failed.state).toBe('failed');
    expect(failed.reason ?? '').not.toBe('');
    expect(failed.reason).not.toMatch(/\n\s+at /);
    expect((await served(api, '/')).html).toBe(before);
    const notes = (await (await api.get('/api/admin/notifications', { headers: auth() })).json()) as {
      results: { kind: string }[];
    };
    expect(notes.results.map((n) => n.kind)).toContain('rebuild-failed');
  } finally {
    updateCompany({ hero_image: heroImage as string | null });
  }
  expect((await api.post('/api/admin/site-rebuild', { headers: auth(), data: {} })).status()).toBe(202);
  expect((await settled(api, token)).state).toBe('up-to-date');
});
