/** What a counted page view keeps: the normalised path, the referrer's host, and who is not counted. */
import { describe, expect, it } from 'vitest';
import { visitorHash } from '../../src/server/modules/analytics/analytics.service.ts';
import {
  isBot,
  isExcludedPath,
  normalisePath,
  optsOut,
  PATH_MAX,
  referrerHost,
  siteHostOf,
} from '../../src/server/modules/analytics/view-rules.ts';

describe('the path counted', () => {
  it.each([
    ['/', '/'],
    ['/contact', '/contact'],
    ['/contact/', '/contact'],
    ['/shop/lamp?colour=red#reviews', '/shop/lamp'],
    ['/blogs/caf%C3%A9', '/blogs/café'],
    ['//blogs///post/', '/blogs/post'],
    ['/search?q=/admin', '/search'],
    ['/Shop/Lamp', '/Shop/Lamp'],
  ])('%j is counted as %j', (raw, expected) => {
    expect(normalisePath(raw)).toBe(expected);
  });

  it.each([
    ['no leading slash', 'contact'],
    ['a full URL', 'https://evil.example/contact'],
    ['empty', ''],
    ['a query only', '?x=1'],
    ['bad percent-encoding', '/blogs/%E0%A4%A'],
    ['an encoded control character', '/blogs/a%0Ab'],
    ['a NUL', '/blogs/a\u0000b'],
    ['dot segments', '/shop/../admin'],
    ['encoded dot segments', '/shop/%2E%2E/admin'],
    ['too long', `/${'a'.repeat(PATH_MAX)}`],
  ])('is none for %s', (_, raw) => {
    expect(normalisePath(raw)).toBeNull();
  });

  it('may be as long as the cap', () => {
    const path = `/${'a'.repeat(PATH_MAX - 1)}`;
    expect(normalisePath(path)).toBe(path);
  });

  it.each([
    '/admin',
    '/admin/',
    '/admin/store',
    '/admin-dashboard',
    '/ADMIN/orders',
    '/api',
    '/api/analytics',
    '/analytics',
    '/analytics/',
    '/settings',
    '/settings/profile',
    '/messages',
    '/messages/42',
    '/reset-password',
    '/reset-password/',
    '/accept-invitation',
    '/orders/view',
    '/orders/view/',
    '/newsletter/confirm',
    '/newsletter/unsubscribe',
    '/newsletter',
  ])('%j is never counted', (raw) => {
    expect(normalisePath(raw)).toBeNull();
  });

  it('counts pages whose names only begin like an excluded one', () => {
    for (const path of ['/apiary', '/analytics-guide', '/messages-from-us', '/orders', '/settingsx', '/newsletters']) {
      expect(isExcludedPath(path), path).toBe(false);
      expect(normalisePath(path)).toBe(path);
    }
  });
});

describe('the referrer kept', () => {
  const site = siteHostOf('https://www.northwind.example');

  it('is only the host, lower case, without www.', () => {
    expect(site).toBe('northwind.example');
    expect(referrerHost('https://News.Example.com/story?id=7&user=ada#top', site)).toBe('news.example.com');
    expect(referrerHost('http://www.search.example/?q=lamps', site)).toBe('search.example');
    expect(referrerHost('https://user:secret@forum.example:8443/t/1', site)).toBe('forum.example');
  });

  it("is '' for none, this site, or anything but an http(s) URL", () => {
    expect(referrerHost('', site)).toBe('');
    expect(referrerHost('https://northwind.example/shop', site)).toBe('');
    expect(referrerHost('https://www.northwind.example/', site)).toBe('');
    expect(referrerHost('android-app://com.example', site)).toBe('');
    expect(referrerHost('javascript:alert(1)', site)).toBe('');
    expect(referrerHost('not a url', site)).toBe('');
    expect(referrerHost(`https://${'a'.repeat(250)}.example/`, site)).toBe('');
  });

  it("of a site URL that is no URL is ''", () => {
    expect(siteHostOf('nonsense')).toBe('');
  });
});

describe('who is not counted', () => {
  it.each([
    ['Googlebot', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'],
    ['Bingbot', 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)'],
    [
      'a headless browser',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
    ],
    [
      'Lighthouse',
      'Mozilla/5.0 (Linux; Android 11) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36 Chrome-Lighthouse',
    ],
    ['a link preview', 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)'],
    ['curl', 'curl/8.5.0'],
    ['python', 'python-requests/2.31.0'],
    ['Node fetch', 'node'],
    ['an empty user agent', ''],
    ['blank', '   '],
    ['none', undefined],
  ])('%s is a bot', (_, ua) => {
    expect(isBot(ua)).toBe(true);
  });

  it.each([
    [
      'Chrome',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    ],
    ['Firefox', 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0'],
    [
      'Safari on an iPhone',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
    ],
  ])('%s is a person', (_, ua) => {
    expect(isBot(ua)).toBe(false);
  });

  it('asks not to be tracked with DNT: 1 or Sec-GPC: 1', () => {
    expect(optsOut('1', undefined)).toBe(true);
    expect(optsOut(undefined, '1')).toBe(true);
    expect(optsOut('0', '0')).toBe(false);
    expect(optsOut(undefined, undefined)).toBe(false);
  });
});

describe('the visitor hash', () => {
  it('is the same for the same salt, address and browser, and differs when any of them does', () => {
    const a = visitorHash('salt-1', '203.0.113.5', 'Firefox');
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(visitorHash('salt-1', '203.0.113.5', 'Firefox')).toBe(a);
    expect(visitorHash('salt-2', '203.0.113.5', 'Firefox')).not.toBe(a);
    expect(visitorHash('salt-1', '203.0.113.6', 'Firefox')).not.toBe(a);
    expect(visitorHash('salt-1', '203.0.113.5', 'Chrome')).not.toBe(a);
  });
});
