import { atom } from 'nanostores';
import { readStorage, writeStorage } from '../browser/storage.ts';

export type Theme = 'dark' | 'light';
export const THEME_KEY = 'theme';

/** Anything but a stored 'light' means dark (the spec's default). */
export function parseTheme(value: unknown): Theme {
  return value === 'light' ? 'light' : 'dark';
}

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
