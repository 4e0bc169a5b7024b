/**
 * Content Management writes for photos, videos, audio and events: /api/admin/{photos,videos,audios,events}.
 * Every route is admin-only and answers no-store (the admin guard, http/admin-guard.ts), asks for the site rebuild when
 * public content changed.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env.ts';
import type { Deps } from '../../deps.ts';
import { checkPhotoEdit, checkPublish } from '../../../shared/schemas/photo-admin.ts';
import { checkVideo } from '../../../shared/schemas/video-admin.ts';
import { idParam, writeContext } from './content.admin.service.ts';
import { jsonBody } from '../../http/valid-input.ts';
import { objectBody } from '../../../shared/schemas/refusal.ts';
import { audioAdminRoutes } from './audios.admin.routes.ts';
import { eventAdminRoutes } from './events.admin.routes.ts';
import { adminPhotos, deletePhoto, editPhoto } from './photos.edit.ts';
import { adminVideos, createVideo, deleteVideo, updateVideo } from './videos.admin.ts';
import { siteChanged } from '../../site/site-changed.ts';

export function contentAdminRoutes(deps: Deps) {
  const router = new Hono<AppEnv>();

  // Photos: the upload is photos.admin.routes.ts; these list (with drafts), edit, publish and delete.
  router.get('/admin/photos', async (c) => c.json({ results: await adminPhotos(c.get('db')) }));
  router.put('/admin/photos/:id', jsonBody(objectBody(checkPhotoEdit)), async (c) => {
    const values = c.req.valid('json');
    const { photo, publicChange } = await editPhoto(writeContext(c), idParam(c, 'Photo'), values);
    siteChanged(c, 'photos', publicChange);
    return c.json({ message: 'Photo updated', photo });
  });
  router.patch('/admin/photos/:id', jsonBody(objectBody(checkPublish)), async (c) => {
    const values = c.req.valid('json');
    const { photo, publicChange } = await editPhoto(writeContext(c), idParam(c, 'Photo'), values);
    siteChanged(c, 'photos', publicChange);
    return c.json({ message: photo.published ? 'Photo published' : 'Photo unpublished', photo });
  });
  router.delete('/admin/photos/:id', async (c) => {
    const { publicChange } = await deletePhoto(writeContext(c), idParam(c, 'Photo'));
    siteChanged(c, 'photos', publicChange);
    return c.json({ message: 'Photo deleted' });
  });

  // Videos: JSON only (a YouTube link, no file).
  router.get('/admin/videos', async (c) => c.json({ results: await adminVideos(c.get('db')) }));
  router.post('/admin/videos', jsonBody(objectBody(checkVideo)), async (c) => {
    const values = c.req.valid('json');
    const { video, publicChange } = await createVideo(writeContext(c), values);
    siteChanged(c, 'videos', publicChange);
    return c.json({ message: 'Video created', video }, 201);
  });
  router.put('/admin/videos/:id', jsonBody(objectBody(checkVideo)), async (c) => {
    const values = c.req.valid('json');
    const { video, publicChange } = await updateVideo(writeContext(c), idParam(c, 'Video'), values);
    siteChanged(c, 'videos', publicChange);
    return c.json({ message: 'Video updated', video });
  });
  router.patch('/admin/videos/:id', jsonBody(objectBody(checkPublish)), async (c) => {
    const values = c.req.valid('json');
    const { video, publicChange } = await updateVideo(writeContext(c), idParam(c, 'Video'), values);
    siteChanged(c, 'videos', publicChange);
    return c.json({ message: video.published ? 'Video published' : 'Video unpublished', video });
  });
  router.delete('/admin/videos/:id', async (c) => {
    const { publicChange } = await deleteVideo(writeContext(c), idParam(c, 'Video'));
    siteChanged(c, 'videos', publicChange);
    return c.json({ message: 'Video deleted' });
  });

  router.route('/', audioAdminRoutes());
  router.route('/', eventAdminRoutes(deps));
  return router;
}
