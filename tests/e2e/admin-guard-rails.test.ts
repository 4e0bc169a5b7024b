/**
 * The admin cannot publish a blank or nameless item from its screens: an empty slide, an empty company name and a
 * published post titled with spaces are each refused with a sentence next to their field, and nothing is saved.
 */
import type { APIRequestContext } from '@playwright/test';
import { expect, test, type Page } from './fixtures.ts';
import type { Company } from '../../src/shared/types.ts';
import { adminApi, signedInAs } from './helpers/admin.ts';

let api: APIRequestContext;
let token: string;

test.beforeAll(async ({ playwright }) => {
  ({ api, token } = await adminApi(playwright));
});

test.afterAll(async () => {
  await api.dispose();
});

const count = async (path: string) =>
  ((await (await api.get(path, { headers: { authorization: `Bearer ${token}` } })).json()) as { results: unknown[] })
    .results.length;

/** The sentence is shown, and is the field's own description (aria-describedby): next to it for every reader. */
async function expectRefusedField(page: Page, field: ReturnType<Page['getByLabel']>, sentence: string) {
  await expect(page.getByText(sentence, { exact: true }).first()).toBeVisible();
  const escaped = sentence.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await expect(field).toHaveAccessibleDescription(new RegExp(escaped));
}

test('an empty Add Slider form is refused with its sentence and adds no slide', async ({ page }) => {
  const before = await count('/api/admin/sliders');
  await signedInAs(page, token);
  await page.goto('/admin/add-slider');
  await page.getByRole('button', { name: 'Add Slider' }).click();
  await expectRefusedField(page, page.getByLabel('Title', { exact: true }), 'A slide needs an image or a title.');
  expect(await count('/api/admin/sliders')).toBe(before);
});

test('an empty company name is refused with its sentence and the name stays', async ({ page }) => {
  const before = ((await (await api.get('/api/company')).json()) as Company).name;
  await signedInAs(page, token);
  await page.goto('/admin/update-company');
  const name = page.getByLabel('Company name');
  await expect(name).toHaveValue(before);
  await name.fill('   ');
  await page.getByRole('button', { name: 'Save Company Settings' }).click();
  await expectRefusedField(page, name, 'The company name is required.');
  expect(((await (await api.get('/api/company')).json()) as Company).name).toBe(before);
});

test('a published post titled with spaces is refused with its sentence and not saved', async ({ page }) => {
  const before = await count('/api/admin/blogs');
  await signedInAs(page, token);
  await page.goto('/admin/content?tab=Blogs');
  await page.getByRole('button', { name: 'New post' }).click();
  const dialog = page.getByRole('dialog', { name: 'New blog post' });
  await dialog.getByLabel('Title').fill('   ');
  await dialog.getByRole('textbox', { name: 'Content' }).click();
  await page.keyboard.type('A body without a title.');
  await dialog.getByLabel('Status').selectOption({ label: 'Published' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  // The dialog stays open with the sentence beside the Title field.
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Title is required.', { exact: true })).toBeVisible();
  expect(await count('/api/admin/blogs')).toBe(before);
});
