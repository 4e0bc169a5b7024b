/**
 * Cross-site writes are refused (security.md R57): a page on another site could otherwise make its visitors' browsers
 * post to the API (login guesses, a sign-out), since a form or `no-cors` fetch needs no CORS permission to send.
 *
 * Not hono/csrf: it checks only form-like Content-Types (a cross-site `application/json` post with a foreign Origin
 * passes it), refuses requests that carry neither header (curl, server-to-server), and answers in plain text.
 */
import type { MiddlewareHandler } from 'hono';
import { ApiError } from './errors.ts';

/** Methods that change nothing (RFC 9110 9.2.1); every other method is a write. */
export const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE']);

/**
 * Whether a write comes from a page of another site. A browser sends Origin on every write, so Origin decides when
 * present (an allowed one passes even as `cross-site`: with PUBLIC_API_URL on another site, SITE_URL's pages call it
 * so, R56). Without it, Sec-Fetch-Site must not name another site; with neither header the caller is no browser.
 */
export function isCrossSite(
  origin: string | undefined,
  fetchSite: string | undefined,
  allowed: (origin: string) => boolean,
): boolean {
  if (origin !== undefined) return !allowed(origin);
  return fetchSite === 'cross-site' || fetchSite === 'same-site';
}

/** Refuses cross-site writes with 403; the site's own origin (SITE_URL's) and the request's own origin pass. */
export function sameOriginWrites(siteUrl: string): MiddlewareHandler {
  const site = new URL(siteUrl).origin;
  return async (c, next) => {
    if (!SAFE_METHODS.has(c.req.method)) {
      const allowed = (origin: string) => origin === site || origin === new URL(c.req.url).origin;
      if (isCrossSite(c.req.header('origin'), c.req.header('sec-fetch-site'), allowed)) {
        throw new ApiError(403, 'Cross-site requests are not allowed');
      }
    }
    await next();
  };
}
