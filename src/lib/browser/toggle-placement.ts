/**
 * Keeps the floating theme toggle off the page's content: after each scroll, resize or change of the page, the toggle
 * takes the first corner where no visible control or line of text lies beneath it (bottom right first, as the spec
 * places it), and steps out of sight while every corner is taken. The footer ends with room below its last line, so
 * at the bottom of every page the home corner is free again.
 */

/** The corners, in the order they are tried; 'none' hides the toggle until one is free. */
export const SPOTS = ['br', 'bl', 'tr', 'tl'] as const;
export type Spot = (typeof SPOTS)[number] | 'none';

/** Controls the toggle must never cover (text is found by its own lines). */
const CONTROLS = 'a[href], button, input, select, textarea, summary, label, [role="button"], [role="link"]';

/** A box in viewport pixels. */
export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Whether two boxes share more than a hairline. */
export const meets = (a: Box, b: Box): boolean =>
  Math.min(a.right, b.right) - Math.max(a.left, b.left) >= 1 &&
  Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) >= 1;

function shown(el: Element): boolean {
  const style = getComputedStyle(el);
  return style.visibility !== 'hidden' && style.opacity !== '0';
}

/** The boxes of what must stay uncovered and meets one of `areas`: visible controls and the lines of visible text. */
export function contentBoxes(areas: readonly Box[], toggle: Element): Box[] {
  const near = (r: Box) => areas.some((area) => meets(r, area));
  const found: Box[] = [];
  for (const el of document.body.querySelectorAll(CONTROLS)) {
    if (el === toggle || toggle.contains(el)) continue;
    for (const r of el.getClientRects()) if (near(r) && shown(el)) found.push(r);
  }
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || !node.textContent?.trim() || toggle.contains(node)) continue;
    // A cheap look at the parent first: most text is nowhere near the corners (a parent without a box of its own,
    // display: contents, cannot tell: its text is measured).
    const around = parent.getBoundingClientRect();
    if (!near(around) && (around.width > 0 || around.height > 0)) continue;
    range.selectNodeContents(node);
    for (const r of range.getClientRects()) if (near(r) && shown(parent)) found.push(r);
  }
  return found;
}

/** Where the toggle would sit at `spot`, for a toggle of `size` px, `inset` px from the window's edges. */
export function spotBox(spot: Exclude<Spot, 'none'>, size: number, inset: { side: number; top: number }): Box {
  // The layout viewport, without scrollbars: what `position: fixed` is placed in.
  const { clientWidth, clientHeight } = document.documentElement;
  const left = spot.endsWith('l') ? inset.side : clientWidth - inset.side - size;
  const top = spot.startsWith('t') ? inset.top : clientHeight - inset.side - size;
  return { left, top, right: left + size, bottom: top + size };
}

/** The first free spot for the toggle, or 'none'. */
export function freeSpot(toggle: HTMLElement, inset: { side: number; top: number }): Spot {
  const size = toggle.offsetWidth || 40;
  const spots = SPOTS.map((spot) => ({ spot, box: spotBox(spot, size, inset) }));
  // One look over the page for all four corners.
  const taken = contentBoxes(
    spots.map((s) => s.box),
    toggle,
  );
  return spots.find(({ box }) => !taken.some((r) => meets(r, box)))?.spot ?? 'none';
}

/** Places `toggle` now and again whenever the page scrolls, resizes or changes. */
export function keepClear(toggle: HTMLElement): void {
  const rem = () => parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const place = () => {
    timer = undefined;
    delete toggle.dataset['placing'];
    const r = rem();
    // 0.75rem from the edges; at the top, clear of the fixed 4rem header.
    const spot = freeSpot(toggle, { side: 0.75 * r, top: 4.75 * r });
    toggle.dataset['spot'] = spot;
    // What this placement was for (and, above, whether another is due): end-to-end tests wait for it after scrolling.
    toggle.dataset['placedFor'] = `${Math.round(window.scrollY)}:${window.innerWidth}`;
  };
  // At most one placement per 80 ms, always one after the last change: a page that changes all the time (a
  // countdown, a player's clock) is placed as it goes rather than never.
  const soon = () => {
    if (timer !== undefined) return;
    toggle.dataset['placing'] = '';
    timer = setTimeout(place, 80);
  };
  place();
  addEventListener('scroll', soon, { passive: true });
  addEventListener('resize', soon);
  new ResizeObserver(soon).observe(document.body);
  new MutationObserver(soon).observe(document.body, { childList: true, subtree: true, characterData: true });
}

/** Keeps the page's theme toggle clear, when it has one. */
export function keepToggleClear(): void {
  const toggle = document.querySelector<HTMLElement>('[data-theme-toggle]');
  if (toggle) keepClear(toggle);
}
