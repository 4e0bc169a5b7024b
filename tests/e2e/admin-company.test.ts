/**
 * Update Company: text fields and social links saved through one multipart PUT, logo upload with
 * a real progress bar, the browser's picture checks, and a server refusal that names its field. Every test puts the
 * demo company back through the API (other e2e files expect the demo branding).
 */
import { expect, test, type APIRequestContext, type Page } from './fixtures.ts';
import sharp from 'sharp';
import type { PreviewLink } from '../../src/shared/drafts.ts';
import type { CompanyDraft } from '../../src/shared/settings-drafts.ts';
import { END_PREVIEW, SETTINGS_PREVIEW_BANNER } from '../../src/shared/site-preview.ts';
import type { Company } from '../../src/shared/types.ts';
import { DARK_LOGO_FOLLOWS } from '../../src/server/modules/company/dark-logo.ts';
import { adminToken, signedInAs } from './helpers/admin.ts';
import { updateCompany } from './helpers/company-db.ts';

const company = async (request: APIRequestContext) =>
  (await (await request.get('/api/company', { headers: { 'Cache-Control': 'no-cache' } })).json()) as Company;

/** Signed in as the admin, on Update Company with the current settings loaded. */
async function openForm(page: Page, token: string, current: Company) {
  await signedInAs(page, token);
  await page.goto('/admin/update-company');
  await expect(page.getByLabel('Company name')).toHaveValue(current.name);
}

/** Counts the PUT /api/company requests the page sends. */
function countPuts(page: Page): () => number {
  let puts = 0;
  page.on('request', (req) => {
    if (req.method() === 'PUT' && new URL(req.url()).pathname === '/api/company') puts += 1;
  });
  return () => puts;
}

const png = (background: string, width = 240, height = 72) =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

test.describe('Update Company', () => {
  let token = '';
  let restore: (() => Promise<void>) | undefined;

  test.beforeEach(async ({ request }) => {
    token = await adminToken(request);
  });

  test.afterEach(async () => {
    await restore?.();
    restore = undefined;
  });

  test('name, tagline and a social link are saved, the page follows at once, and GET /api/company shows them', async ({
    page,
    request,
  }) => {
    const before = await company(request);
    restore = async () => {
      const res = await request.put('/api/company', {
        headers: { Authorization: `Bearer ${token}` },
        data: { name: before.name, tagline: before.tagline, social: { twitter: before.social.twitter } },
      });
      expect(res.status()).toBe(200);
    };
    await openForm(page, token, before);
    await expect(page).toHaveTitle(`Update Company · ${before.name}`);
    for (const heading of ['Brand', 'Logos and icon', 'Contact', 'Social links', 'Search engines (SEO)']) {
      await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
    }
    await expect(page.getByLabel('Tagline')).toHaveValue(before.tagline);
    await expect(page.getByLabel('X (Twitter)')).toHaveValue(before.social.twitter);

    const stamp = Date.now().toString(36);
    const next = {
      name: `Harbour Works ${stamp}`,
      tagline: `Made by the sea ${stamp}`,
      twitter: `https://x.com/harbour${stamp}`,
    };
    await page.getByLabel('Company name').fill(next.name);
    await page.getByLabel('Tagline').fill(next.tagline);
    await page.getByLabel('X (Twitter)').fill(next.twitter);
    const sent = page.waitForRequest((req) => req.method() === 'PUT' && req.url().endsWith('/api/company'));
    await page.getByRole('button', { name: 'Save Company Settings' }).click();

    const body = (await sent).postData() ?? '';
    expect((await sent).headers()['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(body).toContain('name="social[twitter]"');
    // Only what changed is sent.
    expect(body).not.toContain('name="website"');
    await expect(page.getByRole('status').filter({ hasText: 'Company settings updated successfully' })).toBeVisible();
    // The branding store applied the answer: the document title follows without a reload.
    await expect(page).toHaveTitle(`Update Company · ${next.name}`);

    const after = await company(request);
    expect(after.name).toBe(next.name);
    expect(after.tagline).toBe(next.tagline);
    expect(after.social.twitter).toBe(next.twitter);
    expect(after.social.facebook).toBe(before.social.facebook);
    expect(after.website).toBe(before.website);
  });

  test('a logo upload shows the progress bar reach 100 and the new logo is used', async ({ page, request }) => {
    const before = await company(request);
    expect(before.logo).toMatch(/^\/media\//);
    // The replaced demo logo is deleted once nothing refers to it, so its bytes are kept to upload again afterwards.
    const original = await request.get(before.logo);
    expect(original.status()).toBe(200);
    const originalBytes = await original.body();
    const originalType = original.headers()['content-type'] ?? 'image/png';
    // The demo's dark logo goes with the old brand when the main logo changes: its bytes are kept too.
    expect(before.logo_dark).toMatch(/^\/media\//);
    const originalDark = await request.get(before.logo_dark);
    const darkBytes = await originalDark.body();
    const darkType = originalDark.headers()['content-type'] ?? 'image/png';
    restore = async () => {
      const res = await request.put('/api/company', {
        headers: { Authorization: `Bearer ${token}` },
        multipart: {
          logo: { name: `logo.${originalType.split('/')[1] ?? 'png'}`, mimeType: originalType, buffer: originalBytes },
          logo_dark: { name: `dark.${darkType.split('/')[1] ?? 'png'}`, mimeType: darkType, buffer: darkBytes },
        },
      });
      expect(res.status()).toBe(200);
      // Back to the demo's state: a dark logo the company did not choose.
      updateCompany({ logo_dark_own: 0 });
    };

    await openForm(page, token, before);
    const picker = page.locator('[data-picture="logo"]');
    await expect(picker.getByRole('img', { name: 'Current logo' })).toHaveAttribute('src', before.logo);
    // Large enough for several progress events: noise does not compress.
    const noise = await sharp(
      Buffer.from(Array.from({ length: 600 * 400 * 3 }, () => Math.floor(Math.random() * 256))),
      { raw: { width: 600, height: 400, channels: 3 } },
    )
      .png()
      .toBuffer();
    expect(noise.byteLength).toBeGreaterThan(500_000);
    await page
      .getByLabel('Logo', { exact: true })
      .setInputFiles({ name: 'new-logo.png', mimeType: 'image/png', buffer: noise });
    await expect(picker.getByRole('img', { name: 'New logo' })).toBeVisible();
    await expect(picker).toContainText(`new-logo.png (${(noise.byteLength / 1024 / 1024).toFixed(2)} MB)`);

    const seen: number[] = [];
    await page.exposeFunction('recordProgress', (value: number) => seen.push(value));
    await page.evaluate(() => {
      new MutationObserver(() => {
        const bar = document.querySelector('[role="progressbar"]');
        if (bar)
          (window as unknown as { recordProgress: (v: number) => void }).recordProgress(
            Number(bar.getAttribute('aria-valuenow')),
          );
      }).observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ['aria-valuenow'],
      });
    });
    await page.getByRole('button', { name: 'Save Company Settings' }).click();
    const bar = page.getByRole('progressbar', { name: 'Upload progress' });
    await expect(bar).toHaveAttribute('aria-valuenow', '100');
    await expect(page.getByRole('status').filter({ hasText: 'Company settings updated successfully' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: DARK_LOGO_FOLLOWS })).toBeVisible();
    expect(seen[0]).toBe(0);
    expect(seen.at(-1)).toBe(100);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);

    const after = await company(request);
    expect(after.logo).toMatch(/^\/media\//);
    expect(after.logo).not.toBe(before.logo);
    expect(after.logo_dark).toBe('');
    // The picker now shows the new logo as the current one, and nothing is waiting to be sent.
    await expect(picker.getByRole('img', { name: 'Current logo' })).toHaveAttribute('src', after.logo);
    await expect(picker.getByRole('img', { name: 'New logo' })).toHaveCount(0);
    const served = await request.get(after.logo);
    expect(served.status()).toBe(200);

    // The public pages use it too (their runtime branding refresh).
    await page.addInitScript(() => localStorage.setItem('theme', 'light'));
    await page.goto('/about');
    await expect(page.getByRole('banner').locator('img[data-brand-logo="light"]')).toHaveAttribute('src', after.logo);
  });

  test('a 6 MB picture and a text file are refused in the browser with the spec texts, and nothing is sent', async ({
    page,
    request,
  }) => {
    const before = await company(request);
    const puts = countPuts(page);
    await openForm(page, token, before);

    await page
      .getByLabel('Logo', { exact: true })
      .setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(6 * 1024 * 1024, 1) });
    await expect(page.locator('[data-picture="logo"]').getByRole('alert')).toHaveText(
      'File size must be less than 5MB',
    );
    await expect(page.getByLabel('Logo', { exact: true })).toHaveAttribute('aria-invalid', 'true');

    await page
      .getByLabel('Icon (favicon)')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
    await expect(page.locator('[data-picture="icon"]').getByRole('alert')).toHaveText(
      'Only JPEG, PNG, GIF, and WEBP files are allowed',
    );

    // Refused files are not kept: a save has nothing to send.
    await page.getByRole('button', { name: 'Save Company Settings' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Nothing to save: no setting was changed.' }),
    ).toBeVisible();
    // A field the shared rules refuse is marked before anything is sent, too.
    await page.getByLabel('Website').fill('not a link');
    await page.getByRole('button', { name: 'Save Company Settings' }).click();
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: 'Website must be a web address such as https://example.com or example.com.' }),
    ).toBeVisible();
    await expect(page.getByLabel('Website')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Website')).toBeFocused();
    expect(puts()).toBe(0);
    expect((await company(request)).logo).toBe(before.logo);
  });

  test("the server's refusal is shown and marks the field it names", async ({ page, request }) => {
    const before = await company(request);
    await openForm(page, token, before);
    // An empty file passes the browser's size and type check; the server reads its content and answers 400 naming 'icon'.
    await page
      .getByLabel('Icon (favicon)')
      .setInputFiles({ name: 'empty.png', mimeType: 'image/png', buffer: Buffer.alloc(0) });
    const answer = page.waitForResponse(
      (res) => res.request().method() === 'PUT' && res.url().endsWith('/api/company'),
    );
    await page.getByRole('button', { name: 'Save Company Settings' }).click();
    const res = await answer;
    expect(res.status()).toBe(400);
    const { message, field } = (await res.json()) as { message: string; field: string };
    expect(field).toBe('icon');
    await expect(page.getByRole('alert').filter({ hasText: message }).first()).toBeVisible();
    await expect(page.getByLabel('Icon (favicon)')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    expect((await company(request)).icon).toBe(before.icon);

    // A picture whose name says GIF but whose bytes are PNG: refused by content (415), again naming its field.
    await page.locator('[data-picture="icon"]').getByRole('button', { name: 'Keep the current one' }).click();
    await expect(page.getByLabel('Icon (favicon)')).not.toHaveAttribute('aria-invalid', 'true');
    await page
      .getByLabel('Logo (dark theme)')
      .setInputFiles({ name: 'dark.gif', mimeType: 'image/gif', buffer: await png('#123456') });
    await page.getByRole('button', { name: 'Save Company Settings' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'The file name or type does not match its content' }).first(),
    ).toBeVisible();
    await expect(page.getByLabel('Logo (dark theme)')).toHaveAttribute('aria-invalid', 'true');
    expect((await company(request)).logo_dark).toBe(before.logo_dark);
  });
});

test.describe('A company settings draft', () => {
  test('is previewed by its link on every page (name, logo, About texts) while visitors keep the published company', async ({
    browser,
    request,
  }) => {
    const token = await adminToken(request);
    const headers = { Authorization: `Bearer ${token}` };
    const live = await company(request);
    const name = `Harbour Preview ${Date.now().toString(36)}`;
    try {
      const form = new FormData();
      form.append('name', name);
      form.append('about_story', 'Three ovens and one harbour.');
      form.append('logo', new Blob([new Uint8Array(await png('#1d4e89'))], { type: 'image/png' }), 'logo.png');
      const saved = await request.put('/api/admin/company/draft', { headers, multipart: form });
      expect(saved.status()).toBe(200);
      const logo = ((await saved.json()) as { draft: CompanyDraft }).draft.fields.logo;
      expect((await company(request)).name).toBe(live.name);
      const link = await request.post('/api/admin/company/preview-link', { headers });
      const previewUrl = ((await link.json()) as { link: PreviewLink }).link.url;

      const visitor = await browser.newContext();
      const page = await visitor.newPage();
      await page.goto(previewUrl);
      const banner = page.getByRole('complementary', { name: 'Preview' });
      await expect(banner).toContainText(SETTINGS_PREVIEW_BANNER, { timeout: 20_000 });
      const header = page.locator('header');
      await expect(header.locator('[data-brand="name"]').first()).toHaveText(name);
      await expect(header.locator('img[data-brand-logo="light"]').first()).toHaveAttribute('src', new RegExp(logo));
      await page.goto('/about');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
      await expect(page.getByText('Three ovens and one harbour.')).toBeVisible();
      await banner.getByRole('button', { name: END_PREVIEW }).click();
      await expect(banner).toHaveCount(0);
      await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(name);
      await visitor.close();
    } finally {
      await request.delete('/api/admin/company/draft', { headers });
    }
  });
});
