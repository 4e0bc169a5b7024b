/**
 * What visitors do with the site's content, as the API counts it: the kinds of item, what is counted of them, and
 * the counts an item shows.
 */

/** The kinds of item a visitor's activity is counted for. */
export const ACTIVITY_TYPES = ['product', 'blog', 'photo', 'video', 'audio', 'event', 'document'] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

/** What is counted: a page opened, a play listened to for a few seconds, a file downloaded. */
export const ACTIVITY_KINDS = ['view', 'play', 'download'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** POST /api/activity's body. */
export interface ActivityEvent {
  kind: ActivityKind;
  type: ActivityType;
  id: string;
}
