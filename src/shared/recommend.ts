import type { Recommendation } from './types.ts';

/**
 * Personal order: most tags shared with what the user viewed (case-insensitive) first, then the given order
 * (popularity). With no viewed tags the order is unchanged.
 */
export function rankByViewedTags<T extends Pick<Recommendation, 'tags'>>(
  items: readonly T[],
  viewedTags: readonly string[],
): T[] {
  const viewed = new Map<string, number>();
  for (const tag of viewedTags) viewed.set(tag.toLowerCase(), (viewed.get(tag.toLowerCase()) ?? 0) + 1);
  if (viewed.size === 0) return [...items];
  const score = (item: T) => item.tags.reduce((sum, tag) => sum + (viewed.get(tag.toLowerCase()) ?? 0), 0);
  return items
    .map((item, index) => ({ item, index, score: score(item) }))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map(({ item }) => item);
}
