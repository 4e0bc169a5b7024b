/** Serves the built static site: hashed assets cached for a year, pages revalidated, unknown paths get 404.html. */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context } from 'hono';

export interface SiteSource {
  /** The directory of the built site currently served, or null while the first build runs. */
  current(): string | null;
}

/** Astro puts content-hashed files under /_astro/; everything else may change on the next build. */
function cacheControl(path: string): string {
  return path.startsWith('/_astro/') ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate';
}

export function siteHandler(site: SiteSource) {
  return async (c: Context) => {
    const root = site.current();
    if (!root) {
      c.header('Retry-After', '5');
      return c.text('The site is being built, please retry in a few seconds.', 503);
    }
    // A no-op next: a miss must come back here as undefined, not fall through to the app.
    const served = await serveStatic({ root, precompressed: true })(c, async () => {});
    if (served) {
      served.headers.set('Cache-Control', cacheControl(c.req.path));
      return served;
    }
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return c.json({ message: 'Not found' }, 404);
    const html = await readFile(join(root, '404.html'), 'utf8').catch(() => '<!doctype html><title>404 - Page Not Found</title><h1>404 - Page Not Found</h1>');
    c.header('Cache-Control', 'no-cache');
    return c.html(html, 404);
  };
}
