/** Admin photo writes: POST /api/admin/photos/upload, admin-only like every /api/admin/* route. */
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env.ts';
import { ApiError } from '../../http/errors.ts';
import { readUploadForm, uploadBodyLimit } from '../../http/upload-form.ts';
import { mediaType } from '../../http/media-type.ts';
import { signedInUser } from '../../middleware/auth.ts';
import { siteChanged } from '../../site/site-changed.ts';
import { uploadPhoto } from './photos.admin.service.ts';

export const PHOTO_UPLOADED = 'Photo uploaded successfully';

export function photoAdminRoutes() {
  return new Hono<AppEnv>().post('/admin/photos/upload', uploadBodyLimit(1), async (c) => {
    if (mediaType(c.req.header('content-type')) !== 'multipart/form-data')
      throw new ApiError(415, 'Content-Type must be multipart/form-data');
    const form = await readUploadForm(c, ['photo']);
    const photo = await uploadPhoto({ db: c.get('db'), dataDir: c.get('env').DATA_DIR, actor: signedInUser(c) }, form);
    // A draft changes nothing the public site shows.
    siteChanged(c, 'photos', photo.published);
    return c.json({ message: PHOTO_UPLOADED, photo }, 201);
  });
}
