/**
 * A count visitors move (views, plays, downloads) in a page's static HTML: the element holds the build's number and
 * LiveCounts.astro puts today's in once the page is up, so the build can reuse a page whose counts alone changed.
 */
import type { ActivityType, ItemCounts } from '../../shared/activity.ts';

export type LiveCountField = Exclude<keyof ItemCounts, 'liked'>;

/** The attribute that marks an element as `field` of item `id` (ids never hold spaces). */
export const liveCount = (type: ActivityType, id: string, field: LiveCountField) => ({
  'data-live-count': `${type} ${id} ${field}`,
});

/** What a marked element names, or null for a value this page did not write. */
export function readLiveCount(value: string): { type: ActivityType; id: string; field: LiveCountField } | null {
  const [type, id, field] = value.split(' ');
  if (!type || !id || !field) return null;
  return { type: type as ActivityType, id, field: field as LiveCountField };
}
