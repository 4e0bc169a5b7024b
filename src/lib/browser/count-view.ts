import { apiBase } from '../api/base.ts';
import { readStorage } from './storage.ts';

/** Opening a post counts a view (the build reads the list and counts none); a signed-in reader's view also shapes 'For You'. */
export function countBlogView(): void {
  const slug = document.querySelector<HTMLElement>('[data-count-view]')?.dataset['countView'];
  if (!slug) return;
  const token = readStorage('token');
  const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
  void fetch(`${apiBase()}/api/blogs/${encodeURIComponent(slug)}`, { credentials: 'include', headers }).catch(() => undefined);
}
