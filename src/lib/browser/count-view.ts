import { afterLoadAndFirstPaint } from './after-first-paint.ts';

/**
 * Opening an item's page counts a view (POST /api/activity; the build reads lists and counts none); a signed-in
 * visitor's view also shapes 'For You'. Run by the layout script on a page whose CountView.astro marks the item with
 * `data-count-view`, which holds the request's JSON body as it is, so this script stays small on every page.
 */
export function countView(): void {
  const body = document.querySelector<HTMLElement>('[data-count-view]')?.dataset['countView'];
  if (!body) return;
  let token: string | null = null;
  try {
    token = localStorage.getItem('token');
  } catch {
    // No storage: counted as a visitor's view.
  }
  // Once the page has painted: the count never competes with the item's first screen.
  afterLoadAndFirstPaint(() => {
    fetch(`${import.meta.env.PUBLIC_API_URL ?? ''}/api/activity`, {
      method: 'POST',
      keepalive: true,
      headers: { 'content-type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body,
    }).catch(() => undefined);
  });
}
