/**
 * Links from data (company settings, sliders) as the page may render them: the one scheme filter (security.md R46).
 * A link keeps only http(s), mailto, tel or a site-relative path; anything else (javascript:, data:, vbscript:, blob:,
 * file:, …, in any case, with spaces, control characters or entities around or inside) gives '' and the caller
 * renders no href.
 */

import { hasControlCharacters } from './schemas/control-characters.ts';

/** A scheme as the URL parser reads one: a letter, then letters, digits, '+', '-' or '.', then ':'. */
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
/** 'acme.com:8443/x' or 'localhost:4321' is a host with a port, not a scheme (a scheme like 'acme.com' has no use here). */
const HOST_WITH_PORT = /^(?:localhost|[\p{L}\p{N}_-]+(?:\.[\p{L}\p{N}_-]+)+):\d{1,5}(?:[/?#]|$)/iu;
/** A web link must name a real host: DNS labels (IDNs arrive punycoded) or an IP address. */
const HOST_NAME = /^(?:[a-z0-9_-]+\.)*[a-z0-9_-]+$|^\[[0-9a-f:.]+\]$/i;

/** The link as the URL parser would read it (it drops tabs and newlines anywhere); null when other control characters remain. */
function cleanLink(link: string | null | undefined): string | null {
  const value = (link ?? '').replace(/[\t\n\r]/g, '').trim();
  return hasControlCharacters(value) ? null : value;
}

/** The scheme in lower case, or '' when the link has none (a bare host, perhaps with a port, or a path). */
function schemeOf(value: string): string {
  if (HOST_WITH_PORT.test(value)) return '';
  return SCHEME.exec(value)?.[1]?.toLowerCase() ?? '';
}

/** The parsed link when it is an http(s) URL naming a real host, else null. */
function parseWeb(value: string): URL | null {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && HOST_NAME.test(url.hostname) ? url : null;
  } catch {
    return null;
  }
}

/** The http(s) link as written (https:// added when it has no scheme), or null for any other scheme or no real host. */
function webLink(value: string): string | null {
  const scheme = schemeOf(value);
  if (scheme !== '' && scheme !== 'http' && scheme !== 'https') return null;
  const full = scheme === '' ? `https://${value.replace(/^[/\\]+/, '')}` : value;
  return parseWeb(full) ? full : null;
}

/**
 * Links from the company settings (website, social links; spec: a missing scheme gets https://): only http(s) web
 * pages; any other scheme, or no real host, gives ''.
 */
export function ensureHttps(link: string | null | undefined): string {
  const value = cleanLink(link);
  if (!value) return '';
  return webLink(value) ?? '';
}

/** The website shown as a bare host: no scheme, no www., no trailing slash ('https://www.acme.com/' → 'acme.com'). */
export function bareHost(link: string | null | undefined): string {
  const full = ensureHttps(link);
  if (full === '') return '';
  return new URL(full).host.replace(/^www\./i, '');
}

/**
 * Any other link from data as an href (slider buttons, call to action): site-relative '/…', http(s) (https:// added
 * when there is no scheme; '//host' leaves the site, so it becomes https://host), mailto: or tel:; anything else ''.
 */
export function safeHref(link: string | null | undefined): string {
  const value = cleanLink(link);
  if (!value) return '';
  // '/\host' is read as '//host' by browsers.
  if (value.startsWith('/') && !/^\/[/\\]/.test(value)) return value;
  const scheme = schemeOf(value);
  if (scheme === 'mailto' || scheme === 'tel') {
    try {
      const url = new URL(value);
      return url.pathname === '' ? '' : url.href;
    } catch {
      return '';
    }
  }
  const web = webLink(value);
  return web ? (parseWeb(web)?.href ?? '') : '';
}
