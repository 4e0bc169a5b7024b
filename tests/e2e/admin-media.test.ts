/**
 * The Media library screen: two pictures uploaded at once, each with its own progress and answer; one given alt text
 * and a focal point in its details, and deleted once nothing uses it. The screen and the details fit 320, 375 and
 * 1280 px in both themes.
 */
import sharp from 'sharp';
import { expect, test, type APIRequestContext } from './fixtures.ts';
import { adminApi, signedInAs } from './helpers/admin.ts';
import { expectNoSideScroll, watchPage } from './helpers/page-audit.ts';
import { inBothThemes, keepScreenshot } from './helpers/screenshots.ts';

test.describe.configure({ mode: 'serial', timeout: 90_000 });

const RUN = Date.now().toString(36);
let api: APIRequestContext;
let token = '';

const png = (background: string) =>
  sharp({ create: { width: 900, height: 600, channels: 3, background } })
    .png()
    .toBuffer();

test.beforeAll(async ({ playwright }) => {
  ({ api, token } = await adminApi(playwright));
});

test.afterAll(async () => {
  await api.dispose();
});

test('pictures uploaded together are listed; one gets alt text and a focal point, and is deleted', async ({ page }) => {
  const watch = await watchPage(page);
  await signedInAs(page, token);
  await page.goto('/admin/media');
  await expect(page.getByRole('heading', { level: 1, name: 'Media library' })).toBeVisible({ timeout: 20_000 });

  await page.getByLabel('Files to upload').setInputFiles([
    { name: `dock-${RUN}.png`, mimeType: 'image/png', buffer: await png('#2c6e9b') },
    { name: `sails-${RUN}.png`, mimeType: 'image/png', buffer: await png('#c0452f') },
  ]);
  const uploads = page.getByRole('list', { name: 'Uploads' }).getByRole('listitem');
  await expect(uploads).toHaveCount(2);
  await expect(page.getByRole('button', { name: `Edit details of dock-${RUN}.png` })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: `Edit details of sails-${RUN}.png` })).toBeVisible({ timeout: 30_000 });

  const files = page.getByRole('list', { name: 'Files' });
  await expect(files.getByRole('button', { name: new RegExp(`dock ${RUN}`) })).toBeVisible();
  await page.getByRole('button', { name: `Edit details of dock-${RUN}.png` }).click();
  const details = page.getByRole('dialog', { name: `dock ${RUN}` });
  await details.getByLabel('Alt text').fill('The dock in the morning');
  await details.getByLabel('Tags').fill('harbour, morning');
  await details.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(details.getByText('Saved.')).toBeVisible();
  await details.getByRole('button', { name: 'Delete' }).first().click();
  await details
    .getByRole('button', { name: /Delete/ })
    .last()
    .click();
  await expect(details).toBeHidden();
  await expect(files.getByRole('button', { name: new RegExp(`dock ${RUN}`) })).toHaveCount(0);
  expect(watch.violations).toEqual([]);
});

test('the Media library and a file’s details fit 320, 375 and 1280 px in both themes', async ({ browser }) => {
  await inBothThemes(browser, token, async (shot, theme, width) => {
    await shot.goto('/admin/media');
    const files = shot.getByRole('list', { name: 'Files' });
    await expect(files.getByRole('listitem').first()).toBeVisible({ timeout: 20_000 });
    await expectNoSideScroll(shot, width, `media library, ${theme}`);
    await keepScreenshot(shot, { path: test.info().outputPath(`media-${theme}-${width}.png`), fullPage: true });
    await files.getByRole('button', { name: new RegExp(`sails ${RUN}`) }).click();
    await expect(shot.getByRole('dialog')).toBeVisible();
    await expectNoSideScroll(shot, width, `media details, ${theme}`);
    await keepScreenshot(shot, { path: test.info().outputPath(`media-details-${theme}-${width}.png`) });
  });
});
