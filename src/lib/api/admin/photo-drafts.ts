/** A photo's draft calls, one function per endpoint (JSON, as the photo's own PUT: a draft never holds a picture). */
import type { AdminPhoto, PhotoDraft } from '../../../shared/photos-admin.ts';
import type { PhotoEditInput } from '../../../shared/schemas/photo-admin.ts';
import { createPreviewLink, discardDraft, fetchDraft, publishDraft, saveDraft } from './drafts.ts';

/** The fields a photo's draft takes: the edit's, without its state. */
export type PhotoDraftInput = Omit<PhotoEditInput, 'published'>;

/** A photo's admin API path, which its draft and history calls hang from. */
export const adminPhotoPath = (id: string) => `/api/admin/photos/${encodeURIComponent(id)}`;

/** GET /api/admin/photos/{id}/draft: the photo's draft (404 when it has none). */
export const fetchPhotoDraft = (id: string) => fetchDraft<PhotoDraft>(adminPhotoPath(id));

/** PUT /api/admin/photos/{id}/draft (JSON: title, caption, category, tags): the form saved as the photo's draft. */
export const savePhotoDraft = (id: string, fields: PhotoDraftInput) =>
  saveDraft<PhotoDraft>(adminPhotoPath(id), fields);

/** DELETE /api/admin/photos/{id}/draft. */
export const discardPhotoDraft = (id: string) => discardDraft<AdminPhoto>(adminPhotoPath(id));

/** POST /api/admin/photos/{id}/draft/publish: the draft becomes the live photo, published. */
export const publishPhotoDraft = (id: string) => publishDraft<AdminPhoto>(adminPhotoPath(id));

/** POST /api/admin/photos/{id}/preview-link: a link showing the photo as it will look, to share until it expires. */
export const photoPreviewLink = (id: string) => createPreviewLink(adminPhotoPath(id));
