import { atom } from 'nanostores';
import { readStorage, writeStorage } from '../browser/storage.ts';
import { parseTheme, THEME_KEY, type Theme } from '../browser/theme-choice.ts';

export { parseTheme, THEME_KEY, type Theme };

export const $theme = atom<Theme>('dark');

export function loadTheme(): void {
  $theme.set(parseTheme(readStorage(THEME_KEY)));
}

export function toggleTheme(): void {
  setTheme($theme.get() === 'dark' ? 'light' : 'dark');
}

export function setTheme(theme: Theme): void {
  $theme.set(theme);
  writeStorage(THEME_KEY, theme);
}

/** A reset returns to dark. */
export function resetTheme(): void {
  setTheme('dark');
}
