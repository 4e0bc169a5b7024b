import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { mediaType } from '../../src/server/http/media-type.ts';
import { routeMethods } from '../../src/server/http/method-not-allowed.ts';
import { isCrossSite } from '../../src/server/http/same-origin.ts';
import { illFormedField, undecodableTarget } from '../../src/server/http/well-formed-text.ts';

describe('illFormedField', () => {
  it.each([
    ['plain text', 'hello', null],
    ['a surrogate pair', '\ud83d\ude00', null],
    ['a lone high surrogate', 'a\ud800', ''],
    ['a lone low surrogate', '\udc00b', ''],
    ['a pair in the wrong order', '\ude00\ud83d', ''],
    ['numbers and nulls', { a: 1, b: null, c: [true, 2.5] }, null],
    ['a nested field', { a: { b: ['x', 'y\ud800'] } }, 'a.b.1'],
    ['a bad key at the top', { '\ud800': 'x' }, ''],
    ['a bad key inside, named by its object', { a: { '\udc00': 1 } }, 'a'],
  ])('%s', (_, value, expected) => {
    expect(illFormedField(value)).toBe(expected);
  });

  it('walks nesting deeper than the call stack would allow', () => {
    const depth = 200_000;
    const value: unknown = JSON.parse(`${'['.repeat(depth)}"\\ud800"${']'.repeat(depth)}`);
    const path = illFormedField(value);
    expect(path?.split('.')).toHaveLength(depth);
  });
});

describe('undecodableTarget', () => {
  it.each([
    ['/api/search', null],
    ['/api/search?k=caf%C3%A9+cr%C3%A8me&type=blogs', null],
    ['/api/search?k=%F0%9F%98%80', null],
    ['/api/search?k=&type', null],
    ['/api/search?k=%ED%A0%80', 'K must be valid UTF-8 text.'],
    ['/api/search?type=blogs&k=%ED%BF%BF', 'K must be valid UTF-8 text.'],
    ['/api/search?k=%E0%A4%A', 'K must be valid UTF-8 text.'],
    ['/api/search?k=100%', 'K must be valid UTF-8 text.'],
    ['/api/search?k=%C0%AF', 'K must be valid UTF-8 text.'],
    ['/api/search?%ZZ=1', 'The query string must be valid UTF-8 text'],
    [`/api/search?${'n'.repeat(65)}=%FF`, 'The query string must be valid UTF-8 text'],
    ['/api/blogs/%ED%A0%80', 'The address must be valid UTF-8 text'],
  ])('%s', (target, expected) => {
    expect(undecodableTarget(target)).toBe(expected);
  });
});

describe('isCrossSite', () => {
  const ours = (origin: string) => origin === 'https://site.example';
  it.each<[string | undefined, string | undefined, boolean, string]>([
    [undefined, undefined, false, 'no browser: curl, server-to-server'],
    [undefined, 'same-origin', false, 'same origin, no Origin'],
    [undefined, 'none', false, 'typed by the user'],
    [undefined, 'cross-site', true, 'another site'],
    [undefined, 'same-site', true, 'a sibling subdomain without Origin to vouch for it'],
    ['https://site.example', 'same-origin', false, 'our origin'],
    ['https://site.example', 'cross-site', false, 'our site calling an API on another site'],
    ['https://evil.example', undefined, true, 'a foreign Origin'],
    ['https://evil.example', 'same-origin', true, 'a foreign Origin outweighs the other header'],
    ['null', undefined, true, 'an opaque origin'],
  ])('%s / %s → %s (%s)', (origin, fetchSite, expected) => {
    expect(isCrossSite(origin, fetchSite, ours)).toBe(expected);
  });
});

describe('mediaType', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['application/json', 'application/json'],
    ['Application/JSON; charset=UTF-8', 'application/json'],
    [' text/plain ;charset=utf-8', 'text/plain'],
    ['multipart/form-data; boundary=x', 'multipart/form-data'],
  ])('%s → %s', (header, expected) => {
    expect(mediaType(header)).toBe(expected);
  });
});

describe('routeMethods', () => {
  const app = new Hono()
    .use(async (_, next) => next())
    .get('/items', (c) => c.text('list'))
    .post('/items', (c) => c.text('made'))
    .get('/items/:id', (c) => c.text('one'))
    .delete('/items/:id', (c) => c.text('gone'))
    .on('PROPFIND', '/dav', (c) => c.text('props'))
    .all('*', (c) => c.text('fallback', 404));
  const methodsOf = routeMethods(() => app.routes);

  it.each([
    ['/items', ['GET', 'HEAD', 'POST']],
    ['/items/42', ['GET', 'HEAD', 'DELETE']],
    ['/dav', ['PROPFIND']],
    ['/nothing', []],
  ])('%s takes %j (middleware and catch-alls are no answer)', (path, expected) => {
    expect(methodsOf(path)).toEqual(expected);
  });
});
