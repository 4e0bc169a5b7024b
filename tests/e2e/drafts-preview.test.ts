/**
 * A published post's changes kept as a draft and previewed before visitors see them: the editor saves a draft (no
 * rebuild asked, the public post unchanged, the card marked), opens it again on the draft, makes a preview link, and
 * someone without an account opens it and sees the post as it will look under a preview banner (never cached or
 * indexed, within the policy); Publish draft makes it the live post and asks for the rebuild. A link that is not one
 * says so. The post's History compares two versions and restores the first as a draft. A product's draft is
 * previewed with its new price while the shop keeps the old, and a page's draft as its page will read. With E2E_SCREENSHOTS=1 the dialogs and the previews are
 * kept at 320, 375 and 1280 px in both themes.
 */
import { expect, test, type APIRequestContext, type Page } from './fixtures.ts';
import { DRAFT_PUBLISHED, DRAFT_SAVED, PREVIEW_INVALID } from '../../src/shared/drafts.ts';
import type { AdminPage } from '../../src/shared/pages.ts';
import type { AdminProduct } from '../../src/shared/products-admin.ts';
import { REVISION_RESTORED } from '../../src/shared/revisions.ts';
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
let product: AdminProduct;
let sitePage: AdminPage;
let previewUrl = '';
const auth = () => ({ Authorization: `Bearer ${token}` });

test.beforeAll(async ({ playwright, buildHook }) => {
  const mark = buildHook.reasons().length;
  ({ api, token } = await adminApi(playwright));
  const created = await api.post('/api/admin/blogs', {
    headers: auth(),
    data: { title: LIVE, caption: 'When the boats go out', content: '<p>The live words.</p>', published: true },
  });
  expect(created.status()).toBe(201);
  post = ((await created.json()) as { blog: AdminBlog }).blog;
  const shelf = await api.post('/api/admin/products', {
    headers: auth(),
    data: { name: `Tide clock ${RUN}`, price: '24.00', category: 'Accessories', stock: 4, published: true },
  });
  expect(shelf.status()).toBe(201);
  product = ((await shelf.json()) as { product: AdminProduct }).product;
  const terms = await api.post('/api/admin/pages', {
    headers: auth(),
    data: { title: `Returns ${RUN}`, content: '<p>Within 14 days.</p>', published: true },
  });
  expect(terms.status()).toBe(201);
  sitePage = ((await terms.json()) as { page: AdminPage }).page;
  // The three writes' rebuild request has arrived before any test counts the requests after its own mark.
  await buildHook.asked('pages changed', mark);
});

test.afterAll(async () => {
  await api.delete(`/api/admin/blogs/${post._id}`, { headers: auth() });
  await api.delete(`/api/admin/products/${product._id}`, { headers: auth() });
  await api.delete(`/api/admin/pages/${sitePage._id}`, { headers: auth() });
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

test('History compares two versions side by side and restores the first as a draft', async ({ page, browser }) => {
  const watch = await watchPage(page);
  const dialog = await openEditor(page, DRAFTED);
  await dialog.getByRole('button', { name: 'History' }).click();
  const history = page.getByRole('dialog', { name: `History of "${DRAFTED}"` });
  await expect(history).toBeVisible();
  // Created, its draft saved, then published from it: newest first, the live one marked.
  const versions = history.getByRole('listitem');
  await expect(versions).toHaveCount(3);
  await expect(versions.first()).toContainText('Published from its draft');
  await expect(versions.first()).toContainText('Live version');
  await history.getByLabel('Compare version').selectOption({ label: 'Version 1' });
  await history.getByLabel('with version').selectOption({ label: 'Version 3 (live)' });
  const title = history.getByRole('region', { name: 'Title' });
  await expect(title.locator('del')).toHaveCount(0);
  await expect(title.locator('ins')).toHaveText([',', /spring edition/]);
  await inBothThemes(browser, token, async (shot, theme, width) => {
    await shot.goto('/admin/content?tab=Blogs');
    await card(shot, DRAFTED)
      .getByRole('button', { name: `Edit ${DRAFTED}` })
      .click();
    await shot.getByRole('dialog', { name: 'Edit blog post' }).getByRole('button', { name: 'History' }).click();
    const open = shot.getByRole('dialog', { name: `History of "${DRAFTED}"` });
    await open.getByLabel('Compare version').selectOption({ label: 'Version 1' });
    await expect(open.getByRole('region', { name: 'Title' }).locator('ins').last()).toBeVisible();
    await expectNoSideScroll(shot, width, `the history at ${width} px`);
    await keepScreenshot(shot, { path: test.info().outputPath(`history-${theme}-${width}.png`) });
  });

  const first = versions.filter({ hasText: 'Version 1' });
  await first.getByRole('button', { name: 'Restore as draft' }).click();
  await first.getByRole('button', { name: 'Restore', exact: true }).click();
  await expect(history).toBeHidden();
  await expect(dialog.getByRole('status').filter({ hasText: REVISION_RESTORED })).toBeVisible();
  await expect(dialog.getByLabel('Title')).toHaveValue(LIVE);
  await expect(dialog.getByRole('button', { name: 'Publish draft' })).toBeVisible();
  // Visitors still read the published post until the draft is published.
  expect(await publicTitle()).toBe(DRAFTED);
  expect(watch.violations).toEqual([]);
});

test('a product’s draft is previewed with its new price while the shop keeps the old', async ({ page, browser }) => {
  const watch = await watchPage(page);
  await signedInAs(page, token);
  await page.goto('/admin/manage-products');
  await page.getByRole('button', { name: `Edit ${product.name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Product' });
  await dialog.getByLabel(/^Price/).fill('19.50');
  await dialog.getByRole('button', { name: 'Preview' }).click();
  const link = dialog.getByLabel('Preview link');
  await expect(link).toHaveValue(/\/preview\?token=/);
  const url = await link.inputValue();
  await expect(dialog.getByRole('note')).toContainText('You are editing the draft');
  const shop = (await (await api.get(`/api/products/${product.slug}`)).json()) as { price: number };
  expect(shop.price).toBe(24);
  await inBothThemes(browser, token, async (shot, theme, width) => {
    await shot.goto('/admin/manage-products');
    await shot.getByRole('button', { name: `Edit ${product.name}` }).click();
    const open = shot.getByRole('dialog', { name: 'Edit Product' });
    await expect(open.getByRole('note')).toBeVisible();
    await expectNoSideScroll(shot, width, `the product's draft at ${width} px`);
    await keepScreenshot(shot, { path: test.info().outputPath(`product-draft-${theme}-${width}.png`) });
  });

  const visitor = await browser.newContext();
  const reader = await visitor.newPage();
  const readerWatch = await watchPage(reader);
  await reader.goto(url);
  await expect(reader.getByRole('heading', { level: 1, name: product.name })).toBeVisible({ timeout: 20_000 });
  await expect(reader.getByText('$19.50').first()).toBeVisible();
  await expect(reader.getByRole('complementary', { name: 'Preview' })).toContainText('Unpublished changes');
  await visitor.close();
  await inBothThemes(browser, null, async (shot, theme, width) => {
    await shot.goto(url);
    await expect(shot.getByRole('heading', { level: 1, name: product.name })).toBeVisible({ timeout: 20_000 });
    await expectNoSideScroll(shot, width, `the product preview at ${width} px`);
    await keepScreenshot(shot, {
      path: test.info().outputPath(`product-preview-${theme}-${width}.png`),
      fullPage: true,
    });
  });
  expect(readerWatch.violations).toEqual([]);
  expect(watch.violations).toEqual([]);
});

test('a page’s draft reads in its preview as the page will, while visitors keep the published words', async ({
  page,
  browser,
}) => {
  const watch = await watchPage(page);
  await signedInAs(page, token);
  await page.goto('/admin/content?tab=Pages');
  await card(page, sitePage.title)
    .getByRole('button', { name: `Edit ${sitePage.title}` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Edit page' });
  await dialog.getByRole('textbox', { name: 'Content' }).fill('Within 30 days, no questions asked.');
  await dialog.getByRole('button', { name: 'Preview' }).click();
  const link = dialog.getByLabel('Preview link');
  await expect(link).toHaveValue(/\/preview\?token=/);
  const url = await link.inputValue();
  const live = (await (await api.get(`/api/pages/${sitePage.slug}`)).json()) as { content: string };
  expect(live.content).toBe('<p>Within 14 days.</p>');
  await inBothThemes(browser, token, async (shot, theme, width) => {
    await shot.goto('/admin/content?tab=Pages');
    await card(shot, sitePage.title)
      .getByRole('button', { name: `Edit ${sitePage.title}` })
      .click();
    await expect(shot.getByRole('dialog', { name: 'Edit page' }).getByRole('note')).toBeVisible();
    await expectNoSideScroll(shot, width, `the page's draft at ${width} px`);
    await keepScreenshot(shot, { path: test.info().outputPath(`page-draft-${theme}-${width}.png`) });
  });

  await inBothThemes(browser, null, async (shot, theme, width) => {
    await shot.goto(url);
    await expect(shot.getByRole('heading', { level: 1, name: sitePage.title })).toBeVisible({ timeout: 20_000 });
    await expect(shot.getByText('Within 30 days, no questions asked.')).toBeVisible();
    await expectNoSideScroll(shot, width, `the page preview at ${width} px`);
    await keepScreenshot(shot, { path: test.info().outputPath(`page-preview-${theme}-${width}.png`), fullPage: true });
  });
  expect(watch.violations).toEqual([]);
});
