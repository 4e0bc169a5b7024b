import { describe, expect, it } from 'vitest';
import { pickEncoding } from '../../src/server/http/compress.ts';
import { fileEtag, isNotModified } from '../../src/server/http/conditional.ts';

describe('pickEncoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['identity', null],
    ['gzip, deflate, br', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['deflate', null],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['br;q=0.8, gzip;q=0.8', 'br'],
    ['*', 'br'],
    ['*;q=0.1, br;q=0', 'gzip'],
    ['GZIP', 'gzip'],
  ])('%s → %s', (header, expected) => {
    expect(pickEncoding(header)).toBe(expected);
  });
});

describe('isNotModified', () => {
  const current = { etag: 'W/"a1-ff"', lastModified: 'Sun, 22 Nov 2026 10:00:00 GMT' };

  it.each([
    [{ ifNoneMatch: 'W/"a1-ff"' }, true],
    [{ ifNoneMatch: '"a1-ff"' }, true],
    [{ ifNoneMatch: '"other", W/"a1-ff"' }, true],
    [{ ifNoneMatch: '*' }, true],
    [{ ifNoneMatch: '"other"' }, false],
    [{ ifModifiedSince: 'Sun, 22 Nov 2026 10:00:00 GMT' }, true],
    [{ ifModifiedSince: 'Sun, 22 Nov 2026 11:00:00 GMT' }, true],
    [{ ifModifiedSince: 'Sun, 22 Nov 2026 09:59:59 GMT' }, false],
    [{ ifModifiedSince: 'not a date' }, false],
    // If-None-Match wins: a stale tag is not rescued by a recent date.
    [{ ifNoneMatch: '"other"', ifModifiedSince: 'Sun, 22 Nov 2026 11:00:00 GMT' }, false],
    [{}, false],
  ])('%o → %s', (request, expected) => {
    expect(isNotModified(request, current)).toBe(expected);
  });

  it('never matches without a validator', () => {
    expect(isNotModified({ ifNoneMatch: '*' }, {})).toBe(false);
    expect(isNotModified({ ifModifiedSince: 'Sun, 22 Nov 2026 10:00:00 GMT' }, {})).toBe(false);
  });
});

describe('fileEtag', () => {
  it('is weak and changes with size and modification time', () => {
    expect(fileEtag(4096, 1_800_000_000_123.7)).toBe('W/"1000-1a3185c507b"');
    expect(fileEtag(4096, 1_800_000_000_124)).not.toBe(fileEtag(4096, 1_800_000_000_123));
    expect(fileEtag(4097, 1_800_000_000_123)).not.toBe(fileEtag(4096, 1_800_000_000_123));
  });
});
