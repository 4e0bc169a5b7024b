/**
 * Counts this page's view: its path and referrer only; the server keeps no address, browser or
 * cookie, and skips pages that are never counted. JSON, since the API takes no other body (sendBeacon sends text).
 * The not-found page counts nothing: a mistyped or probed address is not content anyone viewed.
 */
export function sendPageView(): void {
  if (document.querySelector('[data-not-found]')) return;
  fetch(`${import.meta.env.PUBLIC_API_URL ?? ''}/api/analytics/view`, {
    method: 'POST',
    keepalive: true,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ path: location.pathname, referrer: document.referrer }),
  }).catch(() => undefined);
}
