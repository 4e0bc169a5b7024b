import { describe, expect, it } from 'vitest';
import { bareHost, ensureHttps, safeHref } from '../../src/shared/url.ts';

/** Schemes that run script or carry a document, in the shapes attackers write them. */
const BAD_SCHEMES = [
  'javascript',
  'data',
  'vbscript',
  'blob',
  'file',
  'livescript',
  'filesystem',
  'view-source',
  'ftp',
  'ws',
  'chrome',
];
const BODIES: Record<string, string> = {
  javascript: 'alert(1)',
  data: 'text/html,<script>alert(5)</script>',
  vbscript: 'msgbox(1)',
  blob: 'https://acme.com/0b4c5f1e-2b0e-4d4a-9d7e-1f2a3b4c5d6e',
  file: '///etc/passwd',
};

/** Case changes, whitespace and control characters the URL parser ignores or strips, before and inside the scheme. */
function obfuscations(scheme: string, body: string): string[] {
  const mixed = Array.from(scheme, (c, i) => (i % 2 === 0 ? c.toUpperCase() : c)).join('');
  const mid = Math.max(1, Math.floor(scheme.length / 2));
  const split = (s: string) => `${scheme.slice(0, mid)}${s}${scheme.slice(mid)}:${body}`;
  return [
    `${scheme}:${body}`,
    `${scheme.toUpperCase()}:${body}`,
    `${mixed}:${body}`,
    ` ${mixed}:${body}`,
    `\u0000${scheme}:${body}`,
    `\u0001\u001f ${scheme}:${body}`,
    `\u00a0${scheme}:${body}`,
    `\ufeff${scheme}:${body}`,
    `\t${scheme}:${body}\n`,
    split('\t'),
    split('\n'),
    split('\r\n'),
    split('\u0000'),
    split('\u007f'),
    `${scheme}\t:${body}`,
    `${scheme}:\n${body}`,
    `${scheme}://%0a${body}`,
    `${scheme}:0`,
    // Entity and percent encodings are never decoded on the way to href, but must not sneak through either.
    `${scheme}&#58;${body}`,
    `${scheme}&#x3A;${body}`,
    `${scheme}&colon;${body}`,
    `${scheme}%3A${body}`,
    `&#${scheme.charCodeAt(0)};${scheme.slice(1)}:${body}`,
  ];
}

const HOSTILE = BAD_SCHEMES.flatMap((scheme) => obfuscations(scheme, BODIES[scheme] ?? 'x'));
const MARKUP = [
  '"><img src=x onerror=alert(2)>',
  "'><svg onload=alert(3)>",
  '<svg onload=alert(3)>',
  '</title><script>alert(1)</script>X',
  '</script><script>alert(8)</script>',
  "{{constructor.constructor('alert(9)')()}}",
  '<!--',
  'https://"><img src=x onerror=alert(2)>',
  'https://acme.com"><img src=x onerror=alert(2)>',
  'https://<script>alert(1)</script>',
  'https://javascript:alert(1)',
  'http://data:text/html,<script>alert(5)</script>',
];

/** Whether the text holds a control character (U+0000 to U+001F, or DEL) or a space. */
function hasControlOrSpace(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code <= 0x20 || code === 0x7f) return true;
  }
  return false;
}

/** What may ever come out: nothing, or a link whose scheme is http(s), mailto or tel, or a site-relative path. */
function isSafeOutput(href: string, web: boolean): boolean {
  if (href === '') return true;
  if (hasControlOrSpace(href)) return false;
  if (!web && href.startsWith('/')) return !/^\/[/\\]/.test(href);
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return false;
  }
  const allowed = web ? ['http:', 'https:'] : ['http:', 'https:', 'mailto:', 'tel:'];
  if (!allowed.includes(url.protocol)) return false;
  // A web link names a real host: letters, digits, hyphens and dots (IDNs arrive as xn--), or an IP address.
  return (
    url.protocol === 'mailto:' ||
    url.protocol === 'tel:' ||
    /^(?:[a-z0-9_-]+\.)*[a-z0-9_-]+$|^\[[0-9a-f:.]+\]$/i.test(url.hostname)
  );
}

describe('ensureHttps', () => {
  it.each([
    ['acme.com', 'https://acme.com'],
    ['www.acme.com/about', 'https://www.acme.com/about'],
    ['http://acme.com', 'http://acme.com'],
    ['HTTPS://acme.com', 'HTTPS://acme.com'],
    ['  facebook.com/acme  ', 'https://facebook.com/acme'],
    ['//acme.com', 'https://acme.com'],
    ['acme.com:8443/shop', 'https://acme.com:8443/shop'],
    ['localhost:4321', 'https://localhost:4321'],
    ['bücher.example/x', 'https://bücher.example/x'],
    ['https://acme.com/a?b=c&d=e#f', 'https://acme.com/a?b=c&d=e#f'],
    ['', ''],
    ['   ', ''],
    [null, ''],
    [undefined, ''],
  ])('turns %o into %o', (input, expected) => {
    expect(ensureHttps(input)).toBe(expected);
  });

  it.each([
    'javascript:alert(4)',
    ' JaVaScRiPt:alert(6)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(5)</script>',
    'mailto:hello@acme.com',
    'tel:+15550100',
    'javascript&#58;alert(1)',
    '"><img src=x onerror=alert(2)>',
    'https://',
  ])('gives no link for %o (company website and social links are web pages only)', (input) => {
    expect(ensureHttps(input)).toBe('');
  });

  it.each(HOSTILE)('gives no link for the obfuscated scheme %o', (input) => {
    expect(ensureHttps(input)).toBe('');
  });

  it.each(MARKUP)('never turns markup %o into a link to a made-up host', (input) => {
    expect(isSafeOutput(ensureHttps(input), true)).toBe(true);
  });
});

describe('bareHost', () => {
  it.each([
    ['https://www.acme.com/', 'acme.com'],
    ['acme.com', 'acme.com'],
    ['http://shop.acme.com/path?q=1', 'shop.acme.com'],
    ['https://acme.com:8443', 'acme.com:8443'],
    ['', ''],
    ['javascript:alert(4)', ''],
    ['data:text/html,<script>alert(5)</script>', ''],
    ['"><img src=x onerror=alert(2)>', ''],
    ['https://"><img src=x onerror=alert(2)>', ''],
  ])('shows %o as %o', (input, expected) => {
    expect(bareHost(input)).toBe(expected);
  });
});

describe('safeHref', () => {
  it.each([
    ['/shop', '/shop'],
    ['/search?q=a%20b#top', '/search?q=a%20b#top'],
    ['  /about  ', '/about'],
    ['acme.com', 'https://acme.com/'],
    ['https://acme.com/x', 'https://acme.com/x'],
    ['HTTP://Acme.com/X', 'http://acme.com/X'],
    ['mailto:hello@acme.com', 'mailto:hello@acme.com'],
    ['MAILTO:hello@acme.com?subject=Hi', 'mailto:hello@acme.com?subject=Hi'],
    ['tel:+15550100', 'tel:+15550100'],
    ['tel:5550100', 'tel:5550100'],
    // Protocol-relative is not site-relative: it leaves the site, so it is made an explicit https link.
    ['//evil.example', 'https://evil.example/'],
    ['/\\evil.example', 'https://evil.example/'],
    ['/\t/evil.example', 'https://evil.example/'],
    ['javascript:alert(1)', ''],
    ['data:text/html,<b>x</b>', ''],
    ['mailto:', ''],
    ['tel:', ''],
    ['', ''],
    [null, ''],
  ])('renders %o as %o', (input, expected) => {
    expect(safeHref(input)).toBe(expected);
  });

  it.each(HOSTILE)('gives no link for the obfuscated scheme %o', (input) => {
    expect(safeHref(input)).toBe('');
  });

  it.each(MARKUP)('keeps markup %o from ever becoming a link with another scheme', (input) => {
    expect(isSafeOutput(safeHref(input), false)).toBe(true);
  });

  it('keeps every hostile value inside the allowed schemes after the browser would resolve it', () => {
    for (const input of [...HOSTILE, ...MARKUP]) {
      const href = safeHref(input);
      if (href === '') continue;
      expect(['http:', 'https:', 'mailto:', 'tel:'], input).toContain(new URL(href, 'https://site.example/').protocol);
    }
  });
});
