/** Address slugs of blogs and pages: made from a title, lowercase words joined by hyphens, kept unique with -2, -3…. */

/** Longest slug the admin forms and the API take. */
export const SLUG_MAX = 100;

/** Lowercase ASCII letters and digits in words joined by single hyphens (the public routes' own pattern). */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Whether `value` is a well-formed slug of at most SLUG_MAX characters. */
export const isSlug = (value: string): boolean => value.length <= SLUG_MAX && SLUG_PATTERN.test(value);

/** A slug made from `text`: accents dropped, every other run of non-alphanumerics one hyphen, capped at SLUG_MAX; '' when nothing is left. */
export function slugify(text: string): string {
  const words = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  // Cut at SLUG_MAX without leaving a trailing hyphen.
  return words.slice(0, SLUG_MAX).replace(/-+$/, '');
}

/** `base` when free, otherwise the first free `base-2`, `base-3`…, shortened so the suffix still fits in SLUG_MAX. */
export function uniqueSlug(base: string, isTaken: (slug: string) => boolean): string {
  if (!isTaken(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${base.slice(0, SLUG_MAX - suffix.length).replace(/-+$/, '')}${suffix}`;
    if (!isTaken(candidate)) return candidate;
  }
}
