/**
 * Photo edits of Content Management: PUT /api/admin/photos/:id (title, caption, category, tags,
 * published), PATCH (publish state only) and DELETE (the picture leaves DATA_DIR/media once nothing names it).
 */
import type { Photo } from '../../../shared/types.ts';
import type { PhotoEditValues } from '../../../shared/schemas/photo-admin.ts';
import { lacksPublishedTitle, PUBLISHED_PHOTO_TITLE } from '../../../shared/schemas/photo.ts';
import { fieldError } from '../../http/errors.ts';
import { releaseMediaIfUnused } from '../../media/media-release.ts';
import { unclaimMedia } from '../../media/pending-media.ts';
import { readBack } from '../../db/read-back.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { deletePhotoRow, findPhotoRow, updatePhotoRow } from './content.admin.repository.ts';
import { bool, photoFromRow } from './content.mappers.ts';
import { missing, type ContentWriteContext } from './content.admin.service.ts';
import { withKnownCategory } from '../categories/category-check.ts';

const NOT_FOUND = 'Photo';

/** The photo after the edit, and whether the public site shows a change (it was or is published). */
export interface PhotoWrite {
  photo: Photo;
  publicChange: boolean;
}

/** PUT and PATCH: the given fields changed, the rest kept; one audit entry in the same transaction. */
export async function editPhoto(ctx: ContentWriteContext, id: string, sent: PhotoEditValues): Promise<PhotoWrite> {
  const values = await withKnownCategory(ctx.db, 'photo', sent);
  return ctx.db.transaction().execute(async (trx) => {
    const before = await findPhotoRow(trx, id);
    if (!before) throw missing(NOT_FOUND);
    const { tags, ...rest } = values;
    const changes = { ...rest, ...(tags ? { tags: JSON.stringify(tags) } : {}) };
    if (Object.keys(changes).length > 0) await updatePhotoRow(trx, id, changes);
    const after = readBack(await findPhotoRow(trx, id), `photo ${id}`);
    // Judged on the photo as the edit leaves it: the throw rolls the change back.
    if (lacksPublishedTitle({ published: bool(after.published), title: after.title }))
      throw fieldError(400, PUBLISHED_PHOTO_TITLE, 'title');
    const title = after.title || 'Untitled';
    const was = bool(before.published);
    const is = bool(after.published);
    const summary = was === is ? `Photo "${title}" edited` : `Photo "${title}" ${is ? 'published' : 'unpublished'}`;
    await recordAudit(trx, ctx.actor, { action: 'photo.update', target: { type: 'photo', id }, summary });
    return { photo: photoFromRow(after), publicChange: was || is };
  });
}

/** DELETE: the row and its audit entry, then the picture released; whether the public site showed it. */
export async function deletePhoto(ctx: ContentWriteContext, id: string): Promise<{ publicChange: boolean }> {
  const row = await ctx.db.transaction().execute(async (trx) => {
    const found = await deletePhotoRow(trx, id);
    if (!found) throw missing(NOT_FOUND);
    await unclaimMedia(trx, found.image);
    await recordAudit(trx, ctx.actor, {
      action: 'photo.delete',
      target: { type: 'photo', id },
      summary: `Photo "${found.title || 'Untitled'}" deleted`,
    });
    return found;
  });
  await releaseMediaIfUnused(ctx.db, ctx.dataDir, row.image);
  return { publicChange: bool(row.published) };
}
