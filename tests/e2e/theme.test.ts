import { expect, test, type Page } from './fixtures.ts';

interface Probe {
  themeAtBody?: 'dark' | 'light';
}

/** Records the theme class on <html> when the parser inserts <body>: what the first paint uses, before any module script. */
function probeFirstPaint(page: Page) {
  return page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      // lib.dom has <body> always there; until the parser inserts it, it is null.
      if (!(document.body as HTMLElement | null)) return;
      (window as unknown as Probe).themeAtBody = document.documentElement.classList.contains('dark') ? 'dark' : 'light';
      observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
  });
}

const themeAtFirstPaint = (page: Page) => page.evaluate(() => (window as unknown as Probe).themeAtBody);
const storedTheme = (page: Page) => page.evaluate(() => localStorage.getItem('theme'));
const html = (page: Page) => page.locator('html');

test('the site is dark by default with nothing stored', async ({ page }) => {
  await probeFirstPaint(page);
  await page.goto('/');
  expect(await themeAtFirstPaint(page)).toBe('dark');
  await expect(html(page)).toHaveClass(/(^|\s)dark(\s|$)/);
  await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
  expect(await storedTheme(page)).toBeNull();
});

test('the floating toggle switches to light, stores it, and the choice survives navigation and reload without a flash', async ({
  page,
}) => {
  await probeFirstPaint(page);
  await page.goto('/');
  await page.getByRole('button', { name: 'Switch to light theme' }).click();

  await expect(html(page)).not.toHaveClass(/(^|\s)dark(\s|$)/);
  await expect(page.getByRole('button', { name: 'Switch to dark theme' })).toBeVisible();
  expect(await storedTheme(page)).toBe('light');

  await page.getByRole('contentinfo').getByRole('link', { name: 'About', exact: true }).click();
  await expect(page).toHaveURL(/\/about\/?$/);
  expect(await themeAtFirstPaint(page)).toBe('light');
  await expect(html(page)).not.toHaveClass(/(^|\s)dark(\s|$)/);
  await expect(page.getByRole('button', { name: 'Switch to dark theme' })).toBeVisible();

  await page.reload();
  expect(await themeAtFirstPaint(page)).toBe('light');
  await expect(html(page)).not.toHaveClass(/(^|\s)dark(\s|$)/);
  expect(await storedTheme(page)).toBe('light');
});

test('toggling back to dark stores dark', async ({ page }) => {
  await page.goto('/about');
  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await expect(html(page)).not.toHaveClass(/(^|\s)dark(\s|$)/);

  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(html(page)).toHaveClass(/(^|\s)dark(\s|$)/);
  await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
  expect(await storedTheme(page)).toBe('dark');

  await page.reload();
  await expect(html(page)).toHaveClass(/(^|\s)dark(\s|$)/);
});

test('a stored theme other than light or dark is treated as dark', async ({ page }) => {
  await page.goto('/about');
  await page.evaluate(() => localStorage.setItem('theme', 'purple'));
  await probeFirstPaint(page);
  await page.reload();

  expect(await themeAtFirstPaint(page)).toBe('dark');
  await expect(html(page)).toHaveClass(/(^|\s)dark(\s|$)/);
  await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();

  // The toggle starts from dark, so one click gives light.
  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await expect(html(page)).not.toHaveClass(/(^|\s)dark(\s|$)/);
  expect(await storedTheme(page)).toBe('light');
});
