import { afterLoadAndFirstPaint } from './after-first-paint.ts';

/**
 * Opening a post counts a view (the build reads the list and counts none); a signed-in reader's view also shapes
 * 'For You'. Run by the layout script on a page that marks a post with `data-count-view`.
 */
export function countBlogView(): void {
  const slug = document.querySelector<HTMLElement>('[data-count-view]')?.dataset['countView'];
  if (!slug) return;
  let token: string | null = null;
  try {
    token = localStorage.getItem('token');
  } catch {
    // No storage: counted as a visitor's view.
  }
  const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
  const count = () =>
    void fetch(`${import.meta.env.PUBLIC_API_URL ?? ''}/api/blogs/${encodeURIComponent(slug)}`, {
      credentials: 'include',
      headers,
    }).catch(() => undefined);
  // Once the page has painted: the count never competes with the post's first screen.
  afterLoadAndFirstPaint(count);
}
