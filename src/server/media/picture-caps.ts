/**
 * How many pixels an uploaded picture may have, by what it is for. Decoding costs CPU and memory
 * in proportion to the pixels, not the file size (the audit's flat 6000 x 6000 PNG was 35 KB), so a picture shown small gets a
 * small cap. Photos and heroes keep the 40 MP maximum (security.md R40): an 8K photo is 33 MP (spec §9's largest
 * resolution filter).
 */

/** What an uploaded picture is for; each caller of the upload check names one. */
export type PicturePurpose =
  'photo' | 'hero' | 'product' | 'blog' | 'event' | 'audio' | 'team' | 'profile' | 'logo' | 'icon';

/** The largest cap: what security.md R40 allows any stored picture. */
export const MAX_PICTURE_MEGAPIXELS = 40;

/** Megapixels (millions of pixels) per purpose. */
export const PICTURE_MEGAPIXELS: Readonly<Record<PicturePurpose, number>> = {
  // The photo gallery and the home hero are shown full screen and as 1920 px variants: a camera's full frame.
  photo: MAX_PICTURE_MEGAPIXELS,
  hero: MAX_PICTURE_MEGAPIXELS,
  // Shown at most one column wide: a 24 MP camera frame (6000 x 4000) still fits.
  product: 24,
  blog: 24,
  event: 24,
  // An audio item's cover art, shown at most 240 px wide: a phone's 16 MP photo fits.
  audio: 16,
  // Faces shown at 96 px: a phone's 12 MP photo (4032 x 3024) and 16 MP (4608 x 3456) fit, 6000 x 6000 does not.
  team: 16,
  profile: 16,
  // Logos and the site icon are drawn a few dozen pixels high: 2000 x 2000 or 4000 x 1000 is plenty.
  logo: 4,
  icon: 4,
};

/** The pixel cap of a purpose. */
export const maxPixelsFor = (purpose: PicturePurpose): number => PICTURE_MEGAPIXELS[purpose] * 1_000_000;

/** The 413 sentence for a picture over its purpose's cap, in TOO_MANY_PIXELS_MESSAGE's words. */
export const tooManyPixelsMessage = (megapixels: number): string =>
  `The image has too many pixels (at most ${megapixels} megapixels)`;
