/**
 * The public header holding its links at every width (header-fit.test.ts with the demo's menu, admin-navigation.test.ts
 * with the links the admin changed): nothing in the header leaves the window or lies over anything else, and every link
 * can be reached, in the row or in the side menu behind the hamburger.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Browser } from '@playwright/test';
import type { NavLink } from '../../../src/shared/navigation.ts';
import { keepScreenshot, SCREENSHOTS } from './screenshots.ts';

const WIDTHS = [768, 900, 1024, 1280] as const;
const SHOTS = process.env['X_SHOTS'] ?? 'test-results/screens/header-fit';

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

/**
 * Checks the header on /about at 768, 900, 1024 and 1280 px, signed out and as the admin (`token`), in both themes:
 * each theme at half the widths in turns (a theme changes colours, not layout), every width in both with
 * E2E_SCREENSHOTS=1, when a clip of each is kept under X_SHOTS.
 */
export async function checkHeader(browser: Browser, token: string, links: NavLink[], label: string): Promise<void> {
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
      for (const width of SCREENSHOTS ? WIDTHS : WIDTHS.filter((_, i) => (i % 2 === 0) === (theme === 'dark'))) {
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
