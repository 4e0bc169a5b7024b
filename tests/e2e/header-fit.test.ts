/**
 * The public header holds any number of links at every width: with the demo's menu and with links the admin added
 * (Navigation), at 768, 900, 1024 and 1280 px, signed out and as the admin, in both themes, nothing in the header leaves
 * the window or lies over anything else, and every link can be reached, in the row or in the side menu behind the
 * hamburger. This file's server builds the site itself.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Browser } from './fixtures.ts';
import { defaultMenu, type MenuItem, type NavLink, type PublicNavigation } from '../../src/shared/navigation.ts';
import { adminApi } from './helpers/admin.ts';
import { settled } from './helpers/rebuild.ts';
import { keepScreenshot } from './helpers/screenshots.ts';

test.use({ siteBuilds: true });
// A build of the demo site takes 30-60 s on a busy 2-core machine; the first one at start may still be running.
test.describe.configure({ mode: 'serial', timeout: 300_000 });

const WIDTHS = [768, 900, 1024, 1280] as const;
const SHOTS = process.env['X_SHOTS'] ?? 'test-results/screens/header-fit';
const ADDED: MenuItem[] = [
  { kind: 'link', label: 'About us', url: '/about', visibility: 'always' },
  { kind: 'link', label: 'Contact', url: '/contact', visibility: 'always' },
];

let api: APIRequestContext;
let token = '';

test.beforeAll(async ({ playwright }) => {
  ({ api, token } = await adminApi(playwright));
});

test.afterAll(async () => {
  // The demo's header back for the files that follow on this worker's server (its build is not waited for).
  const res = await api.put('/api/admin/navigation/header', {
    headers: { Authorization: `Bearer ${token}` },
    data: { items: defaultMenu('header') },
  });
  expect(res.status()).toBe(200);
  await api.dispose();
});

interface Box {
  what: string;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** The boxes of what the header shows, one per control or picture (a link's own box, not the row's). */
function headerBoxes(): Box[] {
  const header = document.querySelector('header');
  if (!header) throw new Error('no header');
  const shown = (el: Element) => {
    const r = el.getBoundingClientRect();
    // A visually hidden name (1 px, clipped) is for screen readers only.
    return r.width > 1 && r.height > 1 && getComputedStyle(el).visibility !== 'hidden';
  };
  const parts = header.querySelectorAll(
    'button, a[href]:not([href="/"]), a[href="/"] img, a[href="/"] [data-brand="name"]',
  );
  return [...parts].filter(shown).map((el) => {
    const r = el.getBoundingClientRect();
    const what = (el.getAttribute('aria-label') ?? el.textContent).trim() || el.tagName;
    return { what, left: r.left, right: r.right, top: r.top, bottom: r.bottom };
  });
}

/** Pairs of boxes that cover part of each other (by more than half a pixel). */
function overlaps(boxes: Box[]): string[] {
  const found: string[] = [];
  for (const [i, a] of boxes.entries())
    for (const b of boxes.slice(i + 1)) {
      const x = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const y = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      if (x > 0.5 && y > 0.5) found.push(`${a.what} / ${b.what}`);
    }
  return found;
}

async function checkHeader(browser: Browser, links: NavLink[], label: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  for (const theme of ['light', 'dark'] as const)
    for (const who of ['visitor', 'admin'] as const) {
      const context = await browser.newContext();
      await context.addInitScript(
        ([t, k]) => {
          localStorage.setItem('theme', t);
          if (k) {
            localStorage.setItem('token', k);
            localStorage.setItem('role', 'admin');
          }
        },
        [theme, who === 'admin' ? token : ''] as const,
      );
      const page = await context.newPage();
      for (const width of WIDTHS) {
        const at = `${label}, ${who}, ${theme}, ${width} px`;
        await page.setViewportSize({ width, height: 800 });
        await page.goto('/about');
        const header = page.getByRole('banner');
        const account = who === 'admin' ? 'Dashboard' : 'Login';
        await expect(header.getByRole('link', { name: account, exact: true })).toBeVisible();

        const boxes = await page.evaluate(headerBoxes);
        for (const box of boxes) {
          expect(box.left, `${at}: ${box.what} starts inside the window`).toBeGreaterThanOrEqual(0);
          expect(box.right, `${at}: ${box.what} ends inside the window`).toBeLessThanOrEqual(width);
          expect(box.bottom, `${at}: ${box.what} is inside the header`).toBeLessThanOrEqual(64);
        }
        expect(overlaps(boxes), `${at}: nothing lies over anything else`).toEqual([]);

        const row = page.getByRole('navigation', { name: 'Main' });
        if (await row.isVisible()) {
          await expect(page.getByRole('button', { name: 'Open menu' }), at).toBeHidden();
          // Every link whole in the row: none clipped, none behind a sideways scroll.
          const rowBox = await row.evaluate((el) => {
            const r = el.getBoundingClientRect();
            return { left: r.left, right: r.right, scrolls: el.scrollWidth > el.clientWidth };
          });
          expect(rowBox.scrolls, `${at}: the row needs no scrolling`).toBe(false);
          await expect(row.getByRole('link'), at).toHaveText(links.map((link) => link.label));
          for (const link of links) {
            const box = await row.getByRole('link', { name: link.label, exact: true }).boundingBox();
            expect(box, `${at}: ${link.label}`).not.toBeNull();
            expect(box?.x ?? -1).toBeGreaterThanOrEqual(rowBox.left);
            expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(rowBox.right + 0.5);
          }
          await keepScreenshot(page, {
            path: join(SHOTS, `${label}-${who}-${theme}-${width}.png`),
            clip: { x: 0, y: 0, width, height: 120 },
          });
        } else {
          const hamburger = page.getByRole('button', { name: 'Open menu' });
          await expect(hamburger, at).toBeVisible();
          await keepScreenshot(page, {
            path: join(SHOTS, `${label}-${who}-${theme}-${width}.png`),
            clip: { x: 0, y: 0, width, height: 120 },
          });
          await hamburger.click();
          const menu = page.getByRole('dialog', { name: 'Mobile' });
          await expect(menu, at).toBeVisible();
          for (const link of links) {
            const item = menu.getByRole('link', { name: link.label, exact: true });
            await expect(item, `${at}: ${link.label} in the side menu`).toBeVisible();
            await expect(item).toHaveAttribute('href', link.href);
          }
          if (width === 900) {
            // Slid all the way in.
            await expect.poll(() => menu.evaluate((el) => getComputedStyle(el).transform)).toBe('none');
            await keepScreenshot(page, { path: join(SHOTS, `${label}-${who}-${theme}-${width}-menu.png`) });
          }
          await page.keyboard.press('Escape');
          await expect(menu).toBeHidden();
        }
      }
      await context.close();
    }
}

async function publishedHeader(): Promise<NavLink[]> {
  return ((await (await api.get('/api/navigation')).json()) as PublicNavigation).header;
}

test("the demo's menu fits at every width", async ({ browser }) => {
  expect((await settled(api, token)).state).toBe('up-to-date');
  const links = await publishedHeader();
  expect(links.length).toBeGreaterThanOrEqual(6);
  await checkHeader(browser, links, 'demo');
});

test('a menu with links the admin added fits at every width once the site is rebuilt', async ({ browser }) => {
  const res = await api.put('/api/admin/navigation/header', {
    headers: { Authorization: `Bearer ${token}` },
    data: { items: [...defaultMenu('header'), ...ADDED] },
  });
  expect(res.status()).toBe(200);
  expect((await settled(api, token)).state).toBe('up-to-date');
  const links = await publishedHeader();
  for (const item of ADDED) expect(links.map((link) => link.label)).toContain(item.label);
  await checkHeader(browser, links, 'added');
});
