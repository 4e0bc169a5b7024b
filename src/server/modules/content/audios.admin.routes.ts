/**
 * Audio of Content Management: /api/admin/audios. POST and PUT take multipart with the file `audio` (at most 50 MiB)
 * and the picture `cover` (at most 5 MiB), or JSON; PUT /api/admin/audios/:id/file takes a new file alone, at once.
 * The item's drafts and history hang from the same path (audio-drafts.ts).
 */
import { Hono } from 'hono';
import { AUDIO_MAX_BYTES, checkAudio } from '../../../shared/schemas/audio-admin.ts';
import { checkPublish } from '../../../shared/schemas/photo-admin.ts';
import type { AppEnv } from '../../app-env.ts';
import { readWriteBody, uploadBodyLimit } from '../../http/upload-form.ts';
import {
  adminAudios,
  createAudio,
  deleteAudio,
  replaceAudioFile,
  setAudioPublished,
  updateAudio,
} from './audios.admin.ts';
import { idParam, writeContext } from './content.admin.service.ts';
import { jsonBody, passed } from '../../http/valid-input.ts';
import { objectBody } from '../../../shared/schemas/refusal.ts';
import { siteChanged } from '../../site/site-changed.ts';

/** The file fields of a create or an edit: the audio file and its cover. */
const FILE_FIELDS = ['audio', 'cover'];
/** Room for both: each file is checked against its own maximum as it is read. */
const itemBodyLimit = uploadBodyLimit(FILE_FIELDS.length, AUDIO_MAX_BYTES);

export function audioAdminRoutes() {
  const router = new Hono<AppEnv>();

  router.get('/admin/audios', async (c) => c.json({ results: await adminAudios(c.get('db')) }));
  router.post('/admin/audios', itemBodyLimit, async (c) => {
    const form = await readWriteBody(c, FILE_FIELDS);
    const values = passed(checkAudio(form.fields));
    const { audio, publicChange } = await createAudio(writeContext(c), values, form);
    siteChanged(c, 'audio', publicChange);
    return c.json({ message: 'Audio created', audio }, 201);
  });
  router.put('/admin/audios/:id', itemBodyLimit, async (c) => {
    const id = idParam(c, 'Audio');
    const form = await readWriteBody(c, FILE_FIELDS);
    const values = passed(checkAudio(form.fields));
    const { audio, publicChange } = await updateAudio(writeContext(c), id, values, form);
    siteChanged(c, 'audio', publicChange);
    return c.json({ message: 'Audio updated', audio });
  });
  router.put('/admin/audios/:id/file', uploadBodyLimit(1, AUDIO_MAX_BYTES), async (c) => {
    const id = idParam(c, 'Audio');
    const { files } = await readWriteBody(c, ['audio']);
    const { audio, publicChange } = await replaceAudioFile(writeContext(c), id, files['audio']);
    siteChanged(c, 'audio', publicChange);
    return c.json({ message: 'Audio file replaced', audio });
  });
  router.patch('/admin/audios/:id', jsonBody(objectBody(checkPublish)), async (c) => {
    const { published } = c.req.valid('json');
    const { audio, publicChange } = await setAudioPublished(writeContext(c), idParam(c, 'Audio'), published);
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
