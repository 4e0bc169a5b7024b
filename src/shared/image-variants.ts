/**
 * Responsive variants of stored pictures: `/media/<id>.webp` has AVIF siblings `/media/<id>-w<width>.avif`, offered
 * in a <picture> source; the WebP picture itself is the <img> for a browser without AVIF. 720 serves a full-width
 * phone image (412 CSS px at 1.75 dppx) without falling back to 960.
 */
import { mediaAddress, versionOf } from './media-url.ts';

export const VARIANT_WIDTHS = [480, 720, 960, 1440, 1920] as const;
export const VARIANT_TYPE = 'image/avif';

const MEDIA_ID = '[0-9a-f-]{36}';
const STORED_PICTURE = new RegExp(`^(.*/media/${MEDIA_ID})\\.webp$`);
const PICTURE_NAME = new RegExp(`^${MEDIA_ID}\\.webp$`);

/** True for the name of a stored picture itself ('<uuid>.webp'), not of one of its variants. */
export function isPictureName(fileName: string): boolean {
  return PICTURE_NAME.test(fileName);
}

/** The variant file name for a stored picture name ('<id>.webp' → '<id>-w480.avif'). */
export function variantName(fileName: string, width: number): string {
  return fileName.replace(/\.webp$/, `-w${width}.avif`);
}

/** The AVIF srcset for a stored picture URL, or undefined for any other image (placeholders, logos, external). */
export function srcSetFor(url: string): string | undefined {
  const base = STORED_PICTURE.exec(mediaAddress(url))?.[1];
  if (!base) return undefined;
  // A replaced picture's variants were re-made with it: they carry its version, so no cache serves the old ones.
  const version = versionOf(url);
  const query = version > 1 ? `?v=${version}` : '';
  return VARIANT_WIDTHS.map((w) => `${base}-w${w}.avif${query} ${w}w`).join(', ');
}
