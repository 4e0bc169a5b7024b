import { describe, expect, it } from 'vitest';
import { bareHost, ensureHttps, safeHref } from '../../src/lib/format/url.ts';

describe('ensureHttps', () => {
  it.each([
    ['acme.com', 'https://acme.com'],
    ['www.acme.com/about', 'https://www.acme.com/about'],
    ['http://acme.com', 'http://acme.com'],
    ['HTTPS://acme.com', 'HTTPS://acme.com'],
    ['  facebook.com/acme  ', 'https://facebook.com/acme'],
    ['//acme.com', 'https://acme.com'],
    ['', ''],
    [null, ''],
    [undefined, ''],
  ])('turns %o into %o', (input, expected) => {
    expect(ensureHttps(input)).toBe(expected);
  });
});

describe('bareHost', () => {
  it.each([
    ['https://www.acme.com/', 'acme.com'],
    ['acme.com', 'acme.com'],
    ['http://shop.acme.com/path?q=1', 'shop.acme.com'],
    ['https://acme.com:8443', 'acme.com:8443'],
    ['', ''],
  ])('shows %o as %o', (input, expected) => {
    expect(bareHost(input)).toBe(expected);
  });
});

describe('safeHref', () => {
  it.each([
    ['/shop', '/shop'],
    ['acme.com', 'https://acme.com/'],
    ['https://acme.com/x', 'https://acme.com/x'],
    ['javascript:alert(1)', ''],
    ['data:text/html,<b>x</b>', ''],
    ['//evil.example', 'https://evil.example/'],
    ['', ''],
  ])('renders %o as %o', (input, expected) => {
    expect(safeHref(input)).toBe(expected);
  });
});
