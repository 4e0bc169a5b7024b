/**
 * An Astro integration: brotli and gzip copies of the built site's text files, written on `astro:build:done`; a file
 * as in the last build gets that build's copies from the step cache in Astro's cacheDir.
 */
import type { AstroIntegration } from 'astro';
import { fileURLToPath } from 'node:url';
import { openStepCache, sourceOf } from '../lib/build/step-cache.ts';
import { precompressDir } from '../server/site/precompress.ts';

export default function precompress(): AstroIntegration {
  let cacheDir: URL | undefined;
  return {
    name: 'company-site:precompress',
    hooks: {
      'astro:config:done': ({ config }) => {
        cacheDir = config.cacheDir;
      },
      'astro:build:done': async ({ dir, logger }) => {
        if (!cacheDir) throw new Error('astro:config:done did not name the cacheDir');
        const started = Date.now();
        const cache = await openStepCache(
          fileURLToPath(new URL('precompress/', cacheDir)),
          await sourceOf(new URL('../server/site/precompress.ts', import.meta.url)),
        );
        const { files, written, reused, originalBytes, compressedBytes } = await precompressDir(
          fileURLToPath(dir),
          cache,
        );
        await cache.prune();
        const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
        logger.info(
          `${written} compressed copies of ${files} files, ${reused} as in the last build (${kib(originalBytes)} to ${kib(compressedBytes)}) in ${Date.now() - started} ms`,
        );
      },
    },
  };
}
