/** The stored theme choice, shared by the page script and the $theme store; no imports, so the page script stays inline. */
export type Theme = 'dark' | 'light';
export const THEME_KEY = 'theme';

/** Anything but a stored 'light' means dark (the spec's default). */
export function parseTheme(value: unknown): Theme {
  return value === 'light' ? 'light' : 'dark';
}
