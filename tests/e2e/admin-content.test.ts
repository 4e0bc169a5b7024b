/**
 * Content Management (/admin/content) as an admin uses it: the spec's texts, tabs kept in the
 * address, search, grid/list, the multi-file image upload with each file's size and progress, and for Images, Videos,
 * Audio and Events: create, edit, publish and delete. The e2e server is shared: every item made here carries this
 * run's mark and is deleted through the UI (or, if a step failed, through the API afterwards).
 */
import assert from 'node:assert/strict';
import { expect, test, type APIRequestContext, type Locator, type Page } from './fixtures.ts';
import sharp from 'sharp';
import { encodeWav } from '../../src/server/seed/audio.ts';
import { adminApi, signedInAs } from './helpers/admin.ts';

test.describe.configure({ mode: 'serial', timeout: 60_000 });

const RUN = `e2e-content-${Date.now().toString(36)}`;
let api: APIRequestContext;
let token = '';
const auth = () => ({ Authorization: `Bearer ${token}`, 'Cache-Control': 'no-cache' });

const TABS = ['Images', 'Videos', 'Audio', 'Documents', 'Blogs', 'Events', 'Plans', 'Pages'];

interface Item {
  _id: string;
  title?: string;
  name?: string;
}
const list = async (path: string): Promise<Item[]> =>
  ((await (await api.get(path, { headers: auth() })).json()) as { results: Item[] }).results;
const ours = (items: Item[]) =>
  items.filter((i) => (i.title ?? i.name ?? '').startsWith(RUN) || (i.name ?? '').startsWith(RUN));

test.beforeAll(async ({ playwright }) => {
  ({ api, token } = await adminApi(playwright));
});

test.afterAll(async () => {
  // Whatever a failed step left behind goes through the API.
  for (const [read, base] of [
    ['/api/photos', '/api/admin/photos'],
    ['/api/admin/videos', '/api/admin/videos'],
    ['/api/admin/audios', '/api/admin/audios'],
    ['/api/admin/events', '/api/admin/events'],
  ] as const) {
    for (const item of ours(await list(read))) await api.delete(`${base}/${item._id}`, { headers: auth() });
    expect(ours(await list(read))).toEqual([]);
  }
  await api.dispose();
});

async function open(page: Page, tab?: string) {
  await signedInAs(page, token);
  await page.goto(tab ? `/admin/content?tab=${tab}` : '/admin/content');
  await expect(page.getByRole('heading', { name: 'Multimedia Content Management' })).toBeVisible({ timeout: 20_000 });
}

const card = (page: Page, name: string) =>
  page.getByTestId('content-card').filter({ has: page.getByRole('heading', { name, exact: true }) });
const dialog = (page: Page) => page.getByRole('dialog');

/** Edit, publish, unpublish-free publish check and delete of one card, as every tab has them. */
async function publishAndDelete(page: Page, name: string) {
  const item = card(page, name);
  await expect(item.getByText('Draft', { exact: true })).toBeVisible();
  await item.getByRole('button', { name: `Publish ${name}`, exact: true }).click();
  await expect(item.getByText('Published', { exact: true })).toBeVisible();
  await expect(item.getByRole('button', { name: `Unpublish ${name}`, exact: true })).toBeVisible();
  await item.getByRole('button', { name: `Delete ${name}`, exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this item?' });
  await expect(confirm).toContainText(name);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(card(page, name)).toHaveCount(0);
}

async function save(page: Page) {
  await dialog(page).getByRole('button', { name: 'Save' }).click();
  await expect(dialog(page)).toHaveCount(0);
}

test('the spec texts, the tabs in order, and the tab kept in the address over a reload', async ({ page }) => {
  await open(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Content Management' })).toBeVisible();
  await expect(page.getByPlaceholder('Search content...')).toBeVisible();
  await expect(page.getByRole('tab')).toHaveText(TABS);
  await expect(page.getByRole('tab', { name: 'Images', selected: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Grid view' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: 'List view' })).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByRole('button', { name: 'Upload', exact: true })).toBeDisabled();

  await page.getByRole('tab', { name: 'Videos' }).click();
  await expect(page).toHaveURL(/[?&]tab=Videos\b/);
  await expect(page.getByRole('button', { name: 'New video' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Videos', selected: true })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'New video' })).toBeVisible();
  // Arrow keys move between tabs.
  await page.getByRole('tab', { name: 'Videos' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Audio', selected: true })).toBeFocused();
});

test('search filters by title or caption ignoring case; grid and list views; the empty text', async ({ page }) => {
  await open(page, 'Videos');
  const cards = page.getByTestId('content-card');
  await expect(cards.first()).toBeVisible();
  const total = await cards.count();
  expect(total).toBeGreaterThan(1);
  const first = await cards.first().getByRole('heading').textContent();
  assert(first !== null);
  await page.getByPlaceholder('Search content...').fill(first.toUpperCase());
  await expect(cards.first().getByRole('heading')).toHaveText(first);
  expect(await cards.count()).toBeLessThan(total);
  await page.getByPlaceholder('Search content...').fill('no such thing zzqx');
  await expect(page.getByText('No content available', { exact: true })).toBeVisible();
  await page.getByPlaceholder('Search content...').fill('');
  await expect(cards).toHaveCount(total);

  await page.getByRole('button', { name: 'List view' }).click();
  await expect(page.getByRole('list', { name: 'Videos' })).toHaveAttribute('data-view', 'list');
  await expect(page.getByRole('button', { name: 'List view' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Grid view' }).click();
  await expect(page.getByRole('list', { name: 'Videos' })).toHaveAttribute('data-view', 'grid');
});

test("a failed load reads 'Error: {message}' and 'Try Again' loads it again", async ({ page }) => {
  let fail = true;
  await page.route('**/api/admin/videos', (route) =>
    fail
      ? route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ message: 'Service busy' }),
        })
      : route.continue(),
  );
  await open(page, 'Videos');
  await expect(page.getByRole('alert').filter({ hasText: 'Error: Service busy' })).toHaveText(/^Error: Service busy/);
  fail = false;
  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(page.getByTestId('content-card').first()).toBeVisible();
});

const noisyPng = async (width: number, height: number) => {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 7919 + (i >> 5) * 31) & 0xff;
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
};
const mb = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
const fileRow = (page: Page, name: string): Locator => page.getByTestId('upload-file').filter({ hasText: name });

test('Images: several files, each with its size in MB and its own progress, one request per file with the token', async ({
  page,
}) => {
  await open(page);
  const upload = page.getByRole('button', { name: 'Upload', exact: true });
  await expect(upload).toBeDisabled();
  const [big, small] = [await noisyPng(900, 700), await noisyPng(120, 90)];
  await expect(page.getByText('Please select files to upload')).toHaveCount(0);
  await page.getByLabel('Title').fill(`${RUN} harbour`);
  await page.getByLabel('Caption').fill('Boats at dawn');
  await expect(page.getByText('Please select files to upload')).toBeVisible();
  await expect(upload).toBeDisabled();
  await expect(page.getByLabel('Status').locator('option')).toHaveText(['Draft', 'Published']);
  await page.getByLabel('Image files', { exact: true }).setInputFiles([
    { name: 'big.png', mimeType: 'image/png', buffer: big },
    { name: 'small.png', mimeType: 'image/png', buffer: small },
  ]);
  await expect(page.getByText('Please select files to upload')).toHaveCount(0);
  await expect(fileRow(page, 'big.png')).toContainText(mb(big.length));
  await expect(fileRow(page, 'small.png')).toContainText(mb(small.length));
  await expect(page.getByTestId('upload-percent')).toHaveText(['0%', '0%']);

  // Hold each request until released, to watch each file's own bar.
  const gates: (() => void)[] = [];
  const release = (n: number) => {
    const gate = gates[n];
    assert(gate, `upload ${n + 1} is held`);
    gate();
  };
  const seen: { auth: string | null }[] = [];
  await page.route('**/api/admin/photos/upload', async (route) => {
    seen.push({ auth: await route.request().headerValue('authorization') });
    await new Promise<void>((resolve) => gates.push(resolve));
    await route.continue();
  });
  await expect(upload).toBeEnabled();
  await upload.click();
  await expect(page.getByRole('button', { name: 'Uploading...' })).toBeDisabled();
  await expect.poll(() => gates.length).toBe(1);
  await expect(fileRow(page, 'small.png').getByTestId('upload-percent')).toHaveText('0%');
  release(0);
  await expect.poll(() => gates.length).toBe(2);
  await expect(fileRow(page, 'big.png').getByTestId('upload-percent')).toHaveText('100%');
  await expect(fileRow(page, 'big.png').getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  release(1);

  await expect(page.getByText('Files uploaded successfully')).toBeVisible();
  expect(seen).toEqual([{ auth: `Bearer ${token}` }, { auth: `Bearer ${token}` }]);
  await expect(page.getByTestId('upload-file')).toHaveCount(0);
  await expect(page.getByLabel('Title')).toHaveValue('');
  await expect(upload).toBeDisabled();
  // Both drafts are listed (an admin's list holds drafts).
  await expect(card(page, `${RUN} harbour`)).toHaveCount(2);
  await expect(card(page, `${RUN} harbour`).first()).toContainText('Draft');
  await expect(card(page, `${RUN} harbour`).first()).toContainText('Boats at dawn');
});

test('Images: edit, publish and delete a photo', async ({ page }) => {
  await open(page);
  await page.getByPlaceholder('Search content...').fill(RUN);
  await expect(page.getByTestId('content-card')).toHaveCount(2);
  const first = page.getByTestId('content-card').first();
  await first.getByRole('button', { name: /^Edit / }).click();
  const name = `${RUN} quay`;
  await dialog(page).getByLabel('Title').fill(name);
  await dialog(page).getByLabel('Category').selectOption('Nature');
  await dialog(page).getByLabel('Tags (comma separated)').fill('sea, boats');
  await save(page);
  await expect(page.getByText('Photo updated')).toBeVisible();
  await expect(card(page, name)).toHaveCount(1);
  await publishAndDelete(page, name);
  // The other one too, so nothing of this run stays.
  const other = page.getByTestId('content-card').first();
  await other.getByRole('button', { name: /^Delete / }).click();
  await page.getByRole('dialog', { name: 'Delete this item?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No content available', { exact: true })).toBeVisible();
});

test('Videos: create with a watch link (normalised), edit, publish and delete', async ({ page }) => {
  // The test machine has no way out: YouTube's poster is answered here.
  const poster = await sharp({ create: { width: 480, height: 360, channels: 3, background: '#222222' } })
    .jpeg()
    .toBuffer();
  await page.route('https://i.ytimg.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'image/jpeg', body: poster }),
  );
  await open(page, 'Videos');
  await page.getByRole('button', { name: 'New video' }).click();
  const name = `${RUN} launch film`;
  await dialog(page).getByLabel('Name').fill(name);
  await dialog(page).getByLabel('YouTube link').fill('https://vimeo.com/123');
  await expect(dialog(page)).toContainText('This is not a YouTube video link.');
  await dialog(page).getByRole('button', { name: 'Save' }).click();
  await expect(dialog(page).getByRole('alert')).toContainText('The video link must be a YouTube link');
  await dialog(page).getByLabel('YouTube link').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=5s');
  await expect(dialog(page)).toContainText('Embeds as https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
  await dialog(page).getByLabel('Description').fill('Our launch');
  await save(page);
  await expect(page.getByText('Video created')).toBeVisible();
  const created = card(page, name);
  await expect(created.getByRole('img')).toHaveAttribute('src', 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg');
  const stored = ours(await list('/api/admin/videos'))[0] as Item & { youtube: string };
  expect(stored.youtube).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');

  await created.getByRole('button', { name: `Edit ${name}`, exact: true }).click();
  await expect(dialog(page).getByLabel('Name')).toHaveValue(name);
  const renamed = `${RUN} launch film (cut)`;
  await dialog(page).getByLabel('Name').fill(renamed);
  await save(page);
  await expect(card(page, renamed)).toContainText('Our launch');
  await publishAndDelete(page, renamed);
});

test('Audio: upload a WAV file (duration read by the server), edit, publish and delete', async ({ page }) => {
  await open(page, 'Audio');
  await page.getByRole('button', { name: 'New audio' }).click();
  const name = `${RUN} bells`;
  await dialog(page).getByLabel('Name').fill(name);
  await dialog(page).getByLabel('Artist').fill('The Quay');
  await dialog(page).getByLabel('Type').selectOption('Music');
  const rate = 8000;
  const pcm = new Int16Array(rate * 3);
  for (let i = 0; i < pcm.length; i++) pcm[i] = Math.round(Math.sin((2 * Math.PI * 440 * i) / rate) * 8000);
  await dialog(page)
    .getByLabel('Audio file')
    .setInputFiles({ name: 'bells.wav', mimeType: 'audio/wav', buffer: Buffer.from(encodeWav(pcm, rate)) });
  await save(page);
  await expect(page.getByText('Audio created')).toBeVisible();
  const created = card(page, name);
  await expect(created).toContainText('Music · 0:03');
  await expect(created.getByText('No image available')).toBeVisible();

  await created.getByRole('button', { name: `Edit ${name}`, exact: true }).click();
  const renamed = `${RUN} bells (live)`;
  await dialog(page).getByLabel('Name').fill(renamed);
  await save(page);
  await expect(card(page, renamed)).toContainText('The Quay');
  await publishAndDelete(page, renamed);
});

test('Audio: a file that is not audio is refused by the server with its message', async ({ page }) => {
  await open(page, 'Audio');
  await page.getByRole('button', { name: 'New audio' }).click();
  await dialog(page).getByLabel('Name').fill(`${RUN} fake`);
  await dialog(page)
    .getByLabel('Audio file')
    .setInputFiles({ name: 'fake.mp3', mimeType: 'audio/mpeg', buffer: Buffer.from('not audio at all '.repeat(40)) });
  await dialog(page).getByRole('button', { name: 'Save' }).click();
  await expect(dialog(page).getByRole('alert')).toHaveText(
    'Only MP3, M4A/AAC, OGG/Opus, WAV or FLAC audio files are allowed',
  );
  await dialog(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(card(page, `${RUN} fake`)).toHaveCount(0);
});

test('Events: create with a time zone and cover, edit, publish and delete', async ({ page }) => {
  await open(page, 'Events');
  await page.getByRole('button', { name: 'New event' }).click();
  const name = `${RUN} harbour concert`;
  await dialog(page).getByLabel('Name', { exact: true }).fill(name);
  await dialog(page).getByLabel('Starts').fill('2027-07-01T18:00');
  await dialog(page).getByLabel('Ends').fill('2027-07-01T17:00');
  await dialog(page).getByLabel('Time zone').selectOption('Europe/Paris');
  await dialog(page).getByLabel('Venue').fill('Quay stage');
  await dialog(page).getByLabel('Address').fill('1 Harbour Road');
  await dialog(page).getByLabel('City', { exact: true }).fill('Brest');
  await dialog(page).getByRole('button', { name: 'Save' }).click();
  await expect(dialog(page).getByRole('alert')).toHaveText('End must be after the start.');
  await dialog(page).getByLabel('Ends').fill('2027-07-01T21:00');
  await dialog(page).getByLabel('Category').selectOption('Concert');
  await dialog(page).getByLabel('Price').fill('12.50');
  const cover = await sharp({ create: { width: 320, height: 180, channels: 3, background: '#884422' } })
    .png()
    .toBuffer();
  await dialog(page)
    .getByLabel('Cover image')
    .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: cover });
  await save(page);
  await expect(page.getByText('Event created')).toBeVisible();
  const created = card(page, name);
  await expect(created).toContainText('Jul 1, 2027, 6:00 PM CEST – Jul 1, 2027, 9:00 PM CEST (Europe/Paris)');
  await expect(created.getByRole('img')).toHaveAttribute('src', /\/media\/.+\.webp$/);
  const stored = ours(await list('/api/admin/events'))[0] as Item & { start_date: string; price: number };
  expect(stored).toMatchObject({ start_date: '2027-07-01T16:00:00.000Z', price: 12.5 });

  await created.getByRole('button', { name: `Edit ${name}`, exact: true }).click();
  await expect(dialog(page).getByLabel('Starts')).toHaveValue('2027-07-01T18:00');
  await dialog(page).getByLabel('Location type').selectOption('virtual');
  await dialog(page).getByLabel('Address (optional)').fill('');
  const renamed = `${RUN} harbour concert (online)`;
  await dialog(page).getByLabel('Name', { exact: true }).fill(renamed);
  await save(page);
  await expect(card(page, renamed)).toContainText('Virtual');
  await publishAndDelete(page, renamed);
});
