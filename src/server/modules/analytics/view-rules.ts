/**
 * What a counted page view keeps, decided without the database: the page's path (normalised, or null when it is not
 * counted), the referrer's host only, and which requests are not counted at all (bots, Do Not Track, Global Privacy
 * Control).
 */

/** Longest path counted (after decoding); a longer one is not a page of this site. */
export const PATH_MAX = 300;
const HOST_MAX = 253;

/**
 * Pages never counted: the admin area and API, signed-in screens that are nobody's business, and pages whose URL may
 * carry a token. Matched case-insensitively; '/admin' also covers '/admin-dashboard'.
 */
const EXCLUDED_PREFIXES = ['/admin'];
const EXCLUDED_SECTIONS = [
  '/api',
  '/analytics',
  '/settings',
  '/messages',
  '/reset-password',
  '/accept-invitation',
  '/orders/view',
  '/newsletter',
];

/** True for a normalised path that is never counted. */
export function isExcludedPath(path: string): boolean {
  const lower = path.toLowerCase();
  return (
    EXCLUDED_PREFIXES.some((p) => lower.startsWith(p)) ||
    EXCLUDED_SECTIONS.some((p) => lower === p || lower.startsWith(`${p}/`))
  );
}

/**
 * The path as counted: no query or fragment, percent-decoded, repeated slashes joined, no trailing slash ('/contact/'
 * and '/contact' are one page); null when it is not a site path (no leading '/', bad encoding, control characters,
 * dot segments, too long) or is excluded.
 */
export function normalisePath(raw: string): string | null {
  let path = raw.replace(/[?#][\s\S]*/, '');
  if (!path.startsWith('/')) return null;
  try {
    path = decodeURIComponent(path);
  } catch {
    return null;
  }
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f-\u009f]/.test(path)) return null;
  path = path.replace(/\/{2,}/g, '/');
  if (path.split('/').some((segment) => segment === '.' || segment === '..')) return null;
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  if (path.length > PATH_MAX) return null;
  return isExcludedPath(path) ? null : path;
}

/** A host name as compared and kept: lower case, without a trailing dot or a leading 'www.'. */
const bareHostName = (host: string) =>
  host
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/^www\./, '');

/** The host of `siteUrl` as referrerHost compares it ('' when it is not a URL). */
export function siteHostOf(siteUrl: string): string {
  try {
    return bareHostName(new URL(siteUrl).hostname);
  } catch {
    return '';
  }
}

/** Only the referring site's host ('news.example'); '' for none, anything but an http(s) URL, or this site itself. */
export function referrerHost(referrer: string, siteHost: string): string {
  if (referrer === '') return '';
  let url: URL;
  try {
    url = new URL(referrer);
  } catch {
    return '';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return '';
  const host = bareHostName(url.hostname);
  return host === siteHost || host.length > HOST_MAX ? '' : host;
}

/**
 * Crawlers, link previews, monitors, headless and scripted browsers, HTTP libraries; a request without a user agent
 * is one too.
 */
const BOT_PATTERN =
  /bot\b|bot[/_-]|crawl|spider|slurp|scrap|archiver|headless|phantom|selenium|puppeteer|playwright|lighthouse|pagespeed|gtmetrix|pingdom|uptime|monitor|preview|facebookexternalhit|embedly|whatsapp|curl\/|wget|python|java\/|go-http|okhttp|axios|node-fetch|undici|libwww|httpclient|http_request|^node$|^mozilla\/5\.0$/i;

/** True for a user agent that is a program rather than a person's browser (or none at all). */
export const isBot = (userAgent: string | undefined): boolean =>
  !userAgent?.trim() || BOT_PATTERN.test(userAgent.trim());

/** True when the browser asks not to be tracked: `DNT: 1` or `Sec-GPC: 1`. */
export const optsOut = (dnt: string | undefined, gpc: string | undefined): boolean =>
  dnt?.trim() === '1' || gpc?.trim() === '1';
