/**
 * Blogs and Pages of Content Management as an admin uses them: a post written in the rich-text
 * editor and published reaches the static site after the rebuild with its formatting, while a draft never appears on
 * /blogs/, in the sitemap or in search; a page is created, published, edited and deleted, and /pages/{slug}/ and its
 * footer link follow each rebuild. The e2e server is shared: everything made here is deleted again.
 */
import { expect, test, type APIRequestContext, type Page } from './fixtures.ts';
import sharp from 'sharp';
import type { AdminPage } from '../../src/shared/pages.ts';
import type { AdminBlog } from '../../src/shared/schemas/blog-admin.ts';
import { adminApi, signedInAs } from './helpers/admin.ts';
import { firstGroups } from './helpers/matches.ts';
import { served, settled, untilServed } from './helpers/rebuild.ts';
import { watchPage } from './helpers/page-audit.ts';

// Each test waits for one to three site builds (30-60 s each on a busy 2-core machine).
test.describe.configure({ mode: 'serial', timeout: 300_000 });

const RUN = `E2E ${Date.now().toString(36)}`;
const slugOf = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
const POST = `${RUN} Harbour notes`;
const DRAFT = `${RUN} Secret plans`;
const PAGE = `${RUN} Cookie notice`;
const PAGE_EDITED = `${RUN} Cookie policy`;
/** A word only the draft holds, to search for. */
const DRAFT_WORD = `quokka${Date.now().toString(36)}`;

let api: APIRequestContext;
let token = '';
const auth = () => ({ Authorization: `Bearer ${token}` });

const ourBlogs = async () =>
  ((await (await api.get('/api/admin/blogs', { headers: auth() })).json()) as { results: AdminBlog[] }).results.filter(
    (b) => b.title.startsWith(RUN),
  );
const ourPages = async () =>
  ((await (await api.get('/api/admin/pages', { headers: auth() })).json()) as { results: AdminPage[] }).results.filter(
    (p) => p.title.startsWith(RUN),
  );

test.beforeAll(async ({ playwright }) => {
  ({ api, token } = await adminApi(playwright));
});

test.afterAll(async () => {
  test.setTimeout(300_000);
  let published = false;
  for (const blog of await ourBlogs()) {
    published ||= blog.published;
    await api.delete(`/api/admin/blogs/${blog._id}`, { headers: auth() });
  }
  for (const page of await ourPages()) {
    published ||= page.published;
    await api.delete(`/api/admin/pages/${page._id}`, { headers: auth() });
  }
  // Leave the shared server with a site built without them.
  if (published) expect((await settled(api, token)).state).toBe('up-to-date');
  await api.dispose();
});

async function openTab(page: Page, tab: 'Blogs' | 'Pages') {
  await signedInAs(page, token);
  await page.goto(`/admin/content?tab=${tab}`);
  await expect(page.getByRole('tab', { name: tab, selected: true })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: tab === 'Blogs' ? 'New post' : 'New page' })).toBeVisible();
}

const editor = (page: Page) => page.getByRole('dialog').getByRole('textbox', { name: 'Content' });
const tool = (page: Page, name: string) =>
  page.getByRole('dialog').getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name, exact: true });
const card = (page: Page, title: string) =>
  page.getByTestId('content-card').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

async function save(page: Page, message: string) {
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: message })).toBeVisible();
}

test('a post written in the editor and published reaches the static site with its formatting; a draft never does', async ({
  page,
}) => {
  // The editor runs under the site's CSP (no injected styles or scripts).
  const watch = await watchPage(page);
  await openTab(page, 'Blogs');

  // The published post: bold text and a bulleted list from the toolbar.
  await page.getByRole('button', { name: 'New post' }).click();
  const dialog = page.getByRole('dialog', { name: 'New blog post' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Title').fill(POST);
  await expect(dialog.getByLabel('Address (slug)')).toHaveValue(slugOf(POST));
  await dialog.getByLabel('Caption').fill('Notes from the quay');
  await dialog.getByLabel('Category').selectOption('Travel');
  await dialog.getByLabel('Tags (comma separated)').fill('harbour, e2e');
  const cover = await sharp({ create: { width: 640, height: 360, channels: 3, background: '#226688' } })
    .png()
    .toBuffer();
  await dialog.getByLabel('Cover image').setInputFiles({ name: 'quay.png', mimeType: 'image/png', buffer: cover });
  await expect(dialog.getByRole('img', { name: 'Cover preview' })).toBeVisible();
  await editor(page).click();
  await page.keyboard.type('The tide was ');
  await tool(page, 'Bold').click();
  await page.keyboard.type('remarkably high');
  await tool(page, 'Bold').click();
  await page.keyboard.type(' today.');
  await page.keyboard.press('Enter');
  await tool(page, 'Bullet list').click();
  await page.keyboard.type('first boat');
  await page.keyboard.press('Enter');
  await page.keyboard.type('second boat');
  // Out of the list, then a link on the selected words.
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Read more');
  await page.keyboard.press('Shift+Home');
  await tool(page, 'Link').click();
  await page.getByRole('dialog').getByLabel('Link address').fill('https://example.com/more');
  await page.getByRole('dialog').getByRole('button', { name: 'Apply link' }).click();
  await expect(editor(page).locator('strong')).toHaveText('remarkably high');
  await expect(editor(page).locator('ul li')).toHaveCount(2);
  await expect(editor(page).getByRole('link', { name: 'Read more' })).toHaveAttribute(
    'href',
    'https://example.com/more',
  );
  await dialog.getByLabel('Status').selectOption({ label: 'Published' });
  await save(page, 'Blog created');
  await expect(card(page, POST).getByText('Published', { exact: true })).toBeVisible();
  await expect(card(page, POST).getByRole('img')).toHaveAttribute('src', /\/media\/[0-9a-f-]{36}\.webp$/);

  // The draft, with a word to search for.
  await page.getByRole('button', { name: 'New post' }).click();
  await page.getByRole('dialog').getByLabel('Title').fill(DRAFT);
  await editor(page).click();
  await page.keyboard.type(`Nobody may read about the ${DRAFT_WORD} yet.`);
  await expect(page.getByRole('dialog').getByLabel('Status')).toHaveValue('draft');
  await save(page, 'Blog created');
  await expect(card(page, DRAFT).getByText('Draft', { exact: true })).toBeVisible();

  // Edit the draft: the card follows.
  await card(page, DRAFT)
    .getByRole('button', { name: `Edit ${DRAFT}` })
    .click();
  await page.getByRole('dialog', { name: 'Edit blog post' }).getByLabel('Caption').fill('Still under wraps');
  await save(page, 'Blog updated');
  await expect(card(page, DRAFT).getByText('Still under wraps')).toBeVisible();

  // The published post, from the static build (not the reader page that stands in before the rebuild).
  const postPath = `/blogs/${slugOf(POST)}/`;
  await untilServed(
    api,
    postPath,
    ({ status, html }) => status === 200 && html.includes('<strong>remarkably high</strong>'),
  );
  const { html } = await served(api, postPath);
  expect(html).toMatch(/<ul>\s*<li>(<p>)?first boat/);
  expect(html).toContain('<a href="https://example.com/more">Read more</a>');
  expect(html).toMatch(new RegExp(`<h1[^>]*>${POST}</h1>`));
  expect(await settled(api, token)).toMatchObject({ state: 'up-to-date' });

  // The draft: nowhere public, though the site has been rebuilt since it was saved.
  const draftSlug = slugOf(DRAFT);
  expect((await served(api, `/blogs/${draftSlug}/`)).status).toBe(404);
  const list = await served(api, '/blogs/');
  expect(list.html).toContain(POST);
  expect(list.html).not.toContain(DRAFT);
  const index = (await served(api, '/sitemap-index.xml')).html;
  const maps = firstGroups(index, /<loc>[^<]*?(\/sitemap-[^<]+\.xml)<\/loc>/g);
  expect(maps.length).toBeGreaterThan(0);
  const sitemaps = (await Promise.all(maps.map(async (path) => (await served(api, path)).html))).join('\n');
  expect(sitemaps).toContain(postPath);
  expect(sitemaps).not.toContain(draftSlug);
  const search = (await (await api.get(`/api/search?k=${DRAFT_WORD}`)).json()) as { results: unknown[] };
  expect(search.results).toEqual([]);
  expect(
    (
      (await (await api.get('/api/search?k=remarkably')).json()) as { results: { data: { title: string } }[] }
    ).results.map((r) => r.data.title),
  ).toContain(POST);

  // Delete both through the confirmation; the post leaves the static site with the next rebuild.
  for (const title of [DRAFT, POST]) {
    await card(page, title)
      .getByRole('button', { name: `Delete ${title}` })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Blog deleted' })).toBeVisible();
    await expect(card(page, title)).toHaveCount(0);
  }
  await untilServed(api, postPath, ({ status }) => status === 404);
  expect(watch.violations).toEqual([]);
});

test('a page is created, published, edited and deleted, and /pages/{slug}/ and its footer link follow the rebuilds', async ({
  page,
}) => {
  const watch = await watchPage(page);
  await openTab(page, 'Pages');
  // Create it as a draft: nothing public yet.
  await page.getByRole('button', { name: 'New page' }).click();
  const dialog = page.getByRole('dialog', { name: 'New page' });
  await dialog.getByLabel('Title').fill(PAGE);
  await expect(dialog.getByLabel('Link in the footer')).toBeChecked();
  await editor(page).click();
  await tool(page, 'Heading 2').click();
  await page.keyboard.type('What we store');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Only what the site needs to work.');
  await save(page, 'Page created');
  await expect(card(page, PAGE).getByText('Draft', { exact: true })).toBeVisible();
  const slug = slugOf(PAGE);
  const path = `/pages/${slug}/`;
  expect((await api.get(`/api/pages/${slug}`)).status()).toBe(404);

  // Publish from the card: the page and its footer link appear with the rebuild.
  await card(page, PAGE)
    .getByRole('button', { name: `Publish ${PAGE}` })
    .click();
  await expect(page.getByRole('status').filter({ hasText: 'Page published' })).toBeVisible();
  await untilServed(api, path, ({ status, html }) => status === 200 && html.includes('<h2>What we store</h2>'));
  await page.goto('/about');
  const legal = page.getByRole('contentinfo').getByRole('navigation', { name: 'Legal' });
  await expect(legal.getByRole('link', { name: PAGE, exact: true })).toHaveAttribute('href', path);
  await expect(
    page.getByRole('contentinfo').getByRole('navigation', { name: 'Quick Links' }).getByRole('link'),
  ).toHaveCount(4);
  await page.goto(path);
  await expect(page).toHaveTitle(new RegExp(PAGE));
  await expect(page.getByRole('heading', { level: 1, name: PAGE })).toBeVisible();

  // Edit the title: the same address, the new title after the rebuild.
  await openTab(page, 'Pages');
  await card(page, PAGE)
    .getByRole('button', { name: `Edit ${PAGE}` })
    .click();
  await page.getByRole('dialog', { name: 'Edit page' }).getByLabel('Title').fill(PAGE_EDITED);
  await save(page, 'Page updated');
  await untilServed(api, path, ({ html }) => html.includes(PAGE_EDITED));

  // Delete: the page and its footer link leave with the rebuild.
  await card(page, PAGE_EDITED)
    .getByRole('button', { name: `Delete ${PAGE_EDITED}` })
    .click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Page deleted' })).toBeVisible();
  await untilServed(api, path, ({ status }) => status === 404);
  await untilServed(api, '/about', ({ html }) => !html.includes(PAGE_EDITED));
  expect(watch.violations).toEqual([]);
});
