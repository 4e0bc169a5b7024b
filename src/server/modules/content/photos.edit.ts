/**
 * Photo edits of Content Management: the admin list (drafts included, each with its draft's who and when), PUT
 * /api/admin/photos/:id (title, caption, category, tags, published), PATCH (publish state only) and DELETE (the
 * picture leaves DATA_DIR/media once nothing names it). An edit of the fields keeps a version; the picture is the
 * photo itself, which no edit replaces.
 */
import type { DraftInfo } from '../../../shared/drafts.ts';
import type { AdminPhoto } from '../../../shared/photos-admin.ts';
import type { PhotoEditValues } from '../../../shared/schemas/photo-admin.ts';
import { lacksPublishedTitle, PUBLISHED_PHOTO_TITLE } from '../../../shared/schemas/photo.ts';
import type { Db } from '../../db/connection.ts';
import { fieldError } from '../../http/errors.ts';
import { releaseEachIfUnused } from '../../media/media-release.ts';
import { unclaimMedia } from '../../media/pending-media.ts';
import { readBack } from '../../db/read-back.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import type { ItemWriteNote } from '../drafts/draft.service.ts';
import { deleteDraftRow, draftInfo, draftInfos, findDraftRow } from '../drafts/drafts.repository.ts';
import { dropItemRevisions, keepItemVersion, pruneRevisions } from '../revisions/keep-revision.ts';
import { deletePhotoRow, findPhotoRow, updatePhotoRow } from './content.admin.repository.ts';
import { listPhotos } from './content.repository.ts';
import { bool, photoFromRow } from './content.mappers.ts';
import { missing, type ContentWriteContext } from './content.admin.service.ts';
import { withKnownCategory } from '../categories/category-check.ts';
import { photoVersioned, type PhotoRow } from './photo-versions.ts';

const NOT_FOUND = 'Photo';

/** The photo in the audit's words: `Photo "Harbour at dawn"` (an untitled draft is `Photo "Untitled"`). */
export const photoLabel = (title: string) => `Photo "${title || 'Untitled'}"`;

const adminPhoto = (row: PhotoRow, draft: DraftInfo | null = null): AdminPhoto => ({ ...photoFromRow(row), draft });

/** The row when there is one; else the photo's 404. */
export function foundPhoto<T>(row: T | undefined): T {
  if (!row) throw missing(NOT_FOUND);
  return row;
}

/** The row as the admin reads it, with its draft's who and when (read in the same scope). */
async function withDraft(db: Db, row: PhotoRow): Promise<AdminPhoto> {
  const draft = await findDraftRow(db, 'photo', row.id);
  return adminPhoto(row, draft ? draftInfo(draft) : null);
}

/** GET /api/admin/photos: every photo, drafts included, newest first, each with its draft's who and when. */
export async function adminPhotos(db: Db): Promise<AdminPhoto[]> {
  const [rows, drafts] = await Promise.all([listPhotos(db, true), draftInfos(db, 'photo')]);
  return rows.map((row) => adminPhoto(row, drafts.get(row.id) ?? null));
}

/** The photo as the admin reads it, its draft included; 404 for none. */
export async function findAdminPhoto(db: Db, id: string): Promise<AdminPhoto> {
  return withDraft(db, foundPhoto(await findPhotoRow(db, id)));
}

/** The photo after the edit, and whether the public site shows a change (it was or is published). */
export interface PhotoWrite {
  photo: AdminPhoto;
  publicChange: boolean;
}

/**
 * PUT and PATCH (and a scheduled publish): the given fields changed, the rest kept. A change of the publish state
 * alone keeps no version: the state is no field of one.
 */
export async function editPhoto(ctx: ContentWriteContext, id: string, sent: PhotoEditValues): Promise<PhotoWrite> {
  const stateOnly = Object.keys(sent).every((key) => key === 'published');
  return writePhotoChanges(ctx, id, sent, stateOnly ? null : { what: 'edited', action: 'update' });
}

/**
 * Writes checked values to a photo (a PUT, a PATCH, or a draft being published) with its audit entry, and keeps the
 * version it made; `note` null: no version (the state alone changed).
 */
export async function writePhotoChanges(
  ctx: ContentWriteContext,
  id: string,
  sent: PhotoEditValues,
  note: ItemWriteNote | null,
): Promise<PhotoWrite> {
  const values = await withKnownCategory(ctx.db, 'photo', sent);
  const written = await ctx.db.transaction().execute(async (trx) => {
    const before = foundPhoto(await findPhotoRow(trx, id));
    const { tags, ...rest } = values;
    const changes = { ...rest, ...(tags ? { tags: JSON.stringify(tags) } : {}) };
    if (Object.keys(changes).length > 0) await updatePhotoRow(trx, id, changes);
    await note?.also?.(trx);
    const after = readBack(await findPhotoRow(trx, id), `photo ${id}`);
    // Judged on the photo as the edit leaves it: the throw rolls the change back.
    if (lacksPublishedTitle({ published: bool(after.published), title: after.title }))
      throw fieldError(400, PUBLISHED_PHOTO_TITLE, 'title');
    if (note) await keepItemVersion(trx, photoVersioned, ctx.actor, id, note.action, after, before);
    const was = bool(before.published);
    const is = bool(after.published);
    // A change of state says so; publishing a draft says where it came from.
    const done = was === is || note?.action === 'publish' ? (note?.what ?? 'edited') : is ? 'published' : 'unpublished';
    await recordAudit(trx, ctx.actor, {
      action: 'photo.update',
      target: { type: 'photo', id },
      summary: `${photoLabel(after.title)} ${done}`,
    });
    return { photo: await withDraft(trx, after), publicChange: was || is };
  });
  if (note) await pruneRevisions(ctx, 'photo', id);
  return written;
}

/**
 * DELETE: the row, its draft and its versions, with its audit entry; then the picture released once nothing names
 * it. Whether the public site showed it.
 */
export async function deletePhoto(ctx: ContentWriteContext, id: string): Promise<{ publicChange: boolean }> {
  const row = await ctx.db.transaction().execute(async (trx) => {
    const found = foundPhoto(await deletePhotoRow(trx, id));
    await deleteDraftRow(trx, 'photo', id);
    await unclaimMedia(trx, found.image);
    const versionPictures = await dropItemRevisions(trx, 'photo', id);
    await recordAudit(trx, ctx.actor, {
      action: 'photo.delete',
      target: { type: 'photo', id },
      summary: `${photoLabel(found.title)} deleted`,
    });
    return { ...found, dropped: [found.image, ...versionPictures] };
  });
  await releaseEachIfUnused(ctx, row.dropped);
  return { publicChange: bool(row.published) };
}
