import type { Blog } from '../../shared/types.ts';

/** Up to `limit` other posts, most shared tags first, then same category, then newest. */
export function relatedPosts(blog: Blog, all: readonly Blog[], limit = 3): Blog[] {
  const tags = new Set(blog.tags.map((t) => t.toLowerCase()));
  const score = (b: Blog) =>
    b.tags.filter((t) => tags.has(t.toLowerCase())).length * 2 + (b.category === blog.category ? 1 : 0);
  return all
    .filter((b) => b._id !== blog._id)
    .map((b) => ({ b, s: score(b) }))
    .filter(({ s }) => s > 0)
    .sort((x, y) => y.s - x.s || Date.parse(y.b.createdAt) - Date.parse(x.b.createdAt))
    .slice(0, limit)
    .map(({ b }) => b);
}
