/**
 * Theme Settings: the spec's controls, the live preview in both themes, the contrast warning, the
 * save and its texts, and the page following the saved theme without a reload. Every save is undone through the API
 * (other e2e files expect the demo branding).
 */
import { expect, test, type APIRequestContext, type Page } from './fixtures.ts';
import { brandingVars, HEADER_ALPHA } from '../../src/lib/branding.ts';
import { DEFAULT_COMPANY } from '../../src/shared/company.ts';
import { THEME_FIELDS } from '../../src/shared/schemas/company.ts';
import type { Company } from '../../src/shared/types.ts';
import { DRAFT_DISCARDED, DRAFT_SAVED } from '../../src/shared/drafts.ts';
import { END_PREVIEW, SETTINGS_PREVIEW_BANNER } from '../../src/shared/site-preview.ts';
import { adminToken, signedInAs } from './helpers/admin.ts';
import { expectNoSideScroll } from './helpers/page-audit.ts';
import { inBothThemes, keepScreenshot } from './helpers/screenshots.ts';
import { snapshotCompany } from './helpers/company-db.ts';

const company = async (request: APIRequestContext) =>
  (await (await request.get('/api/company', { headers: { 'Cache-Control': 'no-cache' } })).json()) as Company;

async function openThemeSettings(page: Page, token: string) {
  await signedInAs(page, token);
  await page.goto('/admin/theme-settings');
  await expect(page.getByRole('button', { name: 'Save Theme Settings' })).toBeVisible();
}

/** A computed colour as [r, g, b, alpha] (0-255, alpha 0-1): Chromium gives color-mix() results as color(srgb …). */
function rgba(css: string): number[] {
  const srgb = /^color\(srgb ([\d.]+) ([\d.]+) ([\d.]+)(?: \/ ([\d.]+))?\)$/.exec(css);
  if (srgb) return [...srgb.slice(1, 4).map((v) => Math.round(Number(v) * 255)), Number(srgb[4] ?? 1)];
  const rgb = /^rgba?\((\d+), (\d+), (\d+)(?:, ([\d.]+))?\)$/.exec(css);
  if (rgb) return [...rgb.slice(1, 4).map(Number), Number(rgb[4] ?? 1)];
  throw new Error(`unexpected colour ${css}`);
}

const part = (page: Page, mode: 'light' | 'dark', name: string) =>
  page.locator(`[data-preview="${mode}"] [data-preview-part="${name}"]`);
const style = (page: Page, mode: 'light' | 'dark', name: string, property: string) =>
  part(page, mode, name).evaluate((el, p) => getComputedStyle(el).getPropertyValue(p), property);

test.describe('Theme Settings', () => {
  let token = '';
  test.beforeEach(async ({ request }) => {
    token = await adminToken(request);
  });

  test('the controls have the spec ranges, steps and blur options, prefilled from the API', async ({
    page,
    request,
  }) => {
    const current = await company(request);
    await openThemeSettings(page, token);
    for (const section of [
      'Primary Color Settings',
      'Secondary Color Settings',
      'Border Radius Settings',
      'Button Settings',
    ]) {
      await expect(page.getByRole('heading', { name: section })).toBeVisible();
    }
    for (const [label, key] of [
      ['Primary opacity', 'primary_opacity'],
      ['Secondary opacity', 'secondary_opacity'],
      ['Button opacity', 'button_opacity'],
    ] as const) {
      const slider = page.getByRole('slider', { name: label });
      await expect(slider).toHaveAttribute('min', '0');
      await expect(slider).toHaveAttribute('max', '1');
      await expect(slider).toHaveAttribute('step', '0.1');
      // On the slider's grid (a stored value off it shows, and is saved, as its nearest step).
      await expect(slider).toHaveValue(String(Math.round(current[key] * 10) / 10));
    }
    for (const [label, key] of [
      ['Header radius', 'header_radius'],
      ['Button radius', 'button_radius'],
    ] as const) {
      const slider = page.getByRole('slider', { name: label });
      await expect(slider).toHaveAttribute('min', '0');
      await expect(slider).toHaveAttribute('max', '20');
      await expect(slider).toHaveAttribute('step', '1');
      await expect(slider).toHaveValue(String(current[key]));
    }
    const options = (label: string) =>
      page
        .getByLabel(label)
        .locator('option')
        .evaluateAll((els) => els.map((el) => (el as HTMLOptionElement).value));
    expect(await options('Primary blur')).toEqual(['0', '4', '8', '12', '16', '24', '40', '64']);
    expect(await options('Secondary blur')).toEqual(['0', '4', '8', '12', '16']);
    expect(await options('Button blur level')).toEqual(['0', '4', '8', '12', '16']);
    await expect(page.getByLabel('Primary blur')).toHaveValue(String(current.primary_blur));
    await expect(page.getByLabel('Primary color', { exact: true })).toHaveValue(current.primary_color.toLowerCase());
    await expect(page.getByLabel('Secondary color', { exact: true })).toHaveValue(
      current.secondary_color.toLowerCase(),
    );
  });

  test('the preview follows the colour, opacity, blur and radii at once, in the light and the dark theme', async ({
    page,
  }) => {
    await openThemeSettings(page, token);
    const beforeLight = await style(page, 'light', 'header', 'background-color');
    const beforeDark = await style(page, 'dark', 'header', 'background-color');

    await page.getByLabel('Primary color', { exact: true }).fill('#ff0000');
    await page.getByRole('slider', { name: 'Primary opacity' }).fill('1');
    // Full opacity: the bar is the chosen colour as the site draws it (nudged until its text reads), 90 % opaque.
    const vars = brandingVars({ ...DEFAULT_COMPANY, primary_color: '#ff0000', primary_opacity: 1 });
    for (const mode of ['light', 'dark'] as const) {
      const fill = vars[`--color-header-fill-${mode}`] ?? '';
      const expected = [1, 3, 5].map((at) => Number.parseInt(fill.slice(at, at + 2), 16));
      const [r = 0, g = 0, b = 0, alpha = 0] = rgba(await style(page, mode, 'header', 'background-color'));
      for (const [got, want] of [r, g, b].map((v, i) => [v, expected[i] ?? -1] as const))
        expect(Math.abs(got - want)).toBeLessThanOrEqual(1);
      expect(alpha).toBeCloseTo(HEADER_ALPHA, 2);
      expect(r).toBeGreaterThan(g);
    }
    expect(rgba(beforeLight)).not.toEqual(rgba(await style(page, 'light', 'header', 'background-color')));
    expect(rgba(beforeDark)).not.toEqual(rgba(await style(page, 'dark', 'header', 'background-color')));

    await page.getByLabel('Primary blur').selectOption('40');
    for (const mode of ['light', 'dark'] as const)
      expect(await style(page, mode, 'header', 'backdrop-filter')).toBe('blur(40px)');

    await page.getByRole('slider', { name: 'Button radius' }).fill('17');
    await page.getByRole('slider', { name: 'Header radius' }).fill('3');
    await expect(page.getByText('17px', { exact: true })).toBeVisible();
    for (const mode of ['light', 'dark'] as const) {
      expect(await style(page, mode, 'primary-button', 'border-top-left-radius')).toBe('17px');
      expect(await style(page, mode, 'secondary-button', 'border-top-left-radius')).toBe('17px');
      expect(await style(page, mode, 'header', 'border-bottom-left-radius')).toBe('3px');
    }
    await page.getByLabel('Secondary color', { exact: true }).fill('#00ff00');
    await page.getByRole('slider', { name: 'Secondary opacity' }).fill('1');
    for (const mode of ['light', 'dark'] as const)
      expect(rgba(await style(page, mode, 'secondary-button', 'background-color'))).toEqual([0, 255, 0, 1]);
    // Nothing was saved: the page's own theme is unchanged.
    expect(
      await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim()),
    ).not.toBe('#ff0000');
  });

  test('a colour that fails WCAG AA on its surface shows a contrast warning', async ({ page }) => {
    await openThemeSettings(page, token);
    const warning = page.getByRole('alert').filter({ hasText: 'Low contrast' });
    await expect(page.getByText(/^Header text on the header bar/)).toHaveCount(0);

    // Text on the secondary colour is the page's own: a dark secondary fails it in the light theme.
    await page.getByLabel('Secondary color', { exact: true }).fill('#0b3d91');
    await page.getByRole('slider', { name: 'Secondary opacity' }).fill('1');
    await expect(warning).toContainText(
      /Text on the secondary colour in the light theme reaches only \d\.\d\d:1 \(WCAG AA needs 4\.5:1\)\./,
    );
    await expect(warning).not.toContainText('Text on the secondary colour in the dark theme');
    await page.getByRole('slider', { name: 'Secondary opacity' }).fill('0.2');
    await expect(page.getByText(/^Text on the secondary colour/)).toHaveCount(0);

    // The header picks its text and nudges its fill itself: a mid-grey at full opacity, which neither white nor dark
    // text could read on, warns about nothing.
    await page.getByLabel('Primary color', { exact: true }).fill('#777777');
    await page.getByRole('slider', { name: 'Primary opacity' }).fill('1');
    await expect(page.getByText(/^Header text on the header bar/)).toHaveCount(0);
  });

  test("saving shows 'Saving...', then the green success text, and the page's theme changes without a reload", async ({
    page,
    request,
  }) => {
    const before = await company(request);
    const exactly = snapshotCompany(THEME_FIELDS);
    try {
      // The answer is held back a little so the busy state can be seen.
      await page.route('**/api/company', async (route) => {
        if (route.request().method() === 'PUT') await new Promise((resolve) => setTimeout(resolve, 700));
        await route.continue();
      });
      await openThemeSettings(page, token);
      await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
      await page.getByLabel('Primary color', { exact: true }).fill('#aa3377');
      await page.getByRole('slider', { name: 'Button radius' }).fill('15');
      await page.getByLabel('Secondary blur').selectOption('16');

      const sent = page.waitForRequest((req) => req.method() === 'PUT' && req.url().endsWith('/api/company'));
      await page.getByRole('button', { name: 'Save Theme Settings' }).click();
      await expect(page.getByRole('button', { name: 'Saving...' })).toBeDisabled();
      const body = (await sent).postDataJSON() as Record<string, unknown>;
      expect(Object.keys(body).sort()).toEqual([...THEME_FIELDS].sort());
      expect(body).toMatchObject({ primary_color: '#aa3377', button_radius: 15, secondary_blur: 16 });

      const message = page.getByRole('status').filter({ hasText: 'Theme settings updated successfully!' });
      await expect(message).toBeVisible();
      await expect(message).toHaveAttribute('data-tone', 'success');
      await expect(message).toHaveClass(/text-green-/);
      await expect(page.getByRole('button', { name: 'Save Theme Settings' })).toBeEnabled();

      const root = (name: string) =>
        page.evaluate((n) => getComputedStyle(document.documentElement).getPropertyValue(n).trim(), name);
      expect(await root('--color-primary')).toBe('#aa3377');
      expect(await root('--button-radius')).toBe('15px');
      expect(await root('--secondary-blur')).toBe('16px');
      // The page's own brand button follows the new colour.
      const button = await page
        .getByRole('button', { name: 'Save Theme Settings' })
        .evaluate((el) => getComputedStyle(el).backgroundColor);
      expect(rgba(button).slice(0, 3)).toEqual([170, 51, 119]);
      expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);

      const saved = await company(request);
      expect(saved.primary_color.toLowerCase()).toBe('#aa3377');
      expect(saved.button_radius).toBe(15);
      expect(saved.secondary_blur).toBe(16);
    } finally {
      const res = await request.put('/api/company', {
        headers: { Authorization: `Bearer ${token}` },
        data: Object.fromEntries(
          THEME_FIELDS.map((key) => [
            key,
            typeof before[key] === 'number' ? Math.round(before[key] * 10) / 10 : before[key],
          ]),
        ),
      });
      expect(res.status()).toBe(200);
      // The API keeps to the 0.1 grid; a stored value off it (older data) goes back into the row exactly
      // right away, before the rebuild the PUT scheduled (2 s later) reads them.
      exactly();
      await expect.poll(async () => (await company(request)).button_opacity).toBe(before.button_opacity);
    }
  });

  test('a spinner shows while the theme loads', async ({ page }) => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/company', async (route) => {
      if (route.request().method() === 'GET') await held;
      await route.continue();
    });
    await signedInAs(page, token);
    await page.goto('/admin/theme-settings');
    // The admin shell's spinner covers the screen until the branding (the theme) has loaded.
    const spinner = page.getByRole('status', { name: /^Loading/ }).filter({ visible: true });
    await expect(spinner).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Save Theme Settings' })).not.toBeVisible();
    release();
    await expect(page.getByRole('button', { name: 'Save Theme Settings' })).toBeVisible();
    await expect(spinner).toHaveCount(0);
  });
});

test.describe('A theme draft', () => {
  test('is saved without reaching visitors, previewed on every page by its link until the preview ends, and discarded', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(150_000);
    const token = await adminToken(request);
    const live = await company(request);
    const draftColour = '#7a2e8c';
    const primary = (shown: Page) =>
      shown.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim());
    try {
      await openThemeSettings(page, token);
      await page.getByLabel('Primary color', { exact: true }).fill(draftColour);
      await page.getByRole('button', { name: 'Save draft' }).click();
      await expect(page.getByRole('status').filter({ hasText: DRAFT_SAVED })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Publish draft' })).toBeVisible();
      // Neither visitors nor the admin's own pages take the draft.
      expect((await company(request)).primary_color).toBe(live.primary_color);
      expect((await primary(page)).toLowerCase()).toBe(live.primary_color.toLowerCase());

      await page.getByRole('button', { name: 'Preview' }).click();
      const previewUrl = await page.getByLabel('Preview link').inputValue();
      // The screen opens on the draft, with its panel and the draft's actions, at every width.
      await inBothThemes(browser, token, async (admin, theme, width) => {
        await admin.goto('/admin/theme-settings');
        await expect(admin.getByRole('button', { name: 'Publish draft' })).toBeVisible();
        await expect(admin.getByRole('note')).toContainText('You are editing the draft');
        await expect(admin.getByLabel('Primary color', { exact: true })).toHaveValue(draftColour);
        await expectNoSideScroll(admin, width, `Theme Settings with a draft at ${width} px`);
        await keepScreenshot(admin, {
          path: test.info().outputPath(`theme-draft-admin-${theme}-${width}.png`),
          fullPage: true,
        });
      });
      expect(new URL(previewUrl).pathname).toBe('/preview');

      await inBothThemes(browser, null, async (visitor, theme, width) => {
        await visitor.goto(previewUrl);
        const banner = visitor.getByRole('complementary', { name: 'Preview' });
        await expect(banner).toContainText(SETTINGS_PREVIEW_BANNER, { timeout: 20_000 });
        await expect(visitor).toHaveURL((url) => url.pathname === '/' && url.search === '');
        await expect.poll(() => primary(visitor)).toBe(draftColour);
        await expectNoSideScroll(visitor, width, `the previewed home page at ${width} px`);
        await keepScreenshot(visitor, { path: test.info().outputPath(`theme-preview-home-${theme}-${width}.png`) });
        // The tab keeps the preview on the next page.
        await visitor.goto('/about');
        await expect(banner).toContainText(SETTINGS_PREVIEW_BANNER);
        await expect.poll(() => primary(visitor)).toBe(draftColour);
        await keepScreenshot(visitor, { path: test.info().outputPath(`theme-preview-about-${theme}-${width}.png`) });
        await banner.getByRole('button', { name: END_PREVIEW }).click();
        await expect(banner).toHaveCount(0);
        await expect.poll(async () => (await primary(visitor)).toLowerCase()).toBe(live.primary_color.toLowerCase());
      });

      await page.getByRole('button', { name: 'Discard draft' }).click();
      await page.getByRole('button', { name: 'Discard', exact: true }).click();
      await expect(page.getByRole('status').filter({ hasText: DRAFT_DISCARDED })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Save Theme Settings' })).toBeVisible();
      await expect(page.getByLabel('Primary color', { exact: true })).toHaveValue(live.primary_color.toLowerCase());
    } finally {
      await request.delete('/api/admin/company/theme/draft', { headers: { Authorization: `Bearer ${token}` } });
    }
  });
});
