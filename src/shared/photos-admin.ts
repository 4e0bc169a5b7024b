/**
 * What the admin photo API answers and the Images tab reads: one set of types for both sides. A photo's draft holds
 * the edit dialog's fields alone: the picture is the photo itself, which no edit replaces (the library's Replace does,
 * at the same address), so a draft never carries one.
 */
import type { DraftInfo } from './drafts.ts';
import type { Photo } from './types.ts';

/** One photo as GET /api/admin/photos and the photo's writes answer it: the public fields and who saved its draft. */
export interface AdminPhoto extends Photo {
  /** Who saved its draft (unpublished changes) and when; null without one. */
  draft: DraftInfo | null;
}

/** A photo's fields as its draft and its versions hold them. */
export interface PhotoDraftFields {
  title: string;
  caption: string;
  category: string;
  tags: string[];
}

/** GET|PUT /api/admin/photos/{id}/draft. */
export interface PhotoDraft extends DraftInfo {
  fields: PhotoDraftFields;
}
