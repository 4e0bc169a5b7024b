/** An Astro integration: brotli and gzip copies of the built site's text files, written on `astro:build:done`. */
import type { AstroIntegration } from 'astro';
import { fileURLToPath } from 'node:url';
import { precompressDir } from '../server/site/precompress.ts';

export default function precompress(): AstroIntegration {
  return {
    name: 'company-site:precompress',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const started = Date.now();
        const { files, written, originalBytes, compressedBytes } = await precompressDir(fileURLToPath(dir));
        const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
        logger.info(
          `${written} compressed copies of ${files} files (${kib(originalBytes)} to ${kib(compressedBytes)}) in ${Date.now() - started} ms`,
        );
      },
    },
  };
}
