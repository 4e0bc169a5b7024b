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

/** What is counted of each type; any other kind of a type is refused. Likes are apart (LIKED_TYPES). */
export const COUNTED_KINDS: Readonly<Record<ActivityType, readonly ActivityKind[]>> = {
  product: ['view'],
  blog: ['view'],
  photo: ['view', 'download'],
  video: ['view'],
  audio: ['play', 'download'],
  event: ['view'],
  document: ['download'],
};

/** The types a visitor can like (the spec's data model gives them `likes`). */
export const LIKED_TYPES = ['photo', 'video'] as const;
export type LikedType = (typeof LIKED_TYPES)[number];

/** Longest item id taken (ids are UUIDs or the seed's short ids). */
export const ACTIVITY_ID_MAX = 100;
/** Most ids one GET /api/activity/counts asks for; the islands ask in slices of this many. */
export const COUNTS_MAX_IDS = 100;

/** An item's counts as GET /api/activity/counts answers them: only those its type has; `liked` for likeable types. */
export interface ItemCounts {
  views?: number;
  likes?: number;
  plays?: number;
  downloads?: number;
  /** Whether this visitor (the account, else the guest's like key) likes it. */
  liked?: boolean;
}

/** GET /api/activity/counts's answer: the counts of each id asked for that is a published item. */
export interface CountsAnswer {
  results: Record<string, ItemCounts>;
}

/** PUT and DELETE /api/likes/{type}/{id}'s answer; `key` is a guest's new like key, to keep and send from then on. */
export interface LikeAnswer {
  liked: boolean;
  likes: number;
  key?: string;
}

/** The header a guest's like key travels in (kept in localStorage under LIKE_KEY_STORAGE). */
export const LIKE_KEY_HEADER = 'x-like-key';
export const LIKE_KEY_STORAGE = 'likeKey';
