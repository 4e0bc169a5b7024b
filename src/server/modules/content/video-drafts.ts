/**
 * A video as its drafts and versions see it (drafts/draft.service.ts), and its draft and history calls under
 * /api/admin/videos/:id (the guard's `content` part: whoever may change a video may keep a draft of it and publish it).
 * The draft's PUT takes JSON, as the video's own: the form sends no poster, so a draft keeps the video's, or the one a
 * restored version names, which publishing puts in place.
 */
import { omit } from '../../../shared/omit.ts';
import { checkVideo, type AdminVideo, type VideoDraftFields } from '../../../shared/schemas/video-admin.ts';
import type { Video } from '../../../shared/types.ts';
import type { Db } from '../../db/connection.ts';
import { fieldError } from '../../http/errors.ts';
import { withKnownCategory } from '../categories/category-check.ts';
import type { DraftRoutes } from '../drafts/draft.routes.ts';
import { previewFields, type Draftable } from '../drafts/draft.service.ts';
import { findVideoRow } from './content.admin.repository.ts';
import { bool, videoFromRow } from './content.mappers.ts';
import { videoVersioned, type VideoRow } from './video-versions.ts';
import { findAdminVideo, foundVideo, videoLabel, writeVideoChanges } from './videos.admin.ts';

/** Sent fields checked as the video's PUT checks them (every field), the category known to the company. */
async function checkedValues(db: Db, input: Record<string, unknown>) {
  const check = checkVideo(input);
  if (!check.ok) throw fieldError(400, check.message, check.field);
  return withKnownCategory(db, 'video', check.value);
}

export const videoDraftable: Draftable<VideoRow, VideoDraftFields> = {
  ...videoVersioned,
  label: (fields) => videoLabel(fields.name),
  find: findVideoRow,
  visible: (_actor, row) => foundVideo(row),
  changeable: (_actor, row) => foundVideo(row),
  mayPublish: () => undefined,
  prepare: async (ctx, input) => omit(await checkedValues(ctx.db, input), 'published'),
  publish: async (ctx, id, fields, picture, also) => {
    const values = await checkedValues(ctx.db, { ...omit(fields, 'poster'), published: true });
    const poster = picture.image ?? (picture.remove ? '' : undefined);
    const { publicChange } = await writeVideoChanges(ctx, id, values, poster, {
      what: 'published from its draft',
      action: 'publish',
      also,
    });
    return { publicChange };
  },
};

export const videoDrafts: DraftRoutes<VideoRow, VideoDraftFields, AdminVideo> = {
  draftable: videoDraftable,
  path: '/admin/videos/:id',
  site: 'videos',
  item: (db, _actor, id) => findAdminVideo(db, id),
};

/** The video as its card will show it: the draft applied when it has one (a preview link's view). */
export async function videoPreview(
  db: Db,
  id: string,
): Promise<{ item: Video; draft: boolean; published: boolean } | null> {
  const found = await previewFields(db, videoDraftable, id);
  if (!found) return null;
  const { row, fields, draft } = found;
  const item = videoFromRow({ ...row, ...omit(fields, 'tags'), tags: JSON.stringify(fields.tags) });
  return { item, draft, published: bool(row.published) };
}
