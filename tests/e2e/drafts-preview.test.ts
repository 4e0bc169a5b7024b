/**
 * A published post's changes kept as a draft and previewed before visitors see them: the editor saves a draft (no
 * rebuild asked, the public post unchanged, the card marked), opens it again on the draft, makes a preview link, and
 * someone without an account opens it and sees the post as it will look under a preview banner (never cached or
 * indexed, within the policy); Publish draft makes it the live post and asks for the rebuild. A link that is not one
 * says so. With E2E_SCREENSHOTS=1 the dialog and the preview are kept at 320, 375 and 1280 px in both themes.
 */
import { expect, test, type APIRequestContext, type Page } from './fixtures.ts';
import { DRAFT_PUBLISHED, DRAFT_SAVED, PREVIEW_INVALID } from '../../src/shared/drafts.ts';
import type { AdminBlog } from '../../src/shared/schemas/blog-admin.ts';
import { adminApi, signedInAs } from './helpers/admin.ts';
import { expectNoSideScroll, watchPage } from './helpers/page-audit.ts';
import { inBothThemes, keepScreenshot } from './helpers/screenshots.ts';

test.describe.configure({ mode: 'serial', timeout: 90_000 });

const RUN = Date.now().toString(36);
const LIVE = `Tide tables ${RUN}`;
const DRAFTED = `Tide tables, spring edition ${RUN}`;

let api: APIRequestContext;
let token = '';
let post: AdminBlog;
let previewUrl = '';
const auth = () => ({ Authorization: `Bearer ${token}` });

test.beforeAll(async ({ playwright }) => {
  ({ api, token } = await adminApi(playwright));
  const created = await api.post('/api/admin/blogs', {
    headers: auth(),
    data: { title: LIVE, caption: 'When the boats go out', content: '<p>The live words.</p>', published: true },
  });
  expect(created.status()).toBe(201);
  post = ((await created.json()) as { blog: AdminBlog }).blog;
});

test.afterAll(async () => {
  await api.delete(`/api/admin/blogs/${post._id}`, { headers: auth() });
  await api.dispose();
});

const card = (page: Page, title: string) =>
  page.getByTestId('content-card').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
const publicTitle = async () => ((await (await api.get(`/api/blogs/${post.slug}`)).json()) as { title: string }).title;

async function openEditor(page: Page, title: string) {
  await signedInAs(page, token);
  await page.goto('/admin/content?tab=Blogs');
  await card(page, title)
    .getByRole('button', { name: `Edit ${title}` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Edit blog post' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('the editor keeps changes as a draft: nothing public changes and no rebuild is asked', async ({
  page,
  buildHook,
}) => {
  const mark = buildHook.reasons().length;
  const watch = await watchPage(page);
  const dialog = await openEditor(page, LIVE);
  await dialog.getByLabel('Title').fill(DRAFTED);
  await dialog.getByRole('button', { name: 'Save draft' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: DRAFT_SAVED })).toBeVisible();
  // The card still shows the live post, marked as having changes waiting.
  await expect(card(page, LIVE).getByText('Unpublished changes')).toBeVisible();
  expect(await publicTitle()).toBe(LIVE);
  expect(buildHook.reasons().slice(mark).join(',')).not.toContain('blogs changed');
  expect(watch.violations).toEqual([]);
});

test('the post opens on its draft, and Preview makes a link anyone can open', async ({ page, browser }) => {
  const watch = await watchPage(page);
  const dialog = await openEditor(page, LIVE);
  await expect(dialog.getByLabel('Title')).toHaveValue(DRAFTED);
  await expect(dialog.getByRole('note')).toContainText('You are editing the draft');
  await expect(dialog.getByRole('button', { name: 'Publish draft' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Preview' }).click();
  const link = dialog.getByLabel('Preview link');
  await expect(link).toHaveValue(/\/preview\?token=[\w.-]+$/);
  previewUrl = await link.inputValue();
  await expect(dialog.getByRole('link', { name: 'Open preview' })).toHaveAttribute('href', previewUrl);
  await inBothThemes(browser, token, async (shot, theme, width) => {
    await shot.goto('/admin/content?tab=Blogs');
    await card(shot, LIVE)
      .getByRole('button', { name: `Edit ${LIVE}` })
      .click();
    const open = shot.getByRole('dialog', { name: 'Edit blog post' });
    await expect(open.getByRole('note')).toBeVisible();
    await open.getByRole('button', { name: 'Preview' }).click();
    await expect(open.getByLabel('Preview link')).toHaveValue(/token=/);
    await expectNoSideScroll(shot, width, `the draft's dialog at ${width} px`);
    await keepScreenshot(shot, { path: test.info().outputPath(`draft-dialog-${theme}-${width}.png`) });
  });

  // Someone without an account: the post as it will look, under the preview banner.
  const visitor = await browser.newContext();
  const reader = await visitor.newPage();
  const readerWatch = await watchPage(reader);
  const response = await reader.goto(previewUrl);
  expect(response?.status()).toBe(200);
  expect(response?.headers()['cache-control']).toBe('private, no-store');
  expect(response?.headers()['x-robots-tag']).toBe('noindex, nofollow');
  expect(response?.headers()['referrer-policy']).toBe('no-referrer');
  await expect(reader.getByRole('heading', { level: 1, name: DRAFTED })).toBeVisible({ timeout: 20_000 });
  await expect(reader.getByRole('complementary', { name: 'Preview' })).toContainText(
    'Unpublished changes: visitors still see the published version.',
  );
  await expect(reader.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await visitor.close();
  expect(readerWatch.violations).toEqual([]);
  expect(watch.violations).toEqual([]);

  await inBothThemes(browser, null, async (shot, theme, width) => {
    await shot.goto(previewUrl);
    await expect(shot.getByRole('heading', { level: 1, name: DRAFTED })).toBeVisible({ timeout: 20_000 });
    await expectNoSideScroll(shot, width, `the preview at ${width} px`);
    await keepScreenshot(shot, { path: test.info().outputPath(`preview-${theme}-${width}.png`), fullPage: true });
  });
});

test('a link that is not one says so', async ({ page }) => {
  await page.goto('/preview?token=not-a-link');
  await expect(page.getByRole('heading', { level: 1, name: 'Preview unavailable' })).toBeVisible();
  await expect(page.getByText(PREVIEW_INVALID)).toBeVisible();
});

test('Publish draft makes the draft the live post and asks for the rebuild', async ({ page, buildHook }) => {
  const mark = buildHook.reasons().length;
  const dialog = await openEditor(page, LIVE);
  await expect(dialog.getByLabel('Title')).toHaveValue(DRAFTED);
  await dialog.getByRole('button', { name: 'Publish draft' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: DRAFT_PUBLISHED })).toBeVisible();
  await expect(card(page, DRAFTED).getByText('Published', { exact: true })).toBeVisible();
  await expect(card(page, DRAFTED).getByText('Unpublished changes')).toHaveCount(0);
  expect(await publicTitle()).toBe(DRAFTED);
  await buildHook.asked('blogs changed', mark);
  // The link shows the post as it now is.
  await page.goto(previewUrl);
  await expect(page.getByRole('complementary', { name: 'Preview' })).toContainText('has no unpublished changes');
});
