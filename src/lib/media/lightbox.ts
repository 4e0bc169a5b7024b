/** The lightbox's own rules (loaded with it): the counter, swipes and keys, and which picture it shows. */
import { srcSetFor, VARIANT_WIDTHS, variantName } from '../../shared/image-variants.ts';

/** '3 of 24' for index 2 of 24. */
export const counterText = (index: number, count: number) => `${index + 1} of ${count}`;

/** A swipe shorter than this (CSS px), or more vertical than horizontal, is no swipe. */
export const SWIPE_MIN_PX = 40;

/** A finished touch drag as a move: a swipe to the left shows the next photo, to the right the previous one. */
export function swipeStep(dx: number, dy: number, min = SWIPE_MIN_PX): 1 | -1 | 0 {
  if (Math.abs(dx) < min || Math.abs(dx) <= Math.abs(dy)) return 0;
  return dx < 0 ? 1 : -1;
}

/** The key's move in the lightbox ('ArrowRight' → next), or null for any other key. */
export function keyStep(key: string): 1 | -1 | null {
  return key === 'ArrowRight' ? 1 : key === 'ArrowLeft' ? -1 : null;
}

/**
 * The picture at its largest: the widest AVIF variant of a stored picture (all of VARIANT_WIDTHS are made when it is
 * stored, never wider than the original), with the WebP picture itself as the fallback. Other images have no variant.
 */
export function largestPicture(url: string): { avif?: string; fallback: string } {
  if (!srcSetFor(url)) return { fallback: url };
  const slash = url.lastIndexOf('/') + 1;
  return { avif: url.slice(0, slash) + variantName(url.slice(slash), Math.max(...VARIANT_WIDTHS)), fallback: url };
}
