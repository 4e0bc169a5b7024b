/**
 * An audio item's draft calls and its new file alone, one function per endpoint (its create, edit, publish and delete
 * are with the other Content Management calls in content.ts).
 */
import type { AdminAudio, AudioDraft } from '../../../shared/schemas/audio-admin.ts';
import { uploadFile, type UploadProgress } from '../upload.ts';
import type { AudioSaved } from './content.ts';
import { createPreviewLink, discardDraft, fetchDraft, publishDraft, saveDraft } from './drafts.ts';

type Progress = ((progress: UploadProgress) => void) | undefined;

/** An audio item's admin API path, which its draft and history calls hang from. */
export const audioPath = (id: string) => `/api/admin/audios/${encodeURIComponent(id)}`;

/** GET /api/admin/audios/{id}/draft: the item's draft (404 when it has none). */
export const fetchAudioDraft = (id: string) => fetchDraft<AudioDraft>(audioPath(id));

/** PUT /api/admin/audios/{id}/draft (multipart, `published` left out; a new `cover` optional): the form as its draft. */
export const saveAudioDraft = (id: string, form: FormData, onProgress?: Progress) =>
  saveDraft<AudioDraft>(audioPath(id), form, onProgress);

/** DELETE /api/admin/audios/{id}/draft. */
export const discardAudioDraft = (id: string) => discardDraft<AdminAudio>(audioPath(id));

/** POST /api/admin/audios/{id}/draft/publish: the draft becomes the live item, published. */
export const publishAudioDraft = (id: string) => publishDraft<AdminAudio>(audioPath(id));

/** POST /api/admin/audios/{id}/preview-link: a link showing the item as it will look, until it expires. */
export const audioPreviewLink = (id: string) => createPreviewLink(audioPath(id));

/** PUT /api/admin/audios/{id}/file (multipart: the file `audio`): a new file for the item at once, with progress. */
export function replaceAudioFile(id: string, file: File, onProgress?: Progress) {
  const form = new FormData();
  form.append('audio', file);
  return uploadFile<AudioSaved>(`${audioPath(id)}/file`, form, {
    method: 'PUT',
    ...(onProgress ? { onProgress } : {}),
  });
}
