/**
 * Counts this page's view (issue 20 item 3): its path and referrer only; the server keeps no address, browser or
 * cookie, and skips pages that are never counted. JSON, since the API takes no other body (sendBeacon sends text).
 */
export function sendPageView(): void {
  fetch(`${import.meta.env.PUBLIC_API_URL ?? ''}/api/analytics/view`, {
    method: 'POST',
    keepalive: true,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ path: location.pathname, referrer: document.referrer }),
  }).catch(() => undefined);
}
