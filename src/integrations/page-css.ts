/**
 * An Astro integration: on `astro:build:done`, each built page keeps only the CSS it can use (src/lib/build/page-css.ts).
 * A page Astro wrote as in the last build gets the last build's result from the step cache in Astro's cacheDir, and a
 * page whose selectors' words are as in the last build gets that build's trimmed styles.
 */
import type { AstroIntegration } from 'astro';
import { existsSync, readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { newTrimCache, trimPageCss } from '../lib/build/page-css.ts';
import { openStepCache, sourceOf } from '../lib/build/step-cache.ts';

/** Pages worked on at once; file reads and writes run on libuv's pool of 4 threads. */
const PARALLEL = 4;

export default function pageCss(): AstroIntegration {
  let cacheDir: URL | undefined;
  return {
    name: 'company-site:page-css',
    hooks: {
      'astro:config:done': ({ config }) => {
        cacheDir = config.cacheDir;
      },
      'astro:build:done': async ({ dir, assets, logger }) => {
        if (!cacheDir) throw new Error('astro:config:done did not name the cacheDir');
        const root = fileURLToPath(dir);
        const scripts = new Map<string, string | null>();
        const readScript = (urlPath: string) => {
          const known = scripts.get(urlPath);
          if (known !== undefined) return known;
          const file = join(root, urlPath);
          const code = file.startsWith(root) && existsSync(file) ? readFileSync(file, 'utf8') : null;
          scripts.set(urlPath, code);
          return code;
        };
        const files = [
          ...new Set(
            [...assets.values()]
              .flat()
              .map((url) => fileURLToPath(url))
              .filter((f) => f.endsWith('.html')),
          ),
        ];
        const version = await sourceOf(new URL('../lib/build/page-css.ts', import.meta.url));
        const steps = await openStepCache(fileURLToPath(new URL('page-css/', cacheDir)), version);
        // A page whose HTML changed may still have the words its selectors test unchanged: its styles' trim is kept apart.
        const styles = await openStepCache(fileURLToPath(new URL('page-css-styles/', cacheDir)), version);
        const cache = newTrimCache(styles);
        const started = Date.now();
        let before = 0;
        let after = 0;
        let reused = 0;
        const trimFile = async (file: string) => {
          // Bytes, not text: a page as in the last build is hashed and written back without being decoded.
          const page = await readFile(file);
          let trimmed = await steps.get(page);
          if (trimmed) reused++;
          else {
            trimmed = Buffer.from(await trimPageCss(page.toString(), readScript, cache));
            await steps.set(page, trimmed);
          }
          before += page.byteLength;
          after += trimmed.byteLength;
          if (!trimmed.equals(page)) await writeFile(file, trimmed);
        };
        // A few at once: a page found in the cache waits on the disk, not on the processor.
        const queue = [...files];
        const worker = async () => {
          for (let file = queue.pop(); file !== undefined; file = queue.pop()) await trimFile(file);
        };
        await Promise.all(Array.from({ length: PARALLEL }, worker));
        await Promise.all([steps.prune(), styles.prune()]);
        const kib = (n: number) => `${(n / 1024).toFixed(0)} KiB`;
        logger.info(
          `CSS trimmed to each page's use in ${files.length} pages, ${reused} as in the last build; ${cache.trimmed.size} trims for the others, ${cache.storedHits} of them kept from the last build (${kib(before)} to ${kib(after)}) in ${Date.now() - started} ms`,
        );
      },
    },
  };
}
