/**
 * Audio of Content Management: the admin list (drafts included), create with a file, edit (a new
 * file optional), publish and delete. A file is stored before the transaction that names it and released again when
 * that write fails; a replaced or deleted item's file leaves DATA_DIR/media once nothing names it.
 */
import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import { AUDIO_REQUIRED, type AdminAudio, type AudioValues } from '../../../shared/schemas/audio-admin.ts';
import type { Db } from '../../db/connection.ts';
import type { AudiosTable } from '../../db/schema.ts';
import { ApiError, fieldError } from '../../http/errors.ts';
import { releaseMediaIfUnused, writeNamingFile } from '../../media/media-release.ts';
import { claimMedia, unclaimMedia } from '../../media/pending-media.ts';
import type { UploadInput } from '../../media/upload-check.ts';
import { readBack } from '../../db/read-back.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import {
  deleteAudioRow,
  findAudioRow,
  insertAudioRow,
  listAudioRows,
  listReviewRowsOf,
  updateAudioRow,
} from './content.admin.repository.ts';
import { checkAudioFile } from './audio-check.ts';
import { storeAudioFile } from './audio-file.ts';
import { missing, type ContentWriteContext } from './content.admin.service.ts';
import { audioFromRow, bool, groupBy, reviewFromRow } from './content.mappers.ts';
import { withKnownCategory } from '../categories/category-check.ts';

const NOT_FOUND = 'Audio';

/** What a write answers, and whether the public site shows a change. */
export interface AudioWrite {
  audio: AdminAudio;
  publicChange: boolean;
}

async function toAdmin(db: Db, rows: Selectable<AudiosTable>[]): Promise<AdminAudio[]> {
  const byAudio = groupBy(
    await listReviewRowsOf(
      db,
      rows.map((r) => r.id),
    ),
    'audio_id',
  );
  return rows.map((r) => ({
    ...audioFromRow(r, (byAudio.get(r.id) ?? []).map(reviewFromRow)),
    published: bool(r.published),
  }));
}

const one = async (db: Db, id: string) => {
  const [audio] = await toAdmin(db, [readBack(await findAudioRow(db, id), `audio ${id}`)]);
  if (!audio) throw new Error(`audio ${id} was read but has no admin view`);
  return audio;
};

/** GET /api/admin/audios: every item, drafts included, newest first. */
export async function adminAudios(db: Db): Promise<AdminAudio[]> {
  return toAdmin(db, await listAudioRows(db));
}

/** The checked file stored (415 naming `audio` when it is not audio): its URL and duration. */
async function storeUpload(ctx: ContentWriteContext, upload: UploadInput) {
  let checked;
  try {
    checked = await checkAudioFile(upload.bytes);
  } catch (error) {
    if (error instanceof ApiError) throw fieldError(error.status, error.message, 'audio');
    throw error;
  }
  return { url: await storeAudioFile(ctx.db, ctx.dataDir, upload.bytes, checked), duration: checked.duration };
}

const columns = ({ tags, ...rest }: AudioValues) => ({ ...rest, tags: JSON.stringify(tags) });

/** POST /api/admin/audios: the fields and a required audio file. */
export async function createAudio(
  ctx: ContentWriteContext,
  sent: AudioValues,
  upload: UploadInput | undefined,
): Promise<AudioWrite> {
  const values = await withKnownCategory(ctx.db, 'audio', sent, 'type');
  if (!upload) throw fieldError(400, AUDIO_REQUIRED, 'audio');
  const file = await storeUpload(ctx, upload);
  const id = randomUUID();
  await writeNamingFile(ctx, file.url, () =>
    ctx.db.transaction().execute(async (trx) => {
      const now = new Date().toISOString();
      await insertAudioRow(trx, {
        id,
        ...columns(values),
        audio_file: file.url,
        duration: file.duration,
        created_at: now,
        updated_at: now,
      });
      await claimMedia(trx, file.url);
      const summary = `Audio "${values.name}" created${values.published ? '' : ' as a draft'}`;
      await recordAudit(trx, ctx.actor, { action: 'audio.create', target: { type: 'audio', id }, summary });
    }),
  );
  return { audio: await one(ctx.db, id), publicChange: values.published };
}

/** PUT (every field, a new file optional) or PATCH (publish state only) of /api/admin/audios/:id. */
export async function updateAudio(
  ctx: ContentWriteContext,
  id: string,
  sent: AudioValues | { published: boolean },
  upload?: UploadInput,
): Promise<AudioWrite> {
  const values = await withKnownCategory(ctx.db, 'audio', sent, 'type');
  if (!(await findAudioRow(ctx.db, id))) throw missing(NOT_FOUND);
  const file = upload ? await storeUpload(ctx, upload) : null;
  const [before, after] = await writeNamingFile(
    ctx,
    file?.url,
    () =>
      ctx.db.transaction().execute(async (trx) => {
        const found = await findAudioRow(trx, id);
        if (!found) throw missing(NOT_FOUND);
        const changes = 'name' in values ? columns(values) : values;
        const replaced = file ? { audio_file: file.url, duration: file.duration } : {};
        await updateAudioRow(trx, id, { ...changes, ...replaced, updated_at: new Date().toISOString() });
        await claimMedia(trx, file?.url);
        if (file) await unclaimMedia(trx, found.audio_file);
        const row = readBack(await findAudioRow(trx, id), `audio ${id}`);
        const was = bool(found.published);
        const is = bool(row.published);
        const summary =
          was === is
            ? `Audio "${row.name}" edited${file ? ' (new file)' : ''}`
            : `Audio "${row.name}" ${is ? 'published' : 'unpublished'}`;
        await recordAudit(trx, ctx.actor, { action: 'audio.update', target: { type: 'audio', id }, summary });
        return [found, row] as const;
      }),
    ([found]) => (file ? found.audio_file : undefined),
  );
  return { audio: await one(ctx.db, id), publicChange: bool(before.published) || bool(after.published) };
}

/** DELETE /api/admin/audios/:id: the row (its reviews cascade), then its file released. */
export async function deleteAudio(ctx: ContentWriteContext, id: string): Promise<{ publicChange: boolean }> {
  const row = await ctx.db.transaction().execute(async (trx) => {
    const found = await deleteAudioRow(trx, id);
    if (!found) throw missing(NOT_FOUND);
    await unclaimMedia(trx, found.audio_file);
    await recordAudit(trx, ctx.actor, {
      action: 'audio.delete',
      target: { type: 'audio', id },
      summary: `Audio "${found.name}" deleted`,
    });
    return found;
  });
  await releaseMediaIfUnused(ctx.db, ctx.dataDir, row.audio_file);
  return { publicChange: bool(row.published) };
}
