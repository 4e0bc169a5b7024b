/** WCAG 2 contrast: readable variants of a brand colour, so any colour a company picks keeps text legible. */

type Rgb = [number, number, number];

function parseHex(hex: string): Rgb {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;
}

/** Relative luminance (WCAG 2.x). */
export function luminance(hex: string): number {
  const [r, g, b] = parseHex(hex).map((v) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Contrast ratio between two #rrggbb colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

function mix(from: Rgb, to: Rgb, t: number): Rgb {
  const channel = (i: 0 | 1 | 2) => from[i] + (to[i] - from[i]) * t;
  return [channel(0), channel(1), channel(2)];
}

/**
 * The colour closest to `color` that reaches `min` contrast on every one of `backgrounds` (all light or all
 * dark): mixed toward white on dark backgrounds, toward black on light ones, in small steps.
 */
export function readableOn(color: string, backgrounds: string[], min = 4.5): string {
  const dark = backgrounds.every((bg) => luminance(bg) < 0.2);
  return closestPassing(color, dark ? [255, 255, 255] : [0, 0, 0], (c) =>
    backgrounds.every((bg) => contrastRatio(c, bg) >= min),
  );
}

/** `color` if it passes `ok`, else the first of 20 steps from it toward `target` that does (`target` at worst). */
function closestPassing(color: string, target: Rgb, ok: (candidate: string) => boolean): string {
  if (ok(color)) return color.toLowerCase();
  const rgb = parseHex(color);
  for (let step = 1; step <= 20; step++) {
    const candidate = toHex(mix(rgb, target, step / 20));
    if (ok(candidate)) return candidate;
  }
  return toHex(target);
}

/** What `color` laid at `opacity` (0 to 1) over `backdrop` looks like: a translucent fill on a page surface. */
export function over(color: string, opacity: number, backdrop: string): string {
  return toHex(mix(parseHex(backdrop), parseHex(color), opacity));
}

/** The fill closest to `color` on which `text` reaches `min` once laid at `opacity` over every one of `surfaces`. */
export function readableFill(color: string, text: string, opacity: number, surfaces: string[], min = 4.5): string {
  const away: Rgb = luminance(text) > 0.5 ? [0, 0, 0] : [255, 255, 255];
  return closestPassing(color, away, (c) => surfaces.every((bg) => contrastRatio(text, over(c, opacity, bg)) >= min));
}

/** White or near-black text, whichever reads better on `background`. */
export function textOn(background: string): string {
  return contrastRatio('#ffffff', background) >= contrastRatio('#111827', background) ? '#ffffff' : '#111827';
}

/** The page surfaces brand-coloured text sits on, per theme (BaseLayout's body, cards, footer, inputs). */
export const LIGHT_SURFACES = ['#ffffff', '#f9fafb', '#f3f4f6'];
export const DARK_SURFACES = ['#0b0f14', '#0f151c', '#111821', '#1d242c'];
