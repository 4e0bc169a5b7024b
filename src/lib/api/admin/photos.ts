/** The admin photo calls, one function per endpoint. */
import type { Photo } from '../../../shared/types.ts';
import { uploadFile, type UploadProgress } from '../upload.ts';

/** What POST /api/admin/photos/upload answers. */
export interface PhotoUploaded {
  message: string;
  photo: Photo;
}

/** The fields of one upload; published goes as the text 'true' or 'false' (spec section 3). */
export interface PhotoUploadInput {
  photo: File;
  title: string;
  caption: string;
  published: boolean;
}

/** POST /api/admin/photos/upload (multipart: photo, title, caption, published) with upload progress. */
export function uploadPhoto(
  { photo, title, caption, published }: PhotoUploadInput,
  onProgress?: (progress: UploadProgress) => void,
): Promise<PhotoUploaded> {
  const form = new FormData();
  form.append('title', title);
  form.append('caption', caption);
  form.append('published', String(published));
  form.append('photo', photo);
  return uploadFile<PhotoUploaded>('/api/admin/photos/upload', form, {
    method: 'POST',
    ...(onProgress ? { onProgress } : {}),
  });
}
