/**
 * The pure rules behind media storage: byte ranges and conditional requests of GET /media/:name,
 * which objects the sweep removes, MEDIA_BASE_URL's one rule and its rewrite of API answers, S3_PREFIX, and the
 * start-up checks of the storage variables.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiAsset } from '../../src/lib/api/base.ts';
import { ifRangeHolds, isNotModified, rangeFor } from '../../src/server/media/http-conditional.ts';
import { keyPrefix } from '../../src/server/media/storage/media-storage.ts';
import { checkObjectName, type ObjectInfo } from '../../src/server/media/storage/object-store.ts';
import { orphansOf } from '../../src/server/media/storage/orphan-sweep.ts';
import { parseEnv } from '../../src/server/env.ts';
import { mediaUrl } from '../../src/shared/media-url.ts';

const ID = '0f8fad5b-d9cb-469f-a165-70867728950e';
const info = (over: Partial<ObjectInfo> = {}): ObjectInfo => ({
  name: `${ID}.webp`,
  size: 100,
  lastModified: new Date('2026-11-24T10:00:00.500Z'),
  etag: '"abc"',
  ...over,
});

describe('rangeFor', () => {
  it.each([
    [undefined, { kind: 'whole' }],
    ['bytes=0-9', { kind: 'part', range: { start: 0, end: 9 } }],
    ['bytes=90-', { kind: 'part', range: { start: 90, end: 99 } }],
    ['bytes=90-500', { kind: 'part', range: { start: 90, end: 99 } }],
    ['bytes=-10', { kind: 'part', range: { start: 90, end: 99 } }],
    ['bytes=-500', { kind: 'part', range: { start: 0, end: 99 } }],
    ['bytes=100-', { kind: 'unsatisfiable' }],
    ['bytes=-0', { kind: 'unsatisfiable' }],
    ['bytes=9-3', { kind: 'whole' }],
    ['bytes=0-1,5-6', { kind: 'whole' }],
    ['items=0-1', { kind: 'whole' }],
    ['bytes=-', { kind: 'whole' }],
  ])('answers %j on 100 bytes with %j', (header, expected) => {
    expect(rangeFor(header, 100)).toEqual(expected);
  });

  it('sends the whole object when If-Range no longer holds', () => {
    expect(rangeFor('bytes=0-9', 100, false)).toEqual({ kind: 'whole' });
  });

  it('finds nothing to send in an empty object', () => {
    expect(rangeFor('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
  });
});

describe('isNotModified and ifRangeHolds', () => {
  it('matches If-None-Match weakly, in a list, and with *', () => {
    expect(isNotModified({ ifNoneMatch: '"abc"' }, info())).toBe(true);
    expect(isNotModified({ ifNoneMatch: 'W/"abc"' }, info())).toBe(true);
    expect(isNotModified({ ifNoneMatch: '"x", "abc"' }, info())).toBe(true);
    expect(isNotModified({ ifNoneMatch: '*' }, info())).toBe(true);
    expect(isNotModified({ ifNoneMatch: '"other"' }, info())).toBe(false);
  });

  it('uses If-Modified-Since only without If-None-Match, to the second', () => {
    expect(isNotModified({ ifModifiedSince: 'Tue, 24 Nov 2026 10:00:00 GMT' }, info())).toBe(true);
    expect(isNotModified({ ifModifiedSince: 'Tue, 24 Nov 2026 09:59:59 GMT' }, info())).toBe(false);
    expect(isNotModified({ ifModifiedSince: 'not a date' }, info())).toBe(false);
    expect(isNotModified({ ifNoneMatch: '"other"', ifModifiedSince: 'Tue, 24 Nov 2026 11:00:00 GMT' }, info())).toBe(
      false,
    );
    expect(isNotModified({}, info())).toBe(false);
  });

  it('holds If-Range for the same strong ETag or the same date only', () => {
    expect(ifRangeHolds(undefined, info())).toBe(true);
    expect(ifRangeHolds('"abc"', info())).toBe(true);
    expect(ifRangeHolds('W/"abc"', info())).toBe(false);
    expect(ifRangeHolds('"old"', info())).toBe(false);
    expect(ifRangeHolds('Tue, 24 Nov 2026 10:00:00 GMT', info())).toBe(true);
    expect(ifRangeHolds('Tue, 24 Nov 2026 09:00:00 GMT', info())).toBe(false);
  });
});

describe('orphansOf', () => {
  const now = Date.parse('2026-11-24T12:00:00Z');
  const old = info({ name: 'old.webp', lastModified: new Date(now - 2 * 3600_000) });
  const fresh = info({ name: 'fresh.webp', lastModified: new Date(now - 60_000) });
  const named = info({ name: 'named.webp', lastModified: new Date(now - 5 * 3600_000) });

  it('removes every unnamed object when no grace is asked for (local storage)', () => {
    expect(orphansOf([old, fresh, named], new Set(['named.webp']), 0, now).map((o) => o.name)).toEqual([
      'old.webp',
      'fresh.webp',
    ]);
  });

  it('keeps unnamed objects younger than the grace (shared storage)', () => {
    expect(orphansOf([old, fresh, named], new Set(['named.webp']), 3600_000, now).map((o) => o.name)).toEqual([
      'old.webp',
    ]);
  });
});

describe('mediaUrl and the rewrite of API answers', () => {
  it('moves a stored media path under the base, and leaves everything else alone', () => {
    expect(mediaUrl(`/media/${ID}.webp`, undefined)).toBe(`/media/${ID}.webp`);
    expect(mediaUrl(`/media/${ID}.webp`, 'https://cdn.example.com/media/')).toBe(
      `https://cdn.example.com/media/${ID}.webp`,
    );
    expect(mediaUrl(`/media/${ID}-w480.avif`, 'https://cdn.example.com/site-a/media')).toBe(
      `https://cdn.example.com/site-a/media/${ID}-w480.avif`,
    );
    expect(mediaUrl('/logo.png', 'https://cdn.example.com/media')).toBe('/logo.png');
    expect(mediaUrl('https://i.ytimg.com/vi/x/hq.jpg', 'https://cdn.example.com/media')).toBe(
      'https://i.ytimg.com/vi/x/hq.jpg',
    );
  });
});

describe('apiAsset', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('puts stored media under the media base when the build defines one, else on the API origin', () => {
    vi.stubEnv('PUBLIC_API_URL', 'https://api.example.com/');
    expect(apiAsset(`/media/${ID}.webp`)).toBe(`https://api.example.com/media/${ID}.webp`);
    vi.stubEnv('PUBLIC_MEDIA_BASE_URL', 'https://cdn.example.com/media');
    expect(apiAsset(`/media/${ID}.webp`)).toBe(`https://cdn.example.com/media/${ID}.webp`);
    expect(apiAsset('/logo.png')).toBe('/logo.png');
    expect(apiAsset(`https://cdn.example.com/media/${ID}.webp`)).toBe(`https://cdn.example.com/media/${ID}.webp`);
  });
});

describe('storage names and settings', () => {
  it('takes plain file names only', () => {
    expect(checkObjectName(`${ID}.webp`)).toBe(`${ID}.webp`);
    expect(checkObjectName(`.${ID}.webp.tmp`)).toBe(`.${ID}.webp.tmp`);
    for (const bad of ['', '.', '..', '../x', 'a/b', 'a\\b', 'x y', '%2e%2e'])
      expect(() => checkObjectName(bad)).toThrow(/Not a storable object name/);
  });

  it('normalises S3_PREFIX to nothing or one trailing slash', () => {
    expect(keyPrefix(undefined)).toBe('');
    expect(keyPrefix('site-a')).toBe('site-a/');
    expect(keyPrefix('/site-a/x//')).toBe('site-a/x/');
  });

  it('defaults to local storage and refuses a half-made S3 configuration with a clear message', () => {
    expect(parseEnv({}).MEDIA_STORAGE).toBe('local');
    expect(() => parseEnv({ MEDIA_STORAGE: 's3' })).toThrow(/S3_BUCKET: is required when MEDIA_STORAGE=s3/);
    expect(() => parseEnv({ MEDIA_STORAGE: 's3', S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'key' })).toThrow(
      /S3_SECRET_ACCESS_KEY: is required with the other S3 key/,
    );
    expect(() => parseEnv({ MEDIA_STORAGE: 'ftp' })).toThrow(/MEDIA_STORAGE/);
    expect(() => parseEnv({ MEDIA_STORAGE: 's3', S3_BUCKET: 'No_Such Bucket' })).toThrow(
      /S3_BUCKET: must be an S3 bucket name/,
    );
    expect(() => parseEnv({ MEDIA_BASE_URL: 'not a url' })).toThrow(/MEDIA_BASE_URL/);
    const env = parseEnv({
      MEDIA_STORAGE: 'S3',
      S3_BUCKET: 'media',
      S3_FORCE_PATH_STYLE: 'true',
      S3_PREFIX: 'site-a/',
      MEDIA_BASE_URL: 'https://cdn.example.com/media',
    });
    expect(env).toMatchObject({
      MEDIA_STORAGE: 's3',
      S3_BUCKET: 'media',
      S3_FORCE_PATH_STYLE: true,
      S3_PREFIX: 'site-a/',
      MEDIA_BASE_URL: 'https://cdn.example.com/media',
    });
    expect(parseEnv({}).S3_FORCE_PATH_STYLE).toBe(false);
  });
});
