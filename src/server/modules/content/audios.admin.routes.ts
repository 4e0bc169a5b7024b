/** Audio of Content Management: /api/admin/audios; POST and PUT take multipart with the file `audio` (at most 50 MiB). */
import { Hono } from 'hono';
import { AUDIO_MAX_BYTES, checkAudio } from '../../../shared/schemas/audio-admin.ts';
import { checkPublish } from '../../../shared/schemas/photo-admin.ts';
import type { AppEnv } from '../../app-env.ts';
import { readWriteBody, uploadBodyLimit } from '../../http/upload-form.ts';
import { adminAudios, createAudio, deleteAudio, updateAudio } from './audios.admin.ts';
import { idParam, writeContext } from './content.admin.service.ts';
import { jsonBody, passed } from '../../http/valid-input.ts';
import { objectBody } from '../../../shared/schemas/refusal.ts';
import { siteChanged } from '../../site/site-changed.ts';

export function audioAdminRoutes() {
  const router = new Hono<AppEnv>();

  router.get('/admin/audios', async (c) => c.json({ results: await adminAudios(c.get('db')) }));
  router.post('/admin/audios', uploadBodyLimit(1, AUDIO_MAX_BYTES), async (c) => {
    const { fields, files } = await readWriteBody(c, ['audio']);
    const values = passed(checkAudio(fields));
    const { audio, publicChange } = await createAudio(writeContext(c), values, files['audio']);
    siteChanged(c, 'audio', publicChange);
    return c.json({ message: 'Audio created', audio }, 201);
  });
  router.put('/admin/audios/:id', uploadBodyLimit(1, AUDIO_MAX_BYTES), async (c) => {
    const id = idParam(c, 'Audio');
    const { fields, files } = await readWriteBody(c, ['audio']);
    const values = passed(checkAudio(fields));
    const { audio, publicChange } = await updateAudio(writeContext(c), id, values, files['audio']);
    siteChanged(c, 'audio', publicChange);
    return c.json({ message: 'Audio updated', audio });
  });
  router.patch('/admin/audios/:id', jsonBody(objectBody(checkPublish)), async (c) => {
    const values = c.req.valid('json');
    const { audio, publicChange } = await updateAudio(writeContext(c), idParam(c, 'Audio'), values);
    siteChanged(c, 'audio', publicChange);
    return c.json({ message: audio.published ? 'Audio published' : 'Audio unpublished', audio });
  });
  router.delete('/admin/audios/:id', async (c) => {
    const { publicChange } = await deleteAudio(writeContext(c), idParam(c, 'Audio'));
    siteChanged(c, 'audio', publicChange);
    return c.json({ message: 'Audio deleted' });
  });
  return router;
}
