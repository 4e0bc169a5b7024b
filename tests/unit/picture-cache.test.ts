/** The picture cache: keys follow the bytes and every setting; entries read back whole or not at all. */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  pictureCacheKey,
  readCachedPicture,
  writeCachedPicture,
  type EncodedPicture,
} from '../../src/server/media/picture-cache.ts';

const bytes = (...values: number[]) => new Uint8Array(values);
const settings = { webp: { quality: 82, effort: 2 }, avif: { quality: 45, effort: 1 }, widths: [480, 720] };

describe('pictureCacheKey', () => {
  it('is the same for the same bytes and settings, whatever the order of the settings', () => {
    const reordered = { widths: [480, 720], avif: { effort: 1, quality: 45 }, webp: { effort: 2, quality: 82 } };
    expect(pictureCacheKey(bytes(1, 2, 3), settings)).toBe(pictureCacheKey(bytes(1, 2, 3), reordered));
    expect(pictureCacheKey(bytes(1, 2, 3), settings)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('changes with the bytes and with any setting, nested ones included', () => {
    const key = pictureCacheKey(bytes(1, 2, 3), settings);
    expect(pictureCacheKey(bytes(1, 2, 4), settings)).not.toBe(key);
    expect(pictureCacheKey(bytes(1, 2, 3), { ...settings, avif: { quality: 46, effort: 1 } })).not.toBe(key);
    expect(pictureCacheKey(bytes(1, 2, 3), { ...settings, widths: [720, 480] })).not.toBe(key);
    expect(pictureCacheKey(bytes(1, 2, 3), { ...settings, size: { width: 800, height: 800 } })).not.toBe(key);
  });
});

describe('readCachedPicture and writeCachedPicture', () => {
  let dir = '';
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  const picture: EncodedPicture = {
    picture: { data: bytes(9, 9, 9), width: 1600, height: 900 },
    variants: [
      { data: bytes(1), width: 480, height: 270 },
      { data: bytes(2), width: 720, height: 405 },
    ],
  };

  it('reads back what was written, and nothing under another key', async () => {
    dir = mkdtempSync(join(tmpdir(), 'picture-cache-'));
    const cache = join(dir, 'nested', 'pictures');
    await writeCachedPicture(cache, 'abc', picture);
    const read = await readCachedPicture(cache, 'abc', 2);
    expect(read?.picture.width).toBe(1600);
    expect([...(read?.picture.data ?? [])]).toEqual([9, 9, 9]);
    expect(read?.variants.map((v) => [v.width, [...v.data]])).toEqual([
      [480, [1]],
      [720, [2]],
    ]);
    expect(await readCachedPicture(cache, 'abd', 2)).toBeUndefined();
    // No temporary files are left beside the entry.
    expect(readdirSync(cache)).toEqual(['abc.bin']);
  });

  it('treats a damaged entry or one with the wrong number of variants as a miss', async () => {
    dir = mkdtempSync(join(tmpdir(), 'picture-cache-'));
    await writeCachedPicture(dir, 'abc', picture);
    expect(await readCachedPicture(dir, 'abc', 5)).toBeUndefined();
    writeFileSync(join(dir, 'abc.bin'), 'not an entry');
    expect(await readCachedPicture(dir, 'abc', 2)).toBeUndefined();
  });

  it('is harmless when the directory cannot be written', async () => {
    dir = mkdtempSync(join(tmpdir(), 'picture-cache-'));
    writeFileSync(join(dir, 'file'), '');
    // A path below a regular file can never be created.
    await expect(writeCachedPicture(join(dir, 'file', 'pictures'), 'abc', picture)).resolves.toBeUndefined();
    expect(await readCachedPicture(join(dir, 'file', 'pictures'), 'abc', 2)).toBeUndefined();
  });
});
