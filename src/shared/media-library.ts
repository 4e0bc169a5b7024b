/**
 * The media library: every stored picture and audio file in one place, with its own alt text, caption, tags and focal
 * point, where it is used, and its file replaceable at the same address. The texts, limits and answers the server and
 * the admin screen share.
 */

/** Documents are listed too, read-only: they are added, replaced and deleted on the Documents tab. */
export const MEDIA_KINDS = ['image', 'audio', 'document'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];
export const MEDIA_KIND_LABELS: Record<MediaKind, string> = {
  image: 'Pictures',
  audio: 'Audio',
  document: 'Documents',
};

export const MEDIA_PAGE_SIZE = 48;
export const MEDIA_TITLE_MAX = 200;
export const MEDIA_ALT_MAX = 300;
export const MEDIA_CAPTION_MAX = 500;
export const MEDIA_TAG_MAX = 40;
export const MEDIA_TAGS_MAX = 20;
export const MEDIA_SEARCH_MAX = 200;

export const MEDIA_SORTS = ['newest', 'oldest', 'title', 'largest'] as const;
export type MediaSort = (typeof MEDIA_SORTS)[number];
export const MEDIA_SORT_LABELS: Record<MediaSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  title: 'Title A–Z',
  largest: 'Largest first',
};

export const MEDIA_UPLOADED = 'Added to the media library.';
export const MEDIA_SAVED = 'Saved.';
export const MEDIA_SAVED_LIVE =
  'Saved. Pages that show it are being updated; visitors see the change within a minute or two.';
export const MEDIA_REPLACED =
  'File replaced at the same address. Pages that show it are being updated; visitors see the new file within a minute or two.';
export const MEDIA_DELETED = 'Deleted from the media library.';
export const DOCUMENT_MANAGED_ELSEWHERE = 'Documents are edited, replaced and deleted on the Documents tab.';
export const MEDIA_NOT_FOUND = 'This file is not in the media library.';
export const MEDIA_REPLACE_KIND = 'Replace a picture with a picture, and an audio file with one of the same format.';
export const ALT_TEXT_KEPT = 'A published post or page shows this picture, so its alt text cannot be empty.';
export const ALT_TEXT_REQUIRED =
  'Add alt text to this picture in the media library before it is used on a published page.';

/** The refusal of a delete while `uses` name the file. */
export function inUseMessage(uses: readonly MediaUse[]): string {
  const named = uses.slice(0, 5).map((use) => (use.name ? `${use.label} “${use.name}”` : use.label));
  const more = uses.length > 5 ? ` and ${uses.length - 5} more` : '';
  return `This file is in use and cannot be deleted: ${named.join(', ')}${more}. Remove it there first.`;
}

/** A record that uses a file (what visitors see, or a draft): what kind of record, its name, its id. */
export interface MediaUse {
  label: string;
  name: string;
  id: string;
}

/** A file of the library, as the admin screen lists it. */
export interface MediaItem {
  id: string;
  kind: MediaKind;
  /** The file's address (/media/<name>), which never changes, even when the file is replaced. */
  address: string;
  /** The address as records use it: with the version once replaced, and the focal point when set. */
  url: string;
  contentType: string;
  bytes: number;
  width: number | null;
  height: number | null;
  title: string;
  alt: string;
  caption: string;
  tags: string[];
  /** Percent from the left and from the top: what a crop keeps in view. */
  focalX: number;
  focalY: number;
  version: number;
  /** Kept while nothing uses it; a form's upload that is not leaves the library with its last use. */
  kept: boolean;
  uploadedBy: string | null;
  createdAt: string;
  updatedAt: string | null;
  /** How many records use it now. */
  useCount: number;
}

export interface MediaItemDetail extends MediaItem {
  uses: MediaUse[];
}

export interface MediaListAnswer {
  items: MediaItem[];
  total: number;
  page: number;
  pageSize: number;
  /** Every tag in the library, for the filter. */
  tags: string[];
}

/** The answer to an upload, a save and a replace. */
export interface MediaItemAnswer {
  message: string;
  item: MediaItemDetail;
}
