/**
 * Admin photo uploads: the picture is stored before the transaction that writes the row, its first version and its
 * audit entry, and released again when that write fails. The caller asks for the site rebuild after it returned.
 */
import { randomUUID } from 'node:crypto';
import { checkPhotoUpload, photoResolution } from '../../../shared/schemas/photo.ts';
import type { Photo } from '../../../shared/types.ts';
import type { Db } from '../../db/connection.ts';
import { fieldError } from '../../http/errors.ts';
import { readBack } from '../../db/read-back.ts';
import { storeUploadedPicture, type UploadForm } from '../../media/upload-check.ts';
import { writeNamingFile } from '../../media/media-release.ts';
import { claimMedia } from '../../media/pending-media.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import type { AuthUser } from '../auth/user-dto.ts';
import { findPhotoRow, insertPhotoRow } from '../content/content.admin.repository.ts';
import { photoFromRow } from '../content/content.mappers.ts';
import { photoVersioned } from '../content/photo-versions.ts';
import { photoLabel } from '../content/photos.edit.ts';
import { keepItemVersion } from '../revisions/keep-revision.ts';

export const PHOTO_REQUIRED = 'Choose an image file.';

/** Where stored pictures live (DATA_DIR) and who is writing. */
export interface PhotoWriteContext {
  db: Db;
  dataDir: string;
  actor: AuthUser;
}

/** POST /api/admin/photos/upload: the new photo as GET /api/photos maps it. */
export async function uploadPhoto(ctx: PhotoWriteContext, form: UploadForm): Promise<Photo> {
  const check = checkPhotoUpload(form.fields);
  if (!check.ok) throw fieldError(400, check.message, check.field);
  const upload = form.files['photo'];
  if (!upload) throw fieldError(400, PHOTO_REQUIRED, 'photo');
  const { title, caption, published } = check.value;
  const picture = await storeUploadedPicture(ctx.db, ctx.dataDir, 'photo', upload, 'photo');
  const id = randomUUID();
  return writeNamingFile(ctx, picture.url, () =>
    ctx.db.transaction().execute(async (trx) => {
      await insertPhotoRow(trx, {
        id,
        title,
        caption,
        image: picture.url,
        tags: '[]',
        category: '',
        published,
        resolution: photoResolution(picture.width, picture.height),
        created_at: new Date().toISOString(),
      });
      await claimMedia(trx, picture.url);
      const created = readBack(await findPhotoRow(trx, id), `photo ${id}`);
      await keepItemVersion(trx, photoVersioned, ctx.actor, id, 'create', created);
      const summary = `${photoLabel(title)} uploaded${published ? '' : ' as a draft'}`;
      await recordAudit(trx, ctx.actor, { action: 'photo.create', target: { type: 'photo', id }, summary });
      return photoFromRow(created);
    }),
  );
}
