/**
 * The media library under /api/admin/media (the guard's `media` part: admin, editor, author): list, one file with its
 * uses, add (multipart), details (JSON), replace at the same address (multipart), delete (409 while in use).
 */
import { Hono } from 'hono';
import {
  inUseMessage,
  MEDIA_DELETED,
  MEDIA_REPLACED,
  MEDIA_SAVED,
  MEDIA_SAVED_LIVE,
  MEDIA_UPLOADED,
  type MediaItemAnswer,
} from '../../../shared/media-library.ts';
import { checkMediaDetails, checkMediaQuery } from '../../../shared/schemas/media-library.ts';
import { AUDIO_MAX_BYTES } from '../../../shared/schemas/audio-admin.ts';
import type { AppEnv } from '../../app-env.ts';
import { ApiError, fieldError } from '../../http/errors.ts';
import { mediaType } from '../../http/media-type.ts';
import { readUploadForm, uploadBodyLimit } from '../../http/upload-form.ts';
import { jsonBody, passed, validQuery } from '../../http/valid-input.ts';
import { signedInUser } from '../../middleware/auth.ts';
import { siteChanged } from '../../site/site-changed.ts';
import {
  addToLibrary,
  deleteFromLibrary,
  type LibraryContext,
  libraryItem,
  listLibrary,
  replaceFile,
  saveDetails,
} from './library.service.ts';
import type { Context } from 'hono';

const contextOf = (c: Context<AppEnv>): LibraryContext => ({
  db: c.get('db'),
  dataDir: c.get('env').DATA_DIR,
  actor: signedInUser(c),
});

/** The form's one file, as `file`; 415 for another body, 400 when none came. */
async function fileOf(c: Context<AppEnv>) {
  if (mediaType(c.req.header('content-type')) !== 'multipart/form-data')
    throw new ApiError(415, 'Content-Type must be multipart/form-data');
  const form = await readUploadForm(c, ['file']);
  const file = form.files['file'];
  if (!file) throw fieldError(400, 'Choose a file.', 'file');
  return { file, fields: form.fields };
}

export function mediaLibraryRoutes() {
  return new Hono<AppEnv>()
    .get('/admin/media', validQuery(checkMediaQuery), async (c) => {
      return c.json(await listLibrary(contextOf(c), c.req.valid('query')));
    })
    .get('/admin/media/:id', async (c) => c.json(await libraryItem(contextOf(c), c.req.param('id'))))
    .post('/admin/media', uploadBodyLimit(1, AUDIO_MAX_BYTES), async (c) => {
      const { file, fields } = await fileOf(c);
      const details = passed(checkMediaDetails(fields));
      const item = await addToLibrary(contextOf(c), file, details);
      const answer: MediaItemAnswer = { message: MEDIA_UPLOADED, item };
      return c.json(answer, 201);
    })
    .patch('/admin/media/:id', jsonBody(checkMediaDetails), async (c) => {
      const { item, shownOn } = await saveDetails(contextOf(c), c.req.param('id'), c.req.valid('json'));
      siteChanged(c, 'media', shownOn > 0);
      const answer: MediaItemAnswer = { message: shownOn > 0 ? MEDIA_SAVED_LIVE : MEDIA_SAVED, item };
      return c.json(answer);
    })
    .post('/admin/media/:id/replace', uploadBodyLimit(1, AUDIO_MAX_BYTES), async (c) => {
      const { file } = await fileOf(c);
      const { item, shownOn } = await replaceFile(contextOf(c), c.req.param('id'), file);
      siteChanged(c, 'media', shownOn > 0);
      const answer: MediaItemAnswer = { message: MEDIA_REPLACED, item };
      return c.json(answer);
    })
    .delete('/admin/media/:id', async (c) => {
      const outcome = await deleteFromLibrary(contextOf(c), c.req.param('id'));
      if (!outcome.deleted) return c.json({ message: inUseMessage(outcome.uses), uses: outcome.uses }, 409);
      return c.json({ message: MEDIA_DELETED });
    });
}
