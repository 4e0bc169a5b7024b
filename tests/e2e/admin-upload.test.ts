/**
 * Upload New Photo (/admin/upload) as an admin uses it. The e2e server is shared and the photo lists
 * count the demo photos: every photo made here is deleted from the database afterwards (there is no delete route yet)
 * and, as a published one was built into the static /photos page, the site is rebuilt once more.
 */
import assert from 'node:assert/strict';
import { expect, test, type APIRequestContext, type Page } from './fixtures.ts';
import sharp from 'sharp';
import type { Photo } from '../../src/shared/types.ts';
import { adminApi, signedInAs } from './helpers/admin.ts';
import { withDb } from './helpers/e2e-db.ts';

/** The form's Publish select (the top bar's 'Publish status' shares the word). */
const publishField = (page: Page) => page.getByRole('combobox', { name: /^Publish/ });

// The clean-up waits for a site build (30-60 s on a busy machine).
test.describe.configure({ mode: 'serial', timeout: 60_000 });

const RUN = `e2e-upload-${Date.now().toString(36)}`;
let api: APIRequestContext;
let token = '';

const auth = () => ({ Authorization: `Bearer ${token}` });
const photosFor = async (headers: Record<string, string>): Promise<Photo[]> =>
  (
    (await (await api.get('/api/photos', { headers: { ...headers, 'Cache-Control': 'no-cache' } })).json()) as {
      results: Photo[];
    }
  ).results;
const ours = (photos: Photo[]) => photos.filter((p) => p.title.startsWith(RUN));

/** Deletes this run's photos straight from the e2e server's database; answers how many went. */
function deleteOurPhotos(): number {
  return withDb((db) => Number(db.prepare('DELETE FROM photos WHERE title LIKE ?').run(`${RUN}%`).changes));
}

const png = (width: number, height: number, background = '#336699') =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

test.beforeAll(async ({ playwright }) => {
  ({ api, token } = await adminApi(playwright));
});

test.afterAll(async () => {
  deleteOurPhotos();
  expect(ours(await photosFor(auth()))).toEqual([]);
  await api.dispose();
});

async function open(page: Page) {
  await signedInAs(page, token);
  await page.goto('/admin/upload');
  await expect(page.getByRole('heading', { level: 1, name: 'Upload New Photo' })).toBeVisible({ timeout: 20_000 });
}

const form = (page: Page) => page.locator('form');
const fileInput = (page: Page) => page.getByLabel('Image', { exact: true });

test('uploads a draft photo: progress while sending, the server message below the form, the form cleared', async ({
  page,
}) => {
  await open(page);
  const title = `${RUN} draft`;
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Caption').fill('A quiet harbour');
  await expect(publishField(page)).toHaveValue('false');
  await expect(publishField(page).locator('option')).toHaveText(['No', 'Yes']);
  await fileInput(page).setInputFiles({ name: 'harbour.png', mimeType: 'image/png', buffer: await png(1280, 720) });
  await expect(page.getByRole('img', { name: 'Chosen photo preview' })).toBeVisible();

  // Hold the answer a moment so the sending state can be seen.
  let release = () => {
    // Replaced by the promise's resolve on the next line.
  };
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/admin/photos/upload', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Upload Photo' }).click();
  await expect(page.getByRole('button', { name: 'Uploading...' })).toBeDisabled();
  await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();
  release();

  const message = page.getByRole('main').getByRole('status').filter({ hasText: 'Photo uploaded successfully' });
  await expect(message).toHaveText('Photo uploaded successfully');
  // Below the form.
  const formBox = await form(page).boundingBox();
  const messageBox = await message.boundingBox();
  assert(formBox && messageBox);
  expect(messageBox.y).toBeGreaterThan(formBox.y + formBox.height - 1);
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Upload Photo' })).toBeEnabled();
  await expect(page.getByLabel('Title')).toHaveValue('');
  await expect(page.getByLabel('Caption')).toHaveValue('');
  await expect(publishField(page)).toHaveValue('false');
  expect(await fileInput(page).evaluate((el: HTMLInputElement) => el.files?.length ?? 0)).toBe(0);
  await expect(page.getByRole('img', { name: 'Chosen photo preview' })).toHaveCount(0);

  // A draft: an admin sees it, the public list does not.
  const stored = ours(await photosFor(auth())).find((p) => p.title === title);
  expect(stored).toMatchObject({ caption: 'A quiet harbour', published: false, resolution: 'HD 720p' });
  expect(ours(await photosFor({})).map((p) => p.title)).not.toContain(title);
});

test('a published photo appears in GET /api/photos', async ({ page }) => {
  await open(page);
  const title = `${RUN} published`;
  await page.getByLabel('Title').fill(title);
  await publishField(page).selectOption({ label: 'Yes' });
  await fileInput(page).setInputFiles({
    name: 'cliffs.png',
    mimeType: 'image/png',
    buffer: await png(320, 200, '#994433'),
  });
  await page.getByRole('button', { name: 'Upload Photo' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Photo uploaded successfully');
  const listed = ours(await photosFor({})).find((p) => p.title === title);
  expect(listed).toMatchObject({ published: true, image: expect.stringMatching(/^\/media\/.+\.webp$/) });
  assert(listed);
  expect((await api.get(listed.image)).status()).toBe(200);
});

test('a text file is refused in the browser with the exact text, and nothing is sent', async ({ page }) => {
  await open(page);
  let sent = 0;
  page.on('request', (r) => {
    if (r.url().includes('/api/admin/photos/upload')) sent += 1;
  });
  await page.getByLabel('Title').fill(`${RUN} text`);
  await fileInput(page).setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not a picture'),
  });
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('Only JPEG, PNG, GIF, and WEBP files are allowed');
  expect(await fileInput(page).evaluate((el: HTMLInputElement) => el.files?.length ?? 0)).toBe(0);
  await page.getByRole('button', { name: 'Upload Photo' }).click();
  // The required file input stops the form.
  expect(await fileInput(page).evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true);
  await fileInput(page).setInputFiles({
    name: 'big.png',
    mimeType: 'image/png',
    buffer: Buffer.alloc(5 * 1024 * 1024 + 1),
  });
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('File size must be less than 5MB');
  expect(sent).toBe(0);
});

test("a server refusal shows as 'Upload failed: ' with the server's message", async ({ page }) => {
  await open(page);
  await page.getByLabel('Title').fill(`${RUN} fake`);
  // A PNG by name and type only: the browser lets it through, the server reads its bytes and refuses it.
  await fileInput(page).setInputFiles({
    name: 'fake.png',
    mimeType: 'image/png',
    buffer: Buffer.from('hello, not a picture'),
  });
  await page.getByRole('button', { name: 'Upload Photo' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(
    'Upload failed: Only JPEG, PNG, GIF, and WEBP files are allowed',
  );
  // The form keeps what was typed so it can be sent again.
  await expect(page.getByLabel('Title')).toHaveValue(`${RUN} fake`);
});

test("a failure without a server answer shows 'Upload failed: ' with the error's text", async ({ page }) => {
  await open(page);
  await page.route('**/api/admin/photos/upload', (route) => route.abort('connectionfailed'));
  await fileInput(page).setInputFiles({ name: 'offline.png', mimeType: 'image/png', buffer: await png(40, 40) });
  await page.getByRole('button', { name: 'Upload Photo' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(
    /^Upload failed: \[POST\] ".*\/api\/admin\/photos\/upload": <no response> Network error$/,
  );
  expect(ours(await photosFor(auth())).map((p) => p.title)).not.toContain(`${RUN} offline`);
});
