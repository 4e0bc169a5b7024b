/**
 * Serves the built static site: the precompressed copy the client accepts, validators and 304s,
 * hashed assets cached for a year, pages revalidated, unknown paths answered with 404.html.
 */
import { stat } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, MiddlewareHandler } from 'hono';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress';
import { isListDataPath } from '../../shared/list-data-path.ts';
import { redirectPath } from '../../shared/redirect-path.ts';
import type { AppEnv } from '../app-env.ts';
import { fileEtag, isNotModified } from '../http/conditional.ts';
import { pagePolicy } from './page-csp.ts';

export interface SiteSource {
  /** The directory of the built site currently served, or null while the first build runs. */
  current(): string | null;
  /**
   * Called before current(): waits out a swap of the directory and counts the request as reading it until the
   * returned function is called (site-swap.ts), so no file moves under a request.
   */
  use?(): Promise<() => void>;
  /** Whether a blog with this slug exists now (for posts newer than the build). */
  blogExists?(slug: string): Promise<boolean>;
  /** Whether a published product with this slug exists now (for products newer than the build). */
  productExists?(slug: string): Promise<boolean>;
  /** Where an old address (redirectPath's form) leads now: an imported site's old links (redirects table). */
  redirectFor?(path: string): Promise<string | null>;
}

/** A draft's preview page: its address carries the signed link, so no cache keeps it and no search engine lists it. */
const PREVIEW_PAGE = /^\/preview\/?$/;

/**
 * Astro puts content-hashed files under /_astro/, the lists' data files are named by their hash; anything else may
 * change on the next build. The preview page is never stored.
 */
function cacheControl(path: string): string {
  if (PREVIEW_PAGE.test(path)) return 'private, no-store';
  return path.startsWith('/_astro/') || isListDataPath(path)
    ? 'public, max-age=31536000, immutable'
    : 'public, max-age=0, must-revalidate';
}

const NEW_BLOG = /^\/blogs\/([a-z0-9]+(?:-[a-z0-9]+)*)\/?$/;
const NEW_PRODUCT = /^\/shop\/([a-z0-9]+(?:-[a-z0-9]+)*)\/?$/;
const FALLBACK_404 = '<!doctype html><title>404 - Page Not Found</title><h1>404 - Page Not Found</h1>';
/** What a 304 repeats of the 200 it stands for (RFC 9110 15.4.5). */
const KEPT_ON_304 = ['cache-control', 'content-location', 'etag', 'expires', 'vary'];
const VARY_ACCEPT_ENCODING = /(?:^|,)\s*(?:accept-encoding|\*)\s*(?:,|$)/i;

/** The file serveStatic picked for a request (`x.html.br` when it sent the brotli copy). */
const servedFiles = new WeakMap<Context, string>();

/** The app's context as the site's handlers see it (the app mounts them on every path). */
type SiteContext = Context<AppEnv, string>;

interface Servers {
  root: string;
  /** The request path under root. */
  byPath: MiddlewareHandler;
  notFound: MiddlewareHandler;
  blogView: MiddlewareHandler;
  productView: MiddlewareHandler;
}

function serversFor(root: string): Servers {
  const options = { root, precompressed: true, onFound: (path: string, c: Context) => void servedFiles.set(c, path) };
  return {
    root,
    byPath: serveStatic(options),
    notFound: serveStatic({ ...options, path: '404.html' }),
    blogView: serveStatic({ ...options, path: 'blog-view/index.html' }),
    productView: serveStatic({ ...options, path: 'product-view/index.html' }),
  };
}

/** Runs one serveStatic; a miss comes back as null instead of falling through to the app. */
async function serve(c: SiteContext, server: MiddlewareHandler): Promise<{ res: Response; file: string } | null> {
  // The next handler: none, so that a miss answers nothing.
  const res = await server(c, () => Promise.resolve());
  const file = servedFiles.get(c);
  servedFiles.delete(c);
  return res instanceof Response && file ? { res, file } : null;
}

/** Headers every served file gets: caching, the page CSP, Vary for text that has compressed copies. */
async function decorate(res: Response, file: string, cache: string): Promise<void> {
  res.headers.set('Cache-Control', cache);
  const original = file.replace(/\.(br|gz|zst)$/, '');
  if (original.endsWith('.html')) {
    const policy = await pagePolicy(original).catch(() => null);
    if (policy) res.headers.set('Content-Security-Policy', policy);
  }
  // Whichever copy went out, another client may get another one for the same URL.
  const vary = res.headers.get('Vary');
  if (
    COMPRESSIBLE_CONTENT_TYPE_REGEX.test(res.headers.get('Content-Type') ?? '') &&
    !(vary && VARY_ACCEPT_ENCODING.test(vary))
  ) {
    res.headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
  }
}

/** Adds an ETag and answers 304 when the client's copy is current, so a revalidation costs no body. */
async function validated(c: SiteContext, res: Response, file: string): Promise<Response> {
  const info = await stat(file).catch(() => null);
  if (!info) return res;
  res.headers.set('ETag', fileEtag(info.size, info.mtimeMs));
  const current = { etag: res.headers.get('ETag'), lastModified: res.headers.get('Last-Modified') };
  if (
    !isNotModified(
      { ifNoneMatch: c.req.header('If-None-Match'), ifModifiedSince: c.req.header('If-Modified-Since') },
      current,
    )
  )
    return res;
  // HEAD answers carry no body; GET ones hold an open file stream that must be closed.
  if (c.req.method !== 'HEAD') await res.body?.cancel();
  const headers = new Headers();
  for (const name of KEPT_ON_304) {
    const value = res.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  return new Response(null, { status: 304, headers });
}

/** The reader page for a blog post or a product created since the build, or null when the path names neither. */
async function newerThanBuild(c: SiteContext, site: SiteSource, servers: Servers): Promise<Response | null> {
  const blog = NEW_BLOG.exec(c.req.path)?.[1];
  const product = NEW_PRODUCT.exec(c.req.path)?.[1];
  const server =
    blog && (await site.blogExists?.(blog))
      ? servers.blogView
      : product && (await site.productExists?.(product))
        ? servers.productView
        : null;
  const reader = server ? await serve(c, server) : null;
  if (!reader) return null;
  await decorate(reader.res, reader.file, 'no-cache');
  return validated(c, reader.res, reader.file);
}

/** A 301 to where the request's path leads now, or null when it leads nowhere. */
async function movedTo(c: SiteContext, site: SiteSource): Promise<Response | null> {
  const path = site.redirectFor ? redirectPath(c.req.path) : null;
  const to = path ? await site.redirectFor?.(path) : null;
  if (!to) return null;
  const query = new URL(c.req.url).search;
  return new Response(null, {
    status: 301,
    // A day: long enough to spare the server, short enough that an address the admin reuses comes back.
    headers: { Location: `${to}${query}`, 'Cache-Control': 'public, max-age=86400' },
  });
}

/** The request's file from one build directory, or that build's 404 page. */
async function answer(c: SiteContext, site: SiteSource, servers: Servers): Promise<Response> {
  const found = await serve(c, servers.byPath);
  if (found) {
    await decorate(found.res, found.file, cacheControl(c.req.path));
    // Its address holds the link: no search engine lists it (and no link on it hands the address on: app.ts).
    if (PREVIEW_PAGE.test(c.req.path)) found.res.headers.set('X-Robots-Tag', 'noindex, nofollow');
    return found.res.status === 200 || found.res.status === 206 ? validated(c, found.res, found.file) : found.res;
  }
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return c.json({ message: 'Not found' }, 404);
  // An address of the site this one replaced leads to its item's new one, for good (only where no page answers now).
  const moved = await movedTo(c, site);
  if (moved) return moved;
  // A post or product newer than the build opens in its reader page, which loads it from the API (or shows not-found).
  const reader = await newerThanBuild(c, site, servers);
  if (reader) return reader;
  const page = await serve(c, servers.notFound);
  if (!page) return c.html(FALLBACK_404, 404, { 'Cache-Control': 'no-cache' });
  await decorate(page.res, page.file, 'no-cache');
  return new Response(page.res.body, { status: 404, headers: page.res.headers });
}

/** Calls `release` once the answer has gone out (or the client went away): its file is open by then. */
function releaseAfterAnswer(c: SiteContext, release: () => void): void {
  // The node:http response, when the app runs under @hono/node-server; app.request has none.
  const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
  if (outgoing && !outgoing.closed) outgoing.once('close', release);
  else release();
}

export function siteHandler(site: SiteSource) {
  let latest: Servers | null = null;
  return async (c: SiteContext) => {
    const release = await site.use?.();
    try {
      const root = site.current();
      if (!root) {
        c.header('Retry-After', '5');
        return c.text('The site is being built, please retry in a few seconds.', 503);
      }
      // Kept per request, so one answer never mixes two builds' directories.
      const servers = latest?.root === root ? latest : (latest = serversFor(root));
      return await answer(c, site, servers);
    } finally {
      if (release) releaseAfterAnswer(c, release);
    }
  };
}
