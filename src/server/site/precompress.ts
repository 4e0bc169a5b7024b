/** Brotli and gzip copies of a built site's text files, written once at build time so the server never compresses a page. */
import { readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { StepCache } from '../../lib/build/step-cache.ts';

/** Text formats; images, fonts, audio and video are compressed already. */
export const COMPRESSIBLE_EXTENSIONS = new Set([
  '.html',
  '.css',
  '.js',
  '.mjs',
  '.svg',
  '.xml',
  '.json',
  '.txt',
  '.webmanifest',
]);
/** Below this a compressed copy saves less than a network packet. */
export const MIN_PRECOMPRESS_BYTES = 1024;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The copies the site handler can serve (serveStatic `precompressed`), strongest first. */
const VARIANTS = [
  {
    suffix: '.br',
    compress: (data: Buffer) =>
      brotli(data, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 11,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: data.byteLength,
        },
      }),
  },
  { suffix: '.gz', compress: (data: Buffer) => gzipAsync(data, { level: 9 }) },
] as const;
/** zlib runs on libuv's pool of 4 threads; more at once would only queue. */
const PARALLEL = 4;

export interface PrecompressResult {
  /** Files that got at least one compressed copy. */
  files: number;
  /** Compressed copies written. */
  written: number;
  /** Bytes of the originals that got a copy, and of their brotli copies (or gzip when brotli did not help). */
  originalBytes: number;
  compressedBytes: number;
  /** Copies taken from the cache instead of compressed. */
  reused: number;
}

/** Whether a file should get compressed copies, by its name and size. */
export function shouldPrecompress(path: string, size: number): boolean {
  return size >= MIN_PRECOMPRESS_BYTES && COMPRESSIBLE_EXTENSIONS.has(extname(path).toLowerCase());
}

async function precompressFile(path: string, result: PrecompressResult, cache?: StepCache): Promise<void> {
  const info = await stat(path);
  const wanted = shouldPrecompress(path, info.size);
  const data = wanted ? await readFile(path) : null;
  let smallest = info.size;
  for (const variant of VARIANTS) {
    const target = path + variant.suffix;
    let compressed: Buffer | null = null;
    if (data) {
      const known = await cache?.get(data, variant.suffix);
      if (known) result.reused += 1;
      compressed = known ?? (await variant.compress(data));
      if (!known) await cache?.set(data, compressed, variant.suffix);
    }
    // A copy that does not shrink the file is not kept, and a stale one from an earlier build must not be served.
    if (!compressed || compressed.byteLength >= info.size) {
      await rm(target, { force: true });
      continue;
    }
    await writeFile(target, compressed);
    // Same mtime as the original, so Last-Modified and the ETag do not depend on the encoding served.
    await utimes(target, info.atimeMs / 1000, info.mtimeMs / 1000);
    result.written += 1;
    smallest = Math.min(smallest, compressed.byteLength);
  }
  if (smallest < info.size) {
    result.files += 1;
    result.originalBytes += info.size;
    result.compressedBytes += smallest;
  }
}

/**
 * Writes `<file>.br` (brotli 11) and `<file>.gz` (gzip 9) beside every compressible file of at least 1 KiB under `dir`;
 * with a `cache`, a file compressed by an earlier build gets that build's copies.
 */
export async function precompressDir(dir: string, cache?: StepCache): Promise<PrecompressResult> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const queue = entries
    .filter((entry) => entry.isFile() && COMPRESSIBLE_EXTENSIONS.has(extname(entry.name).toLowerCase()))
    .map((entry) => join(entry.parentPath, entry.name));
  const result: PrecompressResult = { files: 0, written: 0, originalBytes: 0, compressedBytes: 0, reused: 0 };
  const worker = async () => {
    for (let path = queue.pop(); path !== undefined; path = queue.pop()) await precompressFile(path, result, cache);
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  return result;
}
