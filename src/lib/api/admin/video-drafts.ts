/** A video's draft calls, one function per endpoint (JSON, as the video's own PUT: a video's form sends no file). */
import type { AdminVideo, VideoDraft, VideoInput } from '../../../shared/schemas/video-admin.ts';
import { createPreviewLink, discardDraft, fetchDraft, publishDraft, saveDraft } from './drafts.ts';

/** The fields a video's draft takes: the form's, without its state. */
export type VideoDraftInput = Omit<VideoInput, 'published'>;

/** A video's admin API path, which its draft and history calls hang from. */
export const adminVideoPath = (id: string) => `/api/admin/videos/${encodeURIComponent(id)}`;

/** GET /api/admin/videos/{id}/draft: the video's draft (404 when it has none). */
export const fetchVideoDraft = (id: string) => fetchDraft<VideoDraft>(adminVideoPath(id));

/** PUT /api/admin/videos/{id}/draft (JSON, every field as the video's PUT): the form saved as the video's draft. */
export const saveVideoDraft = (id: string, fields: VideoDraftInput) =>
  saveDraft<VideoDraft>(adminVideoPath(id), fields);

/** DELETE /api/admin/videos/{id}/draft. */
export const discardVideoDraft = (id: string) => discardDraft<AdminVideo>(adminVideoPath(id));

/** POST /api/admin/videos/{id}/draft/publish: the draft becomes the live video. */
export const publishVideoDraft = (id: string) => publishDraft<AdminVideo>(adminVideoPath(id));

/** POST /api/admin/videos/{id}/preview-link: a link showing the video as it will look, to share until it expires. */
export const videoPreviewLink = (id: string) => createPreviewLink(adminVideoPath(id));
