import { describe, expect, it } from 'vitest';
import { isCurrent } from '../../src/components/layout/nav-links.ts';
import { parseToken } from '../../src/lib/stores/session.ts';
import { $theme, parseTheme, resetTheme, toggleTheme } from '../../src/lib/stores/theme.ts';

describe('parseTheme', () => {
  it.each([
    ['light', 'light'],
    ['dark', 'dark'],
    [null, 'dark'],
    ['purple', 'dark'],
    ['LIGHT', 'dark'],
    [42, 'dark'],
  ])('reads %o as %o', (stored, expected) => {
    expect(parseTheme(stored)).toBe(expected);
  });
});

describe('theme store', () => {
  it('flips between dark and light and resets to dark (without storage it still works)', () => {
    $theme.set('dark');
    toggleTheme();
    expect($theme.get()).toBe('light');
    toggleTheme();
    expect($theme.get()).toBe('dark');
    toggleTheme();
    resetTheme();
    expect($theme.get()).toBe('dark');
  });
});

describe('parseToken', () => {
  it('accepts an opaque base64url token and refuses anything else', () => {
    expect(parseToken('a'.repeat(43))).toBe('a'.repeat(43));
    expect(parseToken('')).toBeNull();
    expect(parseToken(null)).toBeNull();
    expect(parseToken('short')).toBeNull();
    expect(parseToken('<script>alert(1)</script>xxxxxxxx')).toBeNull();
  });
});

describe('isCurrent', () => {
  it.each([
    ['/', '/', true],
    ['/', '/shop', false],
    ['/shop', '/shop', true],
    ['/shop', '/shop/', true],
    ['/blogs', '/blogs/a-post', true],
    ['/blogs', '/blogsx', false],
  ])('%s is current on %s: %s', (href, path, expected) => {
    expect(isCurrent(href, path)).toBe(expected);
  });
});
