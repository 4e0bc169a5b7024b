import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { openStepCache } from '../../src/lib/build/step-cache.ts';
import { precompressDir, shouldPrecompress } from '../../src/server/site/precompress.ts';

const text = (kib: number) =>
  '<p>The quick brown fox jumps over the lazy dog.</p>\n'.repeat(Math.ceil((kib * 1024) / 52));

describe('shouldPrecompress', () => {
  it.each([
    ['index.html', 2048, true],
    ['_astro/app.Ab12.js', 4096, true],
    ['_astro/style.CSS', 4096, true],
    ['feed.xml', 1024, true],
    ['site.webmanifest', 5000, true],
    ['tiny.html', 1023, false],
    ['photo.webp', 50_000, false],
    ['font.woff2', 50_000, false],
    ['logo.png', 50_000, false],
    ['index.html.br', 5000, false],
  ])('%s of %i bytes: %s', (path, size, expected) => {
    expect(shouldPrecompress(path, size)).toBe(expected);
  });
});

describe('precompressDir', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'precompress-'));
    mkdirSync(join(dir, '_astro'));
    mkdirSync(join(dir, 'about'));
    writeFileSync(join(dir, 'index.html'), text(8));
    writeFileSync(join(dir, 'about', 'index.html'), text(2));
    writeFileSync(join(dir, '_astro', 'app.Ab12.js'), `export const words = ${JSON.stringify(text(4))};`);
    writeFileSync(join(dir, 'small.css'), 'body{margin:0}');
    writeFileSync(join(dir, 'photo.webp'), Buffer.alloc(4096, 7));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes .br and .gz copies that decode to the original, with its mtime', async () => {
    const result = await precompressDir(dir);
    expect(result).toMatchObject({ files: 3, written: 6 });
    expect(result.compressedBytes).toBeLessThan(result.originalBytes);
    for (const file of ['index.html', 'about/index.html', '_astro/app.Ab12.js']) {
      const original = readFileSync(join(dir, file));
      expect(brotliDecompressSync(readFileSync(join(dir, `${file}.br`)))).toEqual(original);
      expect(gunzipSync(readFileSync(join(dir, `${file}.gz`)))).toEqual(original);
      expect(Math.floor(statSync(join(dir, `${file}.br`)).mtimeMs)).toBe(Math.floor(statSync(join(dir, file)).mtimeMs));
    }
  });

  it('skips images and files under 1 KiB', async () => {
    await precompressDir(dir);
    for (const file of ['small.css', 'photo.webp']) {
      expect(existsSync(join(dir, `${file}.br`)), file).toBe(false);
      expect(existsSync(join(dir, `${file}.gz`)), file).toBe(false);
    }
  });

  it('keeps no copy that would not be smaller, and removes a stale one', async () => {
    // Random bytes do not compress; a copy left from an earlier build must not survive either.
    writeFileSync(
      join(dir, 'noise.txt'),
      Buffer.from(Array.from({ length: 4096 }, () => Math.floor(Math.random() * 256))),
    );
    writeFileSync(join(dir, 'noise.txt.br'), 'stale');
    await precompressDir(dir);
    expect(existsSync(join(dir, 'noise.txt.br'))).toBe(false);
    expect(existsSync(join(dir, 'noise.txt.gz'))).toBe(false);
  });

  it("with a cache, gives a file another build compressed that build's copies, and compresses a changed file", async () => {
    const cacheDir = mkdtempSync(join(tmpdir(), 'precompress-cache-'));
    onTestFinished(() => rmSync(cacheDir, { recursive: true, force: true }));
    const cache = await openStepCache(cacheDir, 'v1');
    expect((await precompressDir(dir, cache)).reused).toBe(0);
    const copies = readFileSync(join(dir, 'index.html.br'));
    rmSync(join(dir, 'index.html.br'));
    writeFileSync(join(dir, 'about', 'index.html'), text(3));
    const again = await precompressDir(dir, cache);
    expect(again).toMatchObject({ files: 3, written: 6, reused: 4 });
    expect(readFileSync(join(dir, 'index.html.br'))).toEqual(copies);
    expect(brotliDecompressSync(readFileSync(join(dir, 'about', 'index.html.br')))).toEqual(
      readFileSync(join(dir, 'about', 'index.html')),
    );
  });
});
