/**
 * Responsive variants of stored pictures: `/media/<id>.webp` has siblings `/media/<id>-w<width>.webp`.
 * 720 serves a full-width phone image (412 CSS px at 1.75 dppx) without falling back to 960.
 */
export const VARIANT_WIDTHS = [480, 720, 960, 1440, 1920] as const;

const MEDIA_ID = '[0-9a-f-]{36}';
const STORED_PICTURE = new RegExp(`^(.*/media/${MEDIA_ID})\\.webp$`);
const PICTURE_NAME = new RegExp(`^${MEDIA_ID}\\.webp$`);

/** True for the name of a stored picture itself ('<uuid>.webp'), not of one of its variants. */
export function isPictureName(fileName: string): boolean {
  return PICTURE_NAME.test(fileName);
}

/** The variant file name for a stored picture name ('<id>.webp' → '<id>-w480.webp'). */
export function variantName(fileName: string, width: number): string {
  return fileName.replace(/\.webp$/, `-w${width}.webp`);
}

/** A srcset for a stored picture URL, or undefined for any other image (placeholders, logos, external). */
export function srcSetFor(url: string): string | undefined {
  const base = STORED_PICTURE.exec(url)?.[1];
  return base ? VARIANT_WIDTHS.map((w) => `${base}-w${w}.webp ${w}w`).join(', ') : undefined;
}
