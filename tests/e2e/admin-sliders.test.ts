/**
 * Add New Slider and the Hero/Slider Editor as an admin uses them. The e2e server is shared and the
 * home hero reads the sliders: every slider made here is deleted and the demo sliders are restored afterwards.
 */
import assert from 'node:assert/strict';
import { expect, test, type APIRequestContext, type Page } from './fixtures.ts';
import sharp from 'sharp';
import type { Slider } from '../../src/shared/types.ts';
import { adminToken, signedInAs } from './helpers/admin.ts';

test.describe.configure({ mode: 'serial' });

const RUN = Date.now().toString(36);
let api: APIRequestContext;
let token = '';
/** The demo sliders as they were, in their order. */
let original: Slider[] = [];

const auth = () => ({ Authorization: `Bearer ${token}` });
const adminSliders = async (): Promise<Slider[]> =>
  ((await (await api.get('/api/admin/sliders', { headers: auth() })).json()) as { results: Slider[] }).results;
const publicSliders = async (): Promise<Slider[]> =>
  (
    (await (await api.get('/api/sliders', { headers: { 'Cache-Control': 'no-cache' } })).json()) as {
      results: Slider[];
    }
  ).results;

test.beforeAll(async ({ playwright }) => {
  api = await playwright.request.newContext({ baseURL: `http://127.0.0.1:${process.env['E2E_PORT']}` });
  token = await adminToken(api);
  original = await adminSliders();
  expect(original.length).toBeGreaterThan(1);
});

test.afterAll(async () => {
  const keep = new Set(original.map((s) => s._id));
  for (const slider of await adminSliders()) {
    if (!keep.has(slider._id))
      expect((await api.delete(`/api/sliders/${slider._id}`, { headers: auth() })).status()).toBe(200);
  }
  // The edited demo sliders get all their fields back (the order is restored below).
  const now = new Map((await adminSliders()).map((s) => [s._id, s]));
  for (const slider of original) {
    const current = now.get(slider._id);
    // Every field but the id, the picture (an upload) and the place in the order.
    const fields = Object.entries(slider).filter(([k]) => k !== '_id' && k !== 'image' && k !== 'order');
    if (!current || fields.every(([k, v]) => JSON.stringify(current[k as keyof Slider]) === JSON.stringify(v)))
      continue;
    const multipart = Object.fromEntries(fields.map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
    expect((await api.put(`/api/sliders/${slider._id}`, { headers: auth(), multipart })).status()).toBe(200);
  }
  expect(
    (
      await api.put('/api/admin/sliders/order', { headers: auth(), data: { ids: original.map((s) => s._id) } })
    ).status(),
  ).toBe(200);
  expect(await adminSliders()).toEqual(original);
  await api.dispose();
});

/** Opens an admin page signed in as the admin, once the island has shown its screen. */
async function openAsAdmin(page: Page, path: string, heading: string) {
  await signedInAs(page, token);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: 20_000 });
}

const cards = (page: Page) => page.locator('li[data-slider-id]');
const cardIds = (page: Page) =>
  cards(page).evaluateAll((items) => items.map((li) => li.getAttribute('data-slider-id')));

test.describe('Add New Slider', () => {
  test('adds a photo slider with an image: the status shows above the form and the slider appears in the editor', async ({
    page,
  }) => {
    const title = `E2E photo ${RUN}`;
    // Noise does not compress: a picture big enough for the progress bar to be seen on a slowed upload.
    const noise = Buffer.from(Array.from({ length: 640 * 360 * 3 }, () => Math.floor(Math.random() * 256)));
    const picture = await sharp(noise, { raw: { width: 640, height: 360, channels: 3 } })
      .jpeg({ quality: 95 })
      .toBuffer();
    await openAsAdmin(page, '/admin/add-slider', 'Add New Slider');

    await expect(page.getByLabel('Order')).toHaveValue('0');
    await expect(page.getByLabel('Video Link')).toHaveCount(0);
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Subtitle').fill('Made by the e2e run');
    await page.getByLabel('Slider Image').setInputFiles({ name: 'slide.jpg', mimeType: 'image/jpeg', buffer: picture });
    await expect(page.getByRole('img', { name: 'Slider Image preview' })).toBeVisible();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 150 * 1024,
    });
    await page.getByRole('button', { name: 'Add Slider' }).click();
    await expect(page.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
    await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();

    const status = page.getByText('Slider added successfully!', { exact: true });
    await expect(status).toBeVisible();
    const statusBox = await status.boundingBox();
    const titleBox = await page.getByLabel('Title', { exact: true }).boundingBox();
    assert(statusBox && titleBox);
    expect(statusBox.y).toBeLessThan(titleBox.y);
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue('');

    const saved = (await adminSliders()).find((s) => s.title === title);
    expect(saved).toMatchObject({ subtitle: 'Made by the e2e run', type: 'photo', order: 0, isActive: true });
    expect(saved?.image).toMatch(/^\/media\//);

    await page.goto('/admin/edit-hero');
    await expect(page.getByRole('button', { name: `Edit ${title}` })).toBeVisible({ timeout: 20_000 });
  });

  test('a video slide without a link is refused in the browser and nothing is sent', async ({ page }) => {
    const before = (await adminSliders()).length;
    await openAsAdmin(page, '/admin/add-slider', 'Add New Slider');
    await page.getByLabel('Title', { exact: true }).fill(`E2E video ${RUN}`);
    await page.getByLabel('Type').selectOption('video');
    await expect(page.getByLabel('Video Link')).toHaveAttribute('type', 'url');
    await expect(page.getByLabel('Thumbnail')).toBeVisible();
    await page.getByRole('button', { name: 'Add Slider' }).click();
    // Said at the top of the form and beside the Video Link field, which it describes.
    await expect(
      page.getByRole('alert').filter({ hasText: 'Please provide a video link for video slides.' }),
    ).toHaveCount(2);
    await expect(page.getByLabel('Video Link')).toHaveAccessibleDescription(
      'Please provide a video link for video slides.',
    );
    expect((await adminSliders()).length).toBe(before);
  });
});

test.describe('Hero/Slider Editor', () => {
  test('shows the list error with a retry that loads the grid', async ({ page }) => {
    await page.route('**/api/admin/sliders', (route) => route.fulfill({ status: 500, json: { message: 'down' } }));
    await openAsAdmin(page, '/admin/edit-hero', 'Hero/Slider Editor');
    await expect(page.getByText('Error fetching slider list.', { exact: true })).toBeVisible();
    await page.unroute('**/api/admin/sliders');
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(cards(page).first()).toBeVisible();
    await expect(
      page.getByText('Select a slider from the list or click "Add New Slider" to add one.', { exact: true }),
    ).toBeVisible();
  });

  test('selecting a card highlights it and fills Edit Slider; the preview follows the typing; saving clears the selection', async ({
    page,
  }) => {
    const [target] = original;
    assert(target);
    await openAsAdmin(page, '/admin/edit-hero', 'Hero/Slider Editor');
    const card = page.locator(`li[data-slider-id="${target._id}"]`);
    await expect(card).toContainText(`Order: ${target.order}`);
    await expect(card).toContainText(target.isActive ? 'Active' : 'Inactive');

    await page.getByRole('button', { name: `Edit ${target.title}`, exact: true }).click();
    await expect(card).toHaveAttribute('data-selected', '');
    await expect(page.getByRole('button', { name: `Edit ${target.title}`, exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page.getByRole('heading', { name: 'Edit Slider' })).toBeVisible();
    const title = page.getByLabel('Title', { exact: true });
    await expect(title).toHaveValue(target.title);
    await expect(page.getByLabel('Active', { exact: true })).toBeChecked();
    await expect(page.getByRole('img', { name: 'Slider Image preview' })).toBeVisible();

    const preview = page.getByTestId('slider-preview');
    await expect(preview.getByRole('heading', { level: 2 })).toHaveText(target.title);
    await title.fill('');
    await expect(preview.getByRole('heading', { level: 2 })).toHaveText('Slider Title');
    const changed = `${target.title} ${RUN}`;
    await title.pressSequentially(changed, { delay: 5 });
    await expect(preview.getByRole('heading', { level: 2 })).toHaveText(changed);

    await page.getByLabel('Enable Search Button').check();
    await page.getByLabel('Enable Voice Search').check();
    await expect(preview.getByRole('search')).toBeVisible();
    await expect(preview.locator('[data-voice-mark], [aria-label="Search by voice"]')).toHaveCount(1);
    await page.getByLabel('Enable Voice Search').uncheck();
    await expect(preview.locator('[data-voice-mark], [aria-label="Search by voice"]')).toHaveCount(0);

    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Slider updated successfully!', { exact: true })).toBeVisible();
    await expect(
      page.getByText('Select a slider from the list or click "Add New Slider" to add one.', { exact: true }),
    ).toBeVisible();
    await expect(card).not.toHaveAttribute('data-selected', '');
    await expect(page.getByRole('button', { name: `Edit ${changed}` })).toBeVisible();
    expect((await adminSliders()).find((s) => s._id === target._id)?.title).toBe(changed);
  });

  test('+ Add New Slider creates a slider with the default search button', async ({ page }) => {
    const title = `E2E created ${RUN}`;
    await openAsAdmin(page, '/admin/edit-hero', 'Hero/Slider Editor');
    await page.getByRole('button', { name: '+ Add New Slider' }).click();
    await expect(page.getByRole('heading', { name: 'Add New Slider' })).toBeVisible();
    await expect(page.getByTestId('slider-preview').getByRole('heading', { level: 2 })).toHaveText('Slider Title');
    await expect(page.getByTestId('slider-preview')).toContainText('Slider Subtitle');
    await expect(page.getByLabel('Button Text')).toHaveValue('Search');
    await expect(page.getByLabel('Placeholder')).toHaveValue('Search...');
    await expect(page.getByLabel('Position')).toHaveValue('right');
    await expect(page.getByLabel('Recent Searches Limit')).toHaveValue('5');

    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Content Alignment').selectOption('left');
    await page.getByLabel('Button 1 Label').fill('Shop now');
    await page.getByLabel('Button 1 Link').fill('/shop');
    await expect(page.getByTestId('slider-preview').getByRole('link', { name: 'Shop now' })).toHaveAttribute(
      'href',
      '/shop',
    );
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Slider created successfully!', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: `Edit ${title}` })).toBeVisible();

    const saved = (await adminSliders()).find((s) => s.title === title);
    expect(saved).toMatchObject({
      contentAlignment: 'left',
      button1_text: 'Shop now',
      button1_link: '/shop',
      isActive: true,
      isGlobalSettings: false,
    });
    expect(saved?.searchButton).toMatchObject({
      enabled: true,
      text: 'Search',
      position: 'right',
      style: { hoverEffect: 'darken' },
    });
  });

  test('deactivating from a card hides the slider from the public list', async ({ page }) => {
    const title = `E2E created ${RUN}`;
    const id = (await adminSliders()).find((s) => s.title === title)?._id;
    expect(id).toBeTruthy();
    expect((await publicSliders()).some((s) => s._id === id)).toBe(true);
    await openAsAdmin(page, '/admin/edit-hero', 'Hero/Slider Editor');
    await page.getByRole('button', { name: `Deactivate ${title}` }).click();
    const card = page.locator(`li[data-slider-id="${id}"]`);
    await expect(card).toContainText('Inactive');
    await expect(page.getByRole('button', { name: `Activate ${title}` })).toBeVisible();
    await expect.poll(async () => (await publicSliders()).some((s) => s._id === id)).toBe(false);
  });

  test('the arrow buttons reorder the sliders and the order persists after a reload', async ({ page }) => {
    await openAsAdmin(page, '/admin/edit-hero', 'Hero/Slider Editor');
    await expect(cards(page).first()).toBeVisible();
    const before = await cardIds(page);
    const second = (await adminSliders()).find((s) => s._id === before[1]);
    assert(second);
    const up = page.getByRole('button', { name: `Move ${second.title} up` });
    await up.focus();
    await page.keyboard.press('Enter');
    const expected = [before[1], before[0], ...before.slice(2)];
    await expect.poll(() => cardIds(page)).toEqual(expected);
    await expect(page.locator(`li[data-slider-id="${second._id}"]`)).toContainText('Order: 0');
    await expect.poll(async () => (await adminSliders()).map((s) => s._id)).toEqual(expected);
    // The arrow keeps the focus after its card moved (the first card's Up is disabled, so Down gets it).
    await expect(page.getByRole('button', { name: `Move ${second.title} down` })).toBeFocused();

    await page.reload();
    await expect(cards(page).first()).toBeVisible({ timeout: 20_000 });
    expect(await cardIds(page)).toEqual(expected);
  });

  test('dragging a card onto another moves it there and saves the order', async ({ page }) => {
    await openAsAdmin(page, '/admin/edit-hero', 'Hero/Slider Editor');
    await expect(cards(page).first()).toBeVisible();
    const before = await cardIds(page);
    const last = before.at(-1);
    assert(last);
    await page.locator(`li[data-slider-id="${last}"]`).dragTo(cards(page).first());
    const expected = [last, ...before.slice(0, -1)];
    await expect.poll(() => cardIds(page)).toEqual(expected);
    await expect.poll(async () => (await adminSliders()).map((s) => s._id)).toEqual(expected);
  });

  test('delete asks first: Cancel keeps the slider, Delete removes it', async ({ page }) => {
    const title = `E2E photo ${RUN}`;
    await openAsAdmin(page, '/admin/edit-hero', 'Hero/Slider Editor');
    await page.getByRole('button', { name: `Delete ${title}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this slider?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: `Edit ${title}` })).toBeVisible();

    await page.getByRole('button', { name: `Delete ${title}` }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('button', { name: `Edit ${title}` })).toHaveCount(0);
    expect((await adminSliders()).some((s) => s.title === title)).toBe(false);
  });
});
