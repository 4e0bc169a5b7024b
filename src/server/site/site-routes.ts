/** Serves the built static site: hashed assets cached for a year, pages revalidated, unknown paths get 404.html. */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context } from 'hono';
import { pagePolicy } from './page-csp.ts';

export interface SiteSource {
  /** The directory of the built site currently served, or null while the first build runs. */
  current(): string | null;
  /** Whether a blog with this slug exists now (for posts newer than the build). */
  blogExists?(slug: string): Promise<boolean>;
}

/** Astro puts content-hashed files under /_astro/; everything else may change on the next build. */
function cacheControl(path: string): string {
  return path.startsWith('/_astro/') ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate';
}

async function pageHeaders(headers: Headers, file: string) {
  const policy = await pagePolicy(file);
  if (policy) headers.set('Content-Security-Policy', policy);
}

const NEW_BLOG = /^\/blogs\/([a-z0-9]+(?:-[a-z0-9]+)*)\/?$/;

export function siteHandler(site: SiteSource) {
  return async (c: Context) => {
    const root = site.current();
    if (!root) {
      c.header('Retry-After', '5');
      return c.text('The site is being built, please retry in a few seconds.', 503);
    }
    let file = '';
    // A no-op next: a miss must come back here as undefined, not fall through to the app.
    const served = await serveStatic({ root, precompressed: true, onFound: (path) => void (file = path) })(c, async () => {});
    if (served) {
      served.headers.set('Cache-Control', cacheControl(c.req.path));
      const page = file.replace(/\.(br|gz|zst)$/, '');
      if (page.endsWith('.html')) await pageHeaders(served.headers, page).catch(() => undefined);
      return served;
    }
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return c.json({ message: 'Not found' }, 404);
    // A post newer than the build opens in the blog reader page, which loads it from the API (or shows not-found).
    const slug = NEW_BLOG.exec(c.req.path)?.[1];
    if (slug && (await site.blogExists?.(slug))) {
      const reader = join(root, 'blog-view', 'index.html');
      const html = await readFile(reader, 'utf8').catch(() => null);
      if (html !== null) {
        const res = c.html(html, 200);
        res.headers.set('Cache-Control', 'no-cache');
        await pageHeaders(res.headers, reader).catch(() => undefined);
        return res;
      }
    }
    const notFoundFile = join(root, '404.html');
    const html = await readFile(notFoundFile, 'utf8').catch(() => '<!doctype html><title>404 - Page Not Found</title><h1>404 - Page Not Found</h1>');
    const res = c.html(html, 404);
    res.headers.set('Cache-Control', 'no-cache');
    await pageHeaders(res.headers, notFoundFile).catch(() => undefined);
    return res;
  };
}
