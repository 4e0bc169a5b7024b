/**
 * Blogs and Pages of Content Management as an admin uses them: a post written in the rich-text editor and published
 * opens with its formatting (in the reader page that stands in until the rebuild) while a draft never appears in the
 * list, the API or search; a page is created, published, edited and deleted, and the public API follows. Each public
 * change asks for a rebuild; the rebuilt static pages are admin-rebuild.test.ts's subject.
 */
import { expect, test, type APIRequestContext, type Page } from './fixtures.ts';
import sharp from 'sharp';
import type { AdminPage, PageLink, PublicPage } from '../../src/shared/pages.ts';
import type { AdminBlog } from '../../src/shared/schemas/blog-admin.ts';
import { adminApi, signedInAs } from './helpers/admin.ts';
import { watchPage } from './helpers/page-audit.ts';

test.describe.configure({ mode: 'serial', timeout: 90_000 });

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
  for (const blog of await ourBlogs()) await api.delete(`/api/admin/blogs/${blog._id}`, { headers: auth() });
  for (const page of await ourPages()) await api.delete(`/api/admin/pages/${page._id}`, { headers: auth() });
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
  await page.getByRole('dialog').getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: message })).toBeVisible();
}

test('a post written in the editor and published is public with its formatting and asks for a rebuild; a draft is not', async ({
  page,
  buildHook,
}) => {
  const mark = buildHook.reasons().length;
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

  // The published post asked for a rebuild, and until it is built the reader page shows it from the API with its
  // formatting (the static build of a post is admin-rebuild.test.ts's subject).
  await buildHook.asked('blogs changed', mark);
  const afterPublish = buildHook.reasons().length;
  const postPath = `/blogs/${slugOf(POST)}/`;
  const reader = await page.context().newPage();
  await reader.goto(postPath);
  const article = reader.getByRole('main');
  await expect(article.getByRole('heading', { level: 1, name: POST })).toBeVisible({ timeout: 20_000 });
  await expect(article.locator('strong')).toHaveText('remarkably high');
  await expect(article.locator('ul > li', { hasText: /^(first|second) boat$/ })).toHaveText([
    'first boat',
    'second boat',
  ]);
  await expect(article.getByRole('link', { name: 'Read more' })).toHaveAttribute('href', 'https://example.com/more');

  // The draft: nowhere public.
  const draftSlug = slugOf(DRAFT);
  expect((await api.get(`/api/blogs/${draftSlug}`)).status()).toBe(404);
  await reader.goto(`/blogs/${draftSlug}/`);
  await expect(reader.getByRole('heading', { level: 1 })).not.toHaveText(DRAFT);
  await expect(reader.getByText(DRAFT_WORD)).toHaveCount(0);
  await reader.close();
  const listed = ((await (await api.get('/api/blogs')).json()) as { results: { title: string }[] }).results.map(
    (b) => b.title,
  );
  expect(listed).toContain(POST);
  expect(listed).not.toContain(DRAFT);
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
  expect((await api.get(`/api/blogs/${slugOf(POST)}`)).status()).toBe(404);
  await buildHook.asked('blogs changed', afterPublish);
  expect(watch.violations).toEqual([]);
});

test('a page is created, published, edited and deleted, and the public API and the rebuild requests follow', async ({
  page,
  buildHook,
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
  const publicPage = async () => {
    const res = await api.get(`/api/pages/${slug}`);
    return res.ok() ? ((await res.json()) as PublicPage) : res.status();
  };
  expect(await publicPage()).toBe(404);

  // Publish from the card: the page, its footer link and a rebuild that will carry them to the static site.
  let mark = buildHook.reasons().length;
  await card(page, PAGE)
    .getByRole('button', { name: `Publish ${PAGE}` })
    .click();
  await expect(page.getByRole('status').filter({ hasText: 'Page published' })).toBeVisible();
  const published = await publicPage();
  expect(published).toMatchObject({ title: PAGE, in_footer: true });
  expect(typeof published === 'object' && published.content).toContain('<h2>What we store</h2>');
  const links = (await (await api.get('/api/pages')).json()) as { results: PageLink[] };
  expect(links.results).toContainEqual(expect.objectContaining({ title: PAGE, slug, in_footer: true }));
  await buildHook.asked('pages changed', mark);

  // Edit the title: the same address, the new title, another rebuild.
  mark = buildHook.reasons().length;
  await card(page, PAGE)
    .getByRole('button', { name: `Edit ${PAGE}` })
    .click();
  await page.getByRole('dialog', { name: 'Edit page' }).getByLabel('Title').fill(PAGE_EDITED);
  await save(page, 'Page updated');
  expect(await publicPage()).toMatchObject({ title: PAGE_EDITED, slug });
  await buildHook.asked('pages changed', mark);

  // Delete: gone from the API, and a rebuild takes it off the static site.
  mark = buildHook.reasons().length;
  await card(page, PAGE_EDITED)
    .getByRole('button', { name: `Delete ${PAGE_EDITED}` })
    .click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Page deleted' })).toBeVisible();
  expect(await publicPage()).toBe(404);
  await buildHook.asked('pages changed', mark);
  expect(watch.violations).toEqual([]);
});
