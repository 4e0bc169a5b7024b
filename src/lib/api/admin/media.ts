/** The media library calls, one function per endpoint. */
import type { MediaItemAnswer, MediaItemDetail, MediaListAnswer } from '../../../shared/media-library.ts';
import type { MediaDetailsInput, MediaQueryInput } from '../../../shared/schemas/media-library.ts';
import { api } from '../client.ts';
import { uploadFile, type UploadProgress } from '../upload.ts';

const MEDIA_PATH = '/api/admin/media';
const itemPath = (id: string) => `${MEDIA_PATH}/${encodeURIComponent(id)}`;

/** GET /api/admin/media: one page of the library, filtered (q, kind, tag, unused) and sorted, with every tag. */
export const fetchMedia = (query: MediaQueryInput = {}) =>
  api<MediaListAnswer>(MEDIA_PATH, {
    query: Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== '')),
  });

/** GET /api/admin/media/:id: one file with the records that use it. */
export const fetchMediaItem = (id: string) => api<MediaItemDetail>(itemPath(id));

/** POST /api/admin/media (multipart: file, and optional title, alt, caption): a picture or audio file added, kept. */
export const uploadMedia = (
  file: File,
  fields: { title?: string; alt?: string; caption?: string } = {},
  onProgress?: (progress: UploadProgress) => void,
  signal?: AbortSignal,
) =>
  uploadFile<MediaItemAnswer>(
    MEDIA_PATH,
    {
      file,
      fields,
    },
    { method: 'POST', ...(onProgress ? { onProgress } : {}), ...(signal ? { signal } : {}) },
  );

/** PATCH /api/admin/media/:id (JSON): title, alt text, caption, tags, focal point; any of them. */
export const updateMedia = (id: string, details: MediaDetailsInput) =>
  api<MediaItemAnswer>(itemPath(id), { method: 'PATCH', body: details });

/** POST /api/admin/media/:id/replace (multipart: file): a new file at the same address, its version one up. */
export const replaceMedia = (id: string, file: File, onProgress?: (progress: UploadProgress) => void) =>
  uploadFile<MediaItemAnswer>(
    `${itemPath(id)}/replace`,
    { file },
    { method: 'POST', ...(onProgress ? { onProgress } : {}) },
  );

/** DELETE /api/admin/media/:id: refused with 409 ({ message, uses }) while a record uses it. */
export const deleteMedia = (id: string) => api<{ message: string }>(itemPath(id), { method: 'DELETE' });
