/**
 * Keyboard use: Tab walks the home page, the contact form and an admin screen, every element it
 * lands on shows a focus indicator (an outline or a box shadow), and the main controls are among them. The hero
 * slider has a pause/play button (WCAG 2.2.2), dots operated with Enter and Space, a live region that names the slide
 * the visitor chose (silent while the slides rotate by themselves), and no autoplay under reduced motion.
 */
import assert from 'node:assert/strict';
import { expect, test, type Page } from './fixtures.ts';
import { adminToken, signedInAs } from './helpers/admin.ts';
import { waitForIslands } from './helpers/hydration.ts';

interface Stop {
  /** Role or tag, and accessible name as far as the page tells it. */
  name: string;
  /** Why the focus is not seen, or '' when it is. */
  unseen: string;
}

/** Presses Tab up to `max` times (until the focus comes round again) and describes each element the focus reaches. */
async function tabThrough(page: Page, max: number): Promise<Stop[]> {
  const stops: Stop[] = [];
  const seen = new Set<string>();
  for (let n = 0; n < max; n++) {
    await page.keyboard.press('Tab');
    const stop = await page.evaluate(async () => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const indicator = (node: Element, own: boolean) => {
        const style = getComputedStyle(node);
        if (own && style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) return true;
        // A ring is a box shadow with a spread and no blur; on the element itself any shadow counts.
        return own
          ? style.boxShadow !== 'none'
          : /0px 0px 0px (?!0px)[\d.]+px/.test(style.boxShadow) ||
              (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0 && node.matches(':focus-within'));
      };
      // The element's own outline or shadow, or the ring of the card it stretches over (focus-within, a few levels up).
      const seen = () => {
        if (indicator(el, true)) return true;
        let node = el.parentElement;
        for (let up = 0; node && up < 4; up++, node = node.parentElement) if (indicator(node, false)) return true;
        return false;
      };
      // A ring that fades in is looked at again once its transition is over (later again on a busy machine, where
      // the 150 ms transition can take several frames longer).
      const after = (ms: number) => new Promise<boolean>((resolve) => setTimeout(() => resolve(seen()), ms));
      const visible = seen() || (await after(250)) || (await after(750));
      const style = getComputedStyle(el);
      const label =
        el.getAttribute('aria-label') ?? (el as HTMLInputElement).labels?.[0]?.textContent ?? el.textContent;
      const path: string[] = [];
      for (let node: Element | null = el; node && node !== document.body; node = node.parentElement)
        path.unshift(`${node.localName}:${[...(node.parentElement?.children ?? [])].indexOf(node)}`);
      return {
        key: path.join('/'),
        name: `${el.getAttribute('role') ?? el.localName} "${label.trim().replace(/\s+/g, ' ').slice(0, 60)}"`,
        unseen: visible ? '' : `outline ${style.outlineStyle} ${style.outlineWidth}, box-shadow ${style.boxShadow}`,
      };
    });
    if (!stop) continue;
    if (seen.has(stop.key)) break;
    seen.add(stop.key);
    stops.push({ name: stop.name, unseen: stop.unseen });
  }
  return stops;
}

const unseen = (stops: Stop[]) => stops.filter((s) => s.unseen).map((s) => `${s.name}: ${s.unseen}`);
const names = (stops: Stop[]) => stops.map((s) => s.name);

const hero = (page: Page) => page.getByRole('region', { name: 'Highlights' });
const dot = (page: Page, n: number) => hero(page).getByRole('button', { name: `Go to slide ${n}`, exact: true });
const liveRegion = (page: Page) => hero(page).locator('[aria-live]');

async function openHome(page: Page): Promise<void> {
  await page.goto('/');
  await expect(page.locator('[data-hero-ready]')).toBeAttached();
  await waitForIslands(page);
}

test('Tab reaches the header, the hero controls, the search box and the newsletter form on the home page, each with a visible focus', async ({
  page,
}) => {
  test.setTimeout(60_000);
  // The slides hold still under reduced motion: the first one, with the search box, is the one the keys reach (on a
  // busy machine the rotation moved on before the focus got past the header).
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await openHome(page);
  const stops = await tabThrough(page, 90);
  expect(unseen(stops)).toEqual([]);
  const reached = names(stops).join('\n');
  for (const control of [
    /^a "Shop"$/m,
    /^button "Play slides"$/m,
    /^button "Go to slide 2"$/m,
    /^input "Search"$/m,
    /^input ".*email.*"$/im,
    /^button "Switch to (light|dark) theme"$/m,
  ]) {
    expect(reached, `${control} among the stops`).toMatch(control);
  }
});

test('Tab reaches every field and the send button of the contact form, each with a visible focus, and the form can be filled from the keyboard', async ({
  page,
}) => {
  await page.goto('/contact');
  await waitForIslands(page);
  const stops = await tabThrough(page, 60);
  expect(unseen(stops)).toEqual([]);
  const reached = names(stops).join('\n');
  for (const field of ['Name', 'Email', 'Subject', 'Message'])
    expect(reached).toMatch(new RegExp(`^(input|textarea) "${field}\\*?"$`, 'm'));
  expect(reached).toMatch(/^button "Send Message"$/m);

  // Typed and sent with the keyboard alone: the empty form is stopped and says which field is missing.
  await page.getByLabel('Name', { exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Name', { exact: true })).toBeFocused();
});

test('Tab reaches the fields and the save button of an admin screen, each with a visible focus', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  await signedInAs(page, await adminToken(request));
  await page.goto('/admin/team');
  await expect(page.locator('html[data-admin-gate="ready"]')).toHaveCount(1);
  await waitForIslands(page);
  const stops = await tabThrough(page, 80);
  expect(unseen(stops)).toEqual([]);
  const reached = names(stops).join('\n');
  expect(reached).toMatch(/^a "Dashboard"$/m);
  expect(reached).toMatch(/^button "Add member"$/im);
});

test.describe('hero slider', () => {
  test('the pause button stops the rotation and says so, and Play starts it again', async ({ page }) => {
    await openHome(page);
    const pause = hero(page).getByRole('button', { name: 'Pause slides' });
    await expect(pause).toBeVisible();
    await expect(liveRegion(page)).toHaveAttribute('aria-live', 'off');

    await pause.focus();
    await page.keyboard.press('Enter');
    const play = hero(page).getByRole('button', { name: 'Play slides' });
    await expect(play).toBeFocused();
    await expect(liveRegion(page)).toHaveAttribute('aria-live', 'polite');
    // Paused stays paused after the focus and the pointer have left the hero.
    await page.keyboard.press('Shift+Tab');
    await page.mouse.move(5, 5);
    await page.getByRole('banner').getByRole('link', { name: 'Shop', exact: true }).focus();
    await page.waitForTimeout(4_500);
    await expect(dot(page, 1)).toHaveAttribute('aria-current', 'true');

    // Play, with the focus still on the button, starts the rotation at once and the live region falls silent.
    await play.focus();
    await page.keyboard.press('Space');
    await expect(hero(page).getByRole('button', { name: 'Pause slides' })).toBeFocused();
    await expect(liveRegion(page)).toHaveAttribute('aria-live', 'off');
    await expect.poll(() => dot(page, 2).getAttribute('aria-current'), { timeout: 8_000 }).toBe('true');
  });

  test('the dots are reached with Tab and move the slider with Enter and Space, and the live region names the slide', async ({
    page,
  }) => {
    const slides = ((await (await page.request.get('/api/sliders')).json()) as { results: { title: string }[] })
      .results;
    expect(slides.length).toBeGreaterThan(2);
    const [, second, third] = slides;
    assert(second && third);
    await openHome(page);
    await hero(page).getByRole('button', { name: 'Pause slides' }).focus();
    await page.keyboard.press('Tab');
    await expect(dot(page, 1)).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(dot(page, 3)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dot(page, 3)).toHaveAttribute('aria-current', 'true');
    await expect(hero(page).getByRole('heading', { name: third.title })).toBeVisible();
    // The focus inside holds the rotation: the change was the visitor's, and is announced.
    await expect(liveRegion(page)).toHaveAttribute('aria-live', 'polite');
    await expect(liveRegion(page)).toHaveText(`Slide 3 of ${slides.length}: ${third.title}`);

    await page.keyboard.press('Shift+Tab');
    await expect(dot(page, 2)).toBeFocused();
    await page.keyboard.press('Space');
    await expect(dot(page, 2)).toHaveAttribute('aria-current', 'true');
    await expect(liveRegion(page)).toHaveText(`Slide 2 of ${slides.length}: ${second.title}`);
  });

  test('under reduced motion the slides do not rotate, the button offers Play, and Play starts them', async ({
    browser,
  }) => {
    const context = await browser.newContext({ reducedMotion: 'reduce' });
    const page = await context.newPage();
    await openHome(page);
    const play = hero(page).getByRole('button', { name: 'Play slides' });
    await expect(play).toBeVisible();
    await expect(liveRegion(page)).toHaveAttribute('aria-live', 'polite');
    await page.waitForTimeout(4_000);
    await expect(dot(page, 1)).toHaveAttribute('aria-current', 'true');

    await play.click();
    await page.mouse.move(5, 5);
    await expect(hero(page).getByRole('button', { name: 'Pause slides' })).toBeVisible();
    await expect.poll(() => dot(page, 2).getAttribute('aria-current'), { timeout: 8_000 }).toBe('true');
    await context.close();
  });
});
