/**
 * Cross-site writes are refused (security.md R57): a page on another site could otherwise make its visitors' browsers
 * post to the API (login guesses, a sign-out), since a form or `no-cors` fetch needs no CORS permission to send.
 *
 * Not hono/csrf: it checks only form-like Content-Types (a cross-site `application/json` post with a foreign Origin
 * passes it), refuses requests that carry neither header (curl, server-to-server), and answers in plain text.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { ApiError } from './errors.ts';
import { mediaType } from './media-type.ts';

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

/** The List-Unsubscribe address of newsletter mail (modules/newsletter), with the mail's token in its query. */
export const ONE_CLICK_UNSUBSCRIBE_PATH = '/api/newsletter/unsubscribe';

/**
 * A one-click unsubscribe (RFC 8058): a mail provider POSTs the form `List-Unsubscribe=One-Click` to the mail's
 * List-Unsubscribe address, cross-site by design. It acts on no session, only on the unguessable token it carries, so
 * it is the one form write let past this guard and jsonOnly; its route checks the body.
 */
export function isOneClickUnsubscribe(c: Context): boolean {
  return (
    c.req.method === 'POST' &&
    c.req.path === ONE_CLICK_UNSUBSCRIBE_PATH &&
    mediaType(c.req.header('content-type')) === 'application/x-www-form-urlencoded' &&
    c.req.query('token') !== undefined
  );
}

/** Refuses cross-site writes with 403; the site's own origin (SITE_URL's) and the request's own origin pass. */
export function sameOriginWrites(siteUrl: string): MiddlewareHandler {
  const site = new URL(siteUrl).origin;
  return async (c, next) => {
    if (!SAFE_METHODS.has(c.req.method) && !isOneClickUnsubscribe(c)) {
      const allowed = (origin: string) => origin === site || origin === new URL(c.req.url).origin;
      if (isCrossSite(c.req.header('origin'), c.req.header('sec-fetch-site'), allowed)) {
        throw new ApiError(403, 'Cross-site requests are not allowed');
      }
    }
    await next();
  };
}
