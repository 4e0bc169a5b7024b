/** Responsive variants of stored pictures: `/media/<id>.webp` has siblings `/media/<id>-w<width>.webp`. */
export const VARIANT_WIDTHS = [480, 960, 1440, 1920] as const;

const STORED_PICTURE = /^(.*\/media\/[0-9a-f-]{36})\.webp$/;

/** The variant file name for a stored picture name ('<id>.webp' → '<id>-w480.webp'). */
export function variantName(fileName: string, width: number): string {
  return fileName.replace(/\.webp$/, `-w${width}.webp`);
}

/** A srcset for a stored picture URL, or undefined for any other image (placeholders, logos, external). */
export function srcSetFor(url: string): string | undefined {
  const base = STORED_PICTURE.exec(url)?.[1];
  return base ? VARIANT_WIDTHS.map((w) => `${base}-w${w}.webp ${w}w`).join(', ') : undefined;
}
