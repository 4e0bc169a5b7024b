/**
 * A photo as its drafts and versions see it (drafts/draft.service.ts), and its draft and history calls under
 * /api/admin/photos/:id (the guard's `content` part: whoever may change a photo may keep a draft of it and publish it).
 * The draft's PUT takes JSON, as the photo's own: a photo is its picture, which no edit replaces, so a draft holds the
 * edit dialog's fields alone and the preview shows the photo's own picture.
 */
import type { AdminPhoto, PhotoDraftFields } from '../../../shared/photos-admin.ts';
import { omit } from '../../../shared/omit.ts';
import { checkPhotoEdit } from '../../../shared/schemas/photo-admin.ts';
import { lacksPublishedTitle, PUBLISHED_PHOTO_TITLE } from '../../../shared/schemas/photo.ts';
import type { Photo } from '../../../shared/types.ts';
import type { Db } from '../../db/connection.ts';
import { fieldError } from '../../http/errors.ts';
import { withKnownCategory } from '../categories/category-check.ts';
import type { DraftRoutes } from '../drafts/draft.routes.ts';
import { previewFields, type Draftable } from '../drafts/draft.service.ts';
import { findPhotoRow } from './content.admin.repository.ts';
import { bool, photoFromRow } from './content.mappers.ts';
import { photoVersioned, type PhotoRow } from './photo-versions.ts';
import { findAdminPhoto, foundPhoto, photoLabel, writePhotoChanges } from './photos.edit.ts';

/** Sent fields checked as the photo's PUT checks them, the category known to the company. */
async function checkedValues(db: Db, input: Record<string, unknown>) {
  const check = checkPhotoEdit(input);
  if (!check.ok) throw fieldError(400, check.message, check.field);
  return withKnownCategory(db, 'photo', check.value);
}

export const photoDraftable: Draftable<PhotoRow, PhotoDraftFields> = {
  ...photoVersioned,
  label: (fields) => photoLabel(fields.title),
  find: findPhotoRow,
  visible: (_actor, row) => foundPhoto(row),
  changeable: (_actor, row) => foundPhoto(row),
  mayPublish: () => undefined,
  prepare: async (ctx, input) => {
    const values = omit(await checkedValues(ctx.db, input), 'published');
    // A draft is what publishing it will show: a title emptied now is refused now, as the PUT of a published photo is.
    if (values.title !== undefined && lacksPublishedTitle({ published: true, title: values.title }))
      throw fieldError(400, PUBLISHED_PHOTO_TITLE, 'title');
    return values;
  },
  publish: async (ctx, id, fields, _picture, also) => {
    const values = await checkedValues(ctx.db, { ...fields, published: true });
    const { publicChange } = await writePhotoChanges(ctx, id, values, {
      what: 'published from its draft',
      action: 'publish',
      also,
    });
    return { publicChange };
  },
};

export const photoDrafts: DraftRoutes<PhotoRow, PhotoDraftFields, AdminPhoto> = {
  draftable: photoDraftable,
  path: '/admin/photos/:id',
  site: 'photos',
  item: (db, _actor, id) => findAdminPhoto(db, id),
};

/** The photo as its card and lightbox will show it: the draft applied when it has one (a preview link's view). */
export async function photoPreview(
  db: Db,
  id: string,
): Promise<{ item: Photo; draft: boolean; published: boolean } | null> {
  const found = await previewFields(db, photoDraftable, id);
  if (!found) return null;
  const { row, fields, draft } = found;
  const item = photoFromRow({ ...row, ...omit(fields, 'tags'), tags: JSON.stringify(fields.tags) });
  return { item, draft, published: bool(row.published) };
}
