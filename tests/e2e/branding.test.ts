import { expect, test, type ConsoleMessage } from './fixtures.ts';
import type { Company } from '../../src/shared/types.ts';
import { snapshotCompany, updateCompany } from './helpers/company-db.ts';

test.describe('runtime branding', () => {
  let restore: (() => void) | undefined;
  test.afterEach(() => {
    restore?.();
    restore = undefined;
  });

  test('a company name changed in the database shows in the header, footer and title on reload, without a rebuild', async ({
    page,
  }) => {
    restore = snapshotCompany(['name']);
    updateCompany({ name: 'Runtime Brand Co' });
    await page.goto('/about');

    const names = page.locator('[data-brand="name"]');
    await expect(names.first()).toBeAttached();
    const count = await names.count();
    expect(count).toBeGreaterThanOrEqual(2);
    await expect(names).toHaveText(Array(count).fill('Runtime Brand Co'));
    await expect(page.getByRole('banner').locator('[data-brand="name"]')).toBeVisible();
    await expect(page.getByRole('contentinfo').locator('[data-brand="name"]')).toBeVisible();
    await expect(page).toHaveTitle(/Runtime Brand Co/);
  });

  test('a logo that fails to load falls back to /logo.png', async ({ page }) => {
    restore = snapshotCompany(['logo']);
    // Light theme: the light logo is the one shown (logos are lazy, so the one the theme hides is never fetched).
    await page.addInitScript(() => localStorage.setItem('theme', 'light'));
    const logo = page.getByRole('banner').locator('img[data-brand-logo="light"]');
    await page.goto('/');
    // The built logo loads: no fallback yet.
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await logo.getAttribute('src')).toMatch(/^\/media\//);

    updateCompany({ logo: '/media/00000000-0000-0000-0000-000000000000.png' });
    const missing = page.waitForResponse((r) => r.url().endsWith('/media/00000000-0000-0000-0000-000000000000.png'));
    await page.reload();
    expect((await missing).status()).toBe(404);
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => new URL(img.src).pathname)).toBe('/logo.png');
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  });

  test('in the default dark theme the visible logo follows a changed dark logo and falls back to /logo.png when it fails', async ({
    page,
  }) => {
    restore = snapshotCompany(['logo_dark']);
    await page.goto('/');
    const visibleLogo = page.getByRole('banner').getByRole('link').first().locator('img:visible');
    await expect(visibleLogo).toHaveCount(1);
    await expect
      .poll(() => visibleLogo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);

    updateCompany({ logo_dark: '/media/00000000-0000-0000-0000-000000000000.png' });
    await page.reload();
    await expect(visibleLogo).toHaveCount(1);
    await expect
      .poll(() => visibleLogo.evaluate((img: HTMLImageElement) => new URL(img.src).pathname))
      .toBe('/logo.png');
  });
});

test.describe('page head', () => {
  test('the home page title is the seeded home SEO title with the company name filled in', async ({
    page,
    request,
  }) => {
    const company = (await (await request.get('/api/company')).json()) as Company;
    // The demo's titles name the company through the placeholder, so a rename reaches them.
    expect(company.seo_home_title).toContain('{company}');
    await page.goto('/');
    await expect(page).toHaveTitle(company.seo_home_title.replaceAll('{company}', company.name));
  });

  for (const path of ['/', '/about', '/contact']) {
    test(`${path} has a canonical link, Open Graph and Twitter card tags and the seeded favicon`, async ({
      page,
      request,
    }) => {
      const company = (await (await request.get('/api/company')).json()) as Company;
      const iconRequests: string[] = [];
      page.on('request', (r) => {
        if (new URL(r.url()).pathname === company.icon) iconRequests.push(r.url());
      });
      await page.goto(path, { waitUntil: 'load' });

      const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
      expect(canonical).not.toBeNull();
      expect(new URL(canonical ?? '').pathname.replace(/\/$/, '') || '/').toBe(path);

      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', await page.title());
      await expect(page.locator('meta[property="og:description"]')).toHaveAttribute('content', /\S/);
      await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', /^summary(_large_image)?$/);

      // The seeded icon is small, so the page carries it inline: the same bytes as the file, and no request for it.
      expect(company.icon).toMatch(/^\/media\//);
      const icon = page.locator('link[rel="icon"]');
      await expect(icon).toHaveAttribute('data-src', company.icon);
      const href = (await icon.getAttribute('href')) ?? '';
      expect(href).toMatch(/^data:image\/png;base64,/);
      const file = await (await request.get(company.icon)).body();
      expect(Buffer.from(href.split(',')[1] ?? '', 'base64').equals(file)).toBe(true);
      expect(iconRequests).toEqual([]);
    });
  }
});

test('public pages without an island ship no React', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  for (const path of ['/about', '/contact']) {
    await page.goto(path, { waitUntil: 'networkidle' });
    await expect(page.locator('astro-island')).toHaveCount(0);
    const srcs = await page.locator('script[src]').evaluateAll((els) => els.map((el) => el.getAttribute('src') ?? ''));
    const preloads = await page
      .locator('link[rel="modulepreload"]')
      .evaluateAll((els) => els.map((el) => el.getAttribute('href') ?? ''));
    for (const src of [...srcs, ...preloads]) expect(src, `${path} script`).not.toMatch(/client\.|react/i);
  }
  for (const url of scripts) expect(url, 'script requested').not.toMatch(/client\.|react/i);
});

test('the home, About and Contact pages cause no Content Security Policy violations', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (/Content Security Policy/i.test(message.text())) problems.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => {
    if (/Content Security Policy/i.test(error.message)) problems.push(`${page.url()}: ${error.message}`);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`Content Security Policy violation: ${event.violatedDirective} blocked ${event.blockedURI}`);
    });
  });
  for (const path of ['/', '/about', '/contact']) {
    await page.goto(path, { waitUntil: 'networkidle' });
    // The runtime branding refresh has run by now (it restyles the page through the CSSOM).
    await expect(page.locator('[data-brand="name"]').first()).not.toBeEmpty();
  }
  expect(problems).toEqual([]);
});
