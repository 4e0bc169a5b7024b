import { apiBase } from '../api/base.ts';

/** Opening a post counts a view: the detail endpoint counts it (the build reads the list and counts none). */
export function countBlogView(): void {
  const slug = document.querySelector<HTMLElement>('[data-count-view]')?.dataset['countView'];
  if (slug) void fetch(`${apiBase()}/api/blogs/${encodeURIComponent(slug)}`, { credentials: 'include' }).catch(() => undefined);
}
