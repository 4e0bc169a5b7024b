/** The Content Management calls for photos, videos, audio and events, one function per endpoint. */
import type { AdminPhoto } from '../../../shared/photos-admin.ts';
import type { AdminAudio } from '../../../shared/schemas/audio-admin.ts';
import type { AdminEvent } from '../../../shared/schemas/event-admin.ts';
import type { PhotoEditInput } from '../../../shared/schemas/photo-admin.ts';
import type { AdminVideo, VideoInput } from '../../../shared/schemas/video-admin.ts';
import type { ListResponse } from '../../../shared/types.ts';
import { api } from '../client.ts';
import { uploadFile, type UploadProgress } from '../upload.ts';

/** What the writes answer: the server's message, and the item for create and update. */
export interface PhotoSaved {
  message: string;
  photo: AdminPhoto;
}
export interface VideoSaved {
  message: string;
  video: AdminVideo;
}
export interface AudioSaved {
  message: string;
  audio: AdminAudio;
}
export interface EventSaved {
  message: string;
  event: AdminEvent;
}
export interface Deleted {
  message: string;
}

type Progress = ((progress: UploadProgress) => void) | undefined;
const at = (path: string, id: string) => `${path}/${encodeURIComponent(id)}`;
const results = async <T>(path: string) => (await api<ListResponse<T>>(path)).results;

/** GET /api/admin/photos: every photo, drafts included, each with who saved its draft and when. */
export const fetchAdminPhotos = () => results<AdminPhoto>('/api/admin/photos');
/** PUT /api/admin/photos/{id}: title, caption, category, tags (and published). */
export const updatePhoto = (id: string, body: PhotoEditInput) =>
  api<PhotoSaved>(at('/api/admin/photos', id), { method: 'PUT', body });
/** PATCH /api/admin/photos/{id}: publish or unpublish. */
export const setPhotoPublished = (id: string, published: boolean) =>
  api<PhotoSaved>(at('/api/admin/photos', id), { method: 'PATCH', body: { published } });
/** DELETE /api/admin/photos/{id}. */
export const deletePhoto = (id: string) => api<Deleted>(at('/api/admin/photos', id), { method: 'DELETE' });

/** GET /api/admin/videos: every video, drafts included. */
export const fetchAdminVideos = () => results<AdminVideo>('/api/admin/videos');
/** POST /api/admin/videos (JSON). */
export const createVideo = (body: VideoInput) => api<VideoSaved>('/api/admin/videos', { method: 'POST', body });
/** PUT /api/admin/videos/{id} (JSON, every field). */
export const updateVideo = (id: string, body: VideoInput) =>
  api<VideoSaved>(at('/api/admin/videos', id), { method: 'PUT', body });
/** PATCH /api/admin/videos/{id}: publish or unpublish. */
export const setVideoPublished = (id: string, published: boolean) =>
  api<VideoSaved>(at('/api/admin/videos', id), { method: 'PATCH', body: { published } });
/** DELETE /api/admin/videos/{id}. */
export const deleteVideo = (id: string) => api<Deleted>(at('/api/admin/videos', id), { method: 'DELETE' });

/** GET /api/admin/audios: every audio item, drafts included. */
export const fetchAdminAudios = () => results<AdminAudio>('/api/admin/audios');
/** POST /api/admin/audios (multipart: the fields and the file `audio`) with upload progress. */
export const createAudio = (form: FormData, onProgress?: Progress) =>
  uploadFile<AudioSaved>('/api/admin/audios', form, { method: 'POST', ...(onProgress ? { onProgress } : {}) });
/** PUT /api/admin/audios/{id} (multipart; a new `audio` file optional). */
export const updateAudio = (id: string, form: FormData, onProgress?: Progress) =>
  uploadFile<AudioSaved>(at('/api/admin/audios', id), form, { method: 'PUT', ...(onProgress ? { onProgress } : {}) });
/** PATCH /api/admin/audios/{id}: publish or unpublish. */
export const setAudioPublished = (id: string, published: boolean) =>
  api<AudioSaved>(at('/api/admin/audios', id), { method: 'PATCH', body: { published } });
/** DELETE /api/admin/audios/{id}. */
export const deleteAudio = (id: string) => api<Deleted>(at('/api/admin/audios', id), { method: 'DELETE' });

/** GET /api/admin/events: every event, drafts included. */
export const fetchAdminEvents = () => results<AdminEvent>('/api/admin/events');
/** POST /api/admin/events (multipart: the fields and an optional `image`). */
export const createEvent = (form: FormData, onProgress?: Progress) =>
  uploadFile<EventSaved>('/api/admin/events', form, { method: 'POST', ...(onProgress ? { onProgress } : {}) });
/** PUT /api/admin/events/{id} (multipart; a new `image` optional). */
export const updateEvent = (id: string, form: FormData, onProgress?: Progress) =>
  uploadFile<EventSaved>(at('/api/admin/events', id), form, { method: 'PUT', ...(onProgress ? { onProgress } : {}) });
/** PATCH /api/admin/events/{id}: publish or unpublish. */
export const setEventPublished = (id: string, published: boolean) =>
  api<EventSaved>(at('/api/admin/events', id), { method: 'PATCH', body: { published } });
/** DELETE /api/admin/events/{id}. */
export const deleteEvent = (id: string) => api<Deleted>(at('/api/admin/events', id), { method: 'DELETE' });
