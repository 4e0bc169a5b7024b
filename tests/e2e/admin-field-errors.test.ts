/**
 * A refused field is told beside that field in the admin's add/edit dialogs, against the real server: the message is
 * the field's own description (aria-describedby), the field is aria-invalid and focused, and editing it lets go.
 * A post titled with spaces and a product without a name are stopped by the browser's copy of the server's rules
 * (the server's own refusal of both is in tests/integration/admin-guard-rails.test.ts); an address another post
 * already uses is refused by the server only, and is shown beside the address field all the same.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Locator, type Page } from './fixtures.ts';
import type { AdminBlog } from '../../src/shared/schemas/blog-admin.ts';
import { adminApi, signedInAs } from './helpers/admin.ts';
import { expectNoSideScroll } from './helpers/page-audit.ts';
import { settled } from './helpers/rebuild.ts';
import { inBothThemes, keepScreenshot } from './helpers/screenshots.ts';

let api: APIRequestContext;
let token: string;
const auth = () => ({ authorization: `Bearer ${token}` });
const TAKEN = 'field-errors-taken-address';

test.beforeAll(async ({ playwright }) => {
  ({ api, token } = await adminApi(playwright));
  const made = await api.post('/api/admin/blogs', {
    headers: auth(),
    data: { title: 'Field errors: taken address', slug: TAKEN, published: false },
  });
  expect(made.status()).toBe(201);
});

test.afterAll(async () => {
  const blogs = ((await (await api.get('/api/admin/blogs', { headers: auth() })).json()) as { results: AdminBlog[] })
    .results;
  for (const blog of blogs.filter((b) => b.slug.startsWith('field-errors')))
    await api.delete(`/api/admin/blogs/${blog._id}`, { headers: auth() });
  await settled(api, token);
  await api.dispose();
});

const count = async (path: string) =>
  ((await (await api.get(path, { headers: auth() })).json()) as { results?: unknown[]; total?: number }).results
    ?.length ?? 0;

/** The field shows `sentence` as its own description, is marked invalid and has the focus. */
async function expectRefused(field: Locator, sentence: string) {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  const escaped = sentence.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await expect(field).toHaveAccessibleDescription(new RegExp(escaped));
  await expect(field).toBeFocused();
}

async function openNewPost(page: Page) {
  await page.goto('/admin/content?tab=Blogs');
  await page.getByRole('button', { name: 'New post' }).click();
  const dialog = page.getByRole('dialog', { name: 'New blog post' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('a post titled with spaces is refused beside its Title, and typing a title lets go', async ({ page }) => {
  const before = await count('/api/admin/blogs');
  await signedInAs(page, token);
  const dialog = await openNewPost(page);
  const title = dialog.getByLabel('Title');
  await title.fill('   ');
  await dialog.getByLabel('Status').selectOption({ label: 'Published' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expectRefused(title, 'Title is required.');
  // Said once, beside the field, not again above the buttons.
  await expect(dialog.getByText('Title is required.', { exact: true })).toHaveCount(1);
  await title.fill('A real title');
  await expect(title).not.toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByText('Title is required.', { exact: true })).toHaveCount(0);
  expect(await count('/api/admin/blogs')).toBe(before);
});

test("the server's refusal of a taken address is shown beside the address field", async ({ page }) => {
  await signedInAs(page, token);
  const dialog = await openNewPost(page);
  await dialog.getByLabel('Title').fill('Field errors: second post');
  const slug = dialog.getByLabel('Address (slug)');
  await slug.fill(TAKEN);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expectRefused(slug, 'Another blog already uses this address.');
  await expect(dialog.getByText('Another blog already uses this address.', { exact: true })).toHaveCount(1);
  await slug.fill('field-errors-second-post');
  await expect(slug).not.toHaveAttribute('aria-invalid', 'true');
});

test('a product without a name is refused beside its Name', async ({ page }) => {
  await signedInAs(page, token);
  await page.goto('/admin/manage-products');
  await page.getByRole('button', { name: 'Add Product' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Product' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Price (USD)').fill('12.50');
  await dialog.getByRole('button', { name: 'Create Product' }).click();
  const name = dialog.getByLabel('Name');
  await expectRefused(name, 'Name is required.');
  await name.fill('Field errors mug');
  await expect(name).not.toHaveAttribute('aria-invalid', 'true');
});

test('screenshots: a post with a refused address, at each width in both themes', async ({ browser }) => {
  test.setTimeout(240_000);
  const dir = process.env['X_SHOTS'] ?? 'test-results/screens/admin-field-errors';
  mkdirSync(dir, { recursive: true });
  await inBothThemes(browser, token, async (page, theme, width) => {
    const dialog = await openNewPost(page);
    await dialog.getByLabel('Title').fill('Field errors: shown');
    const slug = dialog.getByLabel('Address (slug)');
    await slug.fill(TAKEN);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectRefused(slug, 'Another blog already uses this address.');
    await expectNoSideScroll(page, width, `blog dialog with a refused address, ${theme}`);
    await keepScreenshot(page, { path: join(dir, `blog-slug-refused-${width}-${theme}.png`) });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });
});
