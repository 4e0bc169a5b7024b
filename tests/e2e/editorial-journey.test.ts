/**
 * The editorial workflow end to end: an author writes a post with a picture from the media library inside its text
 * (uploaded from the editor's picker, alt text given there), saves it and sends it for review; an editor opens it,
 * makes a preview link that someone without an account opens; the editor schedules it on the Scheduled screen, and at
 * its time (the server's runner, nobody on a screen) it is published, the site's rebuild is asked for, and visitors
 * see the post with the picture's alt text, AVIF variants and lazy loading.
 */
import assert from 'node:assert/strict';
import sharp from 'sharp';
import { expect, test, type APIRequestContext, type Page } from './fixtures.ts';
import type { AdminBlog } from '../../src/shared/schemas/blog-admin.ts';
import { adminApi, signedInAs } from './helpers/admin.ts';
import { withDb } from './helpers/e2e-db.ts';
import { registerMember } from './helpers/member.ts';
import { watchPage } from './helpers/page-audit.ts';

test.describe.configure({ mode: 'serial', timeout: 240_000 });

const RUN = Date.now().toString(36);
const TITLE = `Harbour lights ${RUN}`;
const ALT = `Lanterns along the quay ${RUN}`;
const PASSWORD = 'lantern quay harbour 2026 dusk';

let api: APIRequestContext;
let admin = '';
const tokens = { author: '', editor: '' };
let post: AdminBlog | undefined;

/** A visitor's account given a staff role by the admin, signed in again (a role change ends its sessions). */
async function staff(role: 'author' | 'editor'): Promise<string> {
  const username = `${role}_${RUN}`;
  await registerMember(api, {
    first: role === 'author' ? 'Ada' : 'Ed',
    last: 'Lindqvist',
    email: `${username}@example.com`,
    username,
    password: PASSWORD,
  });
  const found = await api.get(`/api/admin/users?q=${username}`, { headers: { Authorization: `Bearer ${admin}` } });
  const id = ((await found.json()) as { results: { _id: string; username: string }[] }).results.find(
    (user) => user.username === username,
  )?._id;
  assert(id, `${username} is listed`);
  const given = await api.patch(`/api/admin/users/${id}`, {
    headers: { Authorization: `Bearer ${admin}` },
    data: { role },
  });
  expect(given.status()).toBe(200);
  const signedIn = await api.post('/api/auth/login', { data: { username, password: PASSWORD } });
  expect(signedIn.status()).toBe(200);
  return ((await signedIn.json()) as { token: string }).token;
}

const card = (page: Page, title: string) =>
  page.getByTestId('content-card').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

test.beforeAll(async ({ playwright }) => {
  ({ api, token: admin } = await adminApi(playwright));
  tokens.author = await staff('author');
  tokens.editor = await staff('editor');
});

test.afterAll(async () => {
  if (post) await api.delete(`/api/admin/blogs/${post._id}`, { headers: { Authorization: `Bearer ${admin}` } });
  await api.dispose();
});

test('an author writes a post with a library picture and sends it for review', async ({ page }) => {
  const watch = await watchPage(page);
  await signedInAs(page, tokens.author);
  await page.goto('/admin/content?tab=Blogs');
  await page.getByRole('button', { name: 'New post' }).click({ timeout: 20_000 });
  const dialog = page.getByRole('dialog', { name: 'New blog post' });
  await dialog.getByLabel('Title').fill(TITLE);
  await dialog.getByRole('textbox', { name: 'Content' }).click();
  await page.keyboard.type('The lanterns came on at dusk.');
  await page.keyboard.press('Enter');

  await dialog.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'Picture' }).click();
  const picker = page.getByRole('dialog', { name: 'Insert a picture' });
  const picture = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#d08a2c' } })
    .png()
    .toBuffer();
  await picker
    .getByLabel('Upload new picture')
    .setInputFiles({ name: 'harbour-lights.png', mimeType: 'image/png', buffer: picture });
  await expect(picker.getByRole('region', { name: 'Chosen file' })).toBeVisible({ timeout: 20_000 });
  // Alt text is required before the picture goes in; it is saved to the library with it.
  await picker.getByRole('button', { name: 'Insert picture' }).click();
  await expect(picker.getByLabel('Alt text')).toHaveAttribute('aria-invalid', 'true');
  await picker.getByLabel('Alt text').fill(ALT);
  await picker.getByLabel('Caption (optional)').fill('The quay at dusk');
  await picker.getByRole('button', { name: 'Insert picture' }).click();
  await expect(picker).toBeHidden();
  await expect(dialog.getByRole('img', { name: ALT })).toBeVisible();

  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog).toBeHidden();
  await card(page, TITLE)
    .getByRole('button', { name: `Send for review ${TITLE}` })
    .click();
  await expect(card(page, TITLE)).toContainText(/review/i);

  const mine = await api.get('/api/admin/blogs', { headers: { Authorization: `Bearer ${tokens.author}` } });
  post = ((await mine.json()) as { results: AdminBlog[] }).results.find((blog) => blog.title === TITLE);
  assert(post, 'the post is saved');
  expect(post.published).toBe(false);
  expect(post.content).toContain(`alt="${ALT}"`);
  expect(post.content).toContain('loading="lazy"');
  expect(post.content).toMatch(/type="image\/avif" srcset="\/media\/[0-9a-f-]{36}-w480\.avif 480w/);
  expect(watch.violations).toEqual([]);
});

test('an editor previews it by a link someone without an account opens, and schedules it', async ({
  page,
  browser,
}) => {
  assert(post);
  await signedInAs(page, tokens.editor);
  await page.goto('/admin/content?tab=Blogs');
  await card(page, TITLE)
    .getByRole('button', { name: `Edit ${TITLE}` })
    .click({ timeout: 20_000 });
  const dialog = page.getByRole('dialog', { name: 'Edit blog post' });
  await dialog.getByRole('button', { name: 'Preview' }).click();
  const link = dialog.getByLabel('Preview link');
  await expect(link).toHaveValue(/\/preview\?token=[\w.-]+$/);
  const previewUrl = await link.inputValue();

  const visitor = await browser.newContext();
  const reader = await visitor.newPage();
  await reader.goto(previewUrl);
  await expect(reader.getByRole('heading', { level: 1, name: TITLE })).toBeVisible({ timeout: 20_000 });
  const shown = reader.getByRole('img', { name: ALT });
  await expect(shown).toBeVisible();
  await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await visitor.close();

  await page.goto('/admin/schedule');
  await page.getByLabel('Type', { exact: true }).selectOption({ label: 'Blog post' });
  const item = page.getByLabel('Item', { exact: true });
  const value = await item.locator('option', { hasText: TITLE }).getAttribute('value');
  assert(value, 'the post is offered');
  await item.selectOption(value);
  await expect(page.getByLabel('Change', { exact: true })).toHaveValue('publish');
  await page.getByRole('button', { name: 'Schedule', exact: true }).click();
  // The worker's site is shared with other files, whose own scheduled changes may be listed too.
  const upcoming = page.getByRole('region', { name: 'Upcoming' }).getByRole('listitem').filter({ hasText: TITLE });
  await expect(upcoming).toHaveCount(1);
  await expect(upcoming).toContainText('Publish');
});

test('at its time the post is published, the site is asked to rebuild, and visitors see it with its picture', async ({
  page,
  buildHook,
}) => {
  assert(post);
  const { _id: id, slug } = post;
  const mark = buildHook.reasons().length;
  withDb((db) =>
    db
      .prepare("UPDATE scheduled_changes SET run_at = ? WHERE item_id = ? AND status = 'pending'")
      .run(new Date(Date.now() - 1000).toISOString(), id),
  );
  const auth = { Authorization: `Bearer ${tokens.editor}` };
  await expect
    .poll(
      async () =>
        ((await (await api.get(`/api/admin/blogs/${id}`, { headers: auth })).json()) as { blog: AdminBlog }).blog
          .published,
      { timeout: 30_000 },
    )
    .toBe(true);
  // The runner's publish asks for the rebuild (here a CDN's build hook); the post's page reads it meanwhile.
  await buildHook.asked('blogs changed', mark);
  const published = (await (await api.get(`/api/blogs/${slug}`)).json()) as { content: string };
  expect(published.content).toContain(`alt="${ALT}"`);

  await page.goto(`/blogs/${slug}`);
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible({ timeout: 20_000 });
  const shown = page.getByRole('img', { name: ALT });
  await expect(shown).toHaveAttribute('loading', 'lazy');
  await shown.scrollIntoViewIfNeeded();
  await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/-w\d+\.avif/);
  await expect(page.getByText('The quay at dusk')).toBeVisible();
});
