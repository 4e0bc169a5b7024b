/**
 * Audio of Content Management: the admin list (drafts included), create with a file and an optional cover, edit (a
 * new file or cover optional, the cover removable), a new file alone (at once, whatever the item's draft holds),
 * publish and delete. A file is stored before the transaction that names it and released again when that write fails;
 * a replaced or deleted item's files leave DATA_DIR/media once nothing names them. Each create and edit keeps a
 * version (revisions/keep-revision.ts); the audio file is no part of one.
 */
import { randomUUID } from 'node:crypto';
import type { DraftInfo } from '../../../shared/drafts.ts';
import { AUDIO_REQUIRED, type AdminAudio, type AudioValues } from '../../../shared/schemas/audio-admin.ts';
import type { Db } from '../../db/connection.ts';
import { ApiError, fieldError } from '../../http/errors.ts';
import { releaseEachIfUnused, releaseMediaIfUnused, writeNamingFile } from '../../media/media-release.ts';
import { claimMedia, unclaimMedia } from '../../media/pending-media.ts';
import { storeFormPicture, type UploadInput, type WriteBody } from '../../media/upload-check.ts';
import { readBack } from '../../db/read-back.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import type { ItemWriteNote, PictureChange } from '../drafts/draft.service.ts';
import { deleteDraftRow, draftInfo, draftInfos, findDraftRow } from '../drafts/drafts.repository.ts';
import { dropItemRevisions, keepItemVersion, pruneRevisions } from '../revisions/keep-revision.ts';
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
import { audioVersioned, type AudioRow } from './audio-versions.ts';
import { missing, type ContentWriteContext } from './content.admin.service.ts';
import { audioFromRow, bool, groupBy, reviewFromRow } from './content.mappers.ts';
import { withKnownCategory } from '../categories/category-check.ts';

const NOT_FOUND = 'Audio';

/** The item in the audit's words: `Audio "Harbour bells"`. */
export const audioLabel = (name: string) => `Audio "${name}"`;

/** What a write answers, and whether the public site shows a change. */
export interface AudioWrite {
  audio: AdminAudio;
  publicChange: boolean;
}

/** A stored audio file: its URL and the duration read from it. */
interface StoredAudio {
  url: string;
  duration: number;
}

/** What a write does to the item's files: a new audio file (none keeps it), and the cover's change. */
export interface AudioFileChanges {
  audio?: StoredAudio | undefined;
  cover: PictureChange;
}

async function toAdmin(db: Db, rows: AudioRow[], drafts: Map<string, DraftInfo>): Promise<AdminAudio[]> {
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
    draft: drafts.get(r.id) ?? null,
  }));
}

/** The item as the admin reads it, its draft included; 404 for none. */
export async function findAdminAudio(db: Db, id: string): Promise<AdminAudio> {
  const row = await findAudioRow(db, id);
  if (!row) throw missing(NOT_FOUND);
  const draft = await findDraftRow(db, 'audio', id);
  const [audio] = await toAdmin(db, [row], new Map(draft ? [[id, draftInfo(draft)]] : []));
  if (!audio) throw new Error(`audio ${id} was read but has no admin view`);
  return audio;
}

/** The row when there is one; else the item's 404. */
export function foundAudio<T>(row: T | undefined): T {
  if (!row) throw missing(NOT_FOUND);
  return row;
}

/** GET /api/admin/audios: every item, drafts included, newest first. */
export async function adminAudios(db: Db): Promise<AdminAudio[]> {
  const [rows, drafts] = await Promise.all([listAudioRows(db), draftInfos(db, 'audio')]);
  return toAdmin(db, rows, drafts);
}

/** The checked file stored (415 naming `audio` when it is not audio): its URL and duration. */
async function storeUpload(ctx: ContentWriteContext, upload: UploadInput): Promise<StoredAudio> {
  let checked;
  try {
    checked = await checkAudioFile(upload.bytes);
  } catch (error) {
    if (error instanceof ApiError) throw fieldError(error.status, error.message, 'audio');
    throw error;
  }
  return { url: await storeAudioFile(ctx.db, ctx.dataDir, upload.bytes, checked), duration: checked.duration };
}

/**
 * The files a POST or PUT sent, checked and stored: the audio file, and the cover (a picture; `cover` sent empty
 * without a file removes it). A cover refused releases the audio file stored just before it.
 */
async function storeSentFiles(ctx: ContentWriteContext, form: WriteBody): Promise<AudioFileChanges> {
  const upload = form.files['audio'];
  const audio = upload ? await storeUpload(ctx, upload) : undefined;
  try {
    const image = await storeFormPicture(ctx.db, ctx.dataDir, form, 'cover', 'audio');
    return { audio, cover: { image, remove: !image && form.fields['cover'] === '' } };
  } catch (error) {
    await releaseMediaIfUnused(ctx.db, ctx.dataDir, audio?.url);
    throw error;
  }
}

const columns = ({ tags, ...rest }: Partial<AudioValues>) => ({
  ...rest,
  ...(tags === undefined ? {} : { tags: JSON.stringify(tags) }),
});

/** POST /api/admin/audios: the fields, a required audio file and an optional cover. */
export async function createAudio(ctx: ContentWriteContext, sent: AudioValues, form: WriteBody): Promise<AudioWrite> {
  const values = await withKnownCategory(ctx.db, 'audio', sent, 'type');
  if (!form.files['audio']) throw fieldError(400, AUDIO_REQUIRED, 'audio');
  const { audio: file, cover } = await storeSentFiles(ctx, form);
  if (!file) throw new Error('the audio file sent was not stored');
  const id = randomUUID();
  await writeNamingFile(ctx, file.url, () =>
    writeNamingFile(ctx, cover.image, () =>
      ctx.db.transaction().execute(async (trx) => {
        const now = new Date().toISOString();
        await insertAudioRow(trx, {
          id,
          ...columns(values),
          name: values.name,
          audio_file: file.url,
          duration: file.duration,
          cover: cover.image ?? '',
          created_at: now,
          updated_at: now,
        });
        await claimMedia(trx, file.url, cover.image);
        const created = readBack(await findAudioRow(trx, id), `audio ${id}`);
        await keepItemVersion(trx, audioVersioned, ctx.actor, id, 'create', created);
        const summary = `${audioLabel(values.name)} created${values.published ? '' : ' as a draft'}`;
        await recordAudit(trx, ctx.actor, { action: 'audio.create', target: { type: 'audio', id }, summary });
      }),
    ),
  );
  return { audio: await findAdminAudio(ctx.db, id), publicChange: values.published };
}

/** PUT /api/admin/audios/:id: every field, a new file or cover optional (`cover` sent empty removes it). */
export async function updateAudio(
  ctx: ContentWriteContext,
  id: string,
  sent: AudioValues,
  form: WriteBody,
): Promise<AudioWrite> {
  const values = await withKnownCategory(ctx.db, 'audio', sent, 'type');
  foundAudio(await findAudioRow(ctx.db, id));
  const files = await storeSentFiles(ctx, form);
  return writeAudioChanges(ctx, id, values, files, { what: 'edited', action: 'update' });
}

/**
 * Writes checked values and files to an item (a PUT, or a draft being published) and keeps the version it made; a
 * file or cover it replaced leaves the media store once nothing names it, and versions beyond the limit are pruned.
 */
export async function writeAudioChanges(
  ctx: ContentWriteContext,
  id: string,
  values: Partial<AudioValues>,
  files: AudioFileChanges,
  { what, action, also }: ItemWriteNote,
): Promise<AudioWrite> {
  const { audio, cover } = files;
  const newCover = cover.image ?? (cover.remove ? '' : undefined);
  const { before, after } = await writeNamingFile(
    ctx,
    audio?.url,
    () =>
      writeNamingFile(
        ctx,
        cover.image,
        () =>
          ctx.db.transaction().execute(async (trx) => {
            const before = foundAudio(await findAudioRow(trx, id));
            await updateAudioRow(trx, id, {
              ...columns(values),
              ...(audio ? { audio_file: audio.url, duration: audio.duration } : {}),
              ...(newCover === undefined ? {} : { cover: newCover }),
              updated_at: new Date().toISOString(),
            });
            await claimMedia(trx, audio?.url, cover.image);
            if (audio) await unclaimMedia(trx, before.audio_file);
            if (newCover !== undefined && newCover !== before.cover) await unclaimMedia(trx, before.cover);
            await also?.(trx);
            const after = readBack(await findAudioRow(trx, id), `audio ${id}`);
            await keepItemVersion(trx, audioVersioned, ctx.actor, id, action, after, before);
            const [was, is] = [bool(before.published), bool(after.published)];
            const summary =
              action === 'update' && was !== is
                ? `${audioLabel(after.name)} ${is ? 'published' : 'unpublished'}`
                : `${audioLabel(after.name)} ${what}${audio ? ' (new file)' : ''}`;
            await recordAudit(trx, ctx.actor, { action: 'audio.update', target: { type: 'audio', id }, summary });
            return { before, after };
          }),
        (written) => (written.before.cover !== written.after.cover ? written.before.cover : undefined),
      ),
    (written) => (audio ? written.before.audio_file : undefined),
  );
  await pruneRevisions(ctx, 'audio', id);
  return {
    audio: await findAdminAudio(ctx.db, id),
    publicChange: bool(before.published) || bool(after.published),
  };
}

/** PUT /api/admin/audios/:id/file: a new audio file for the item at once (a draft holds none), its duration read. */
export async function replaceAudioFile(
  ctx: ContentWriteContext,
  id: string,
  upload: UploadInput | undefined,
): Promise<AudioWrite> {
  foundAudio(await findAudioRow(ctx.db, id));
  if (!upload) throw fieldError(400, AUDIO_REQUIRED, 'audio');
  const file = await storeUpload(ctx, upload);
  const before = await writeNamingFile(
    ctx,
    file.url,
    () =>
      ctx.db.transaction().execute(async (trx) => {
        const found = foundAudio(await findAudioRow(trx, id));
        await updateAudioRow(trx, id, {
          audio_file: file.url,
          duration: file.duration,
          updated_at: new Date().toISOString(),
        });
        await claimMedia(trx, file.url);
        await unclaimMedia(trx, found.audio_file);
        await recordAudit(trx, ctx.actor, {
          action: 'audio.update',
          target: { type: 'audio', id },
          summary: `${audioLabel(found.name)} file replaced`,
        });
        return found;
      }),
    (found) => found.audio_file,
  );
  return { audio: await findAdminAudio(ctx.db, id), publicChange: bool(before.published) };
}

/** PATCH /api/admin/audios/:id: publishes the item or takes it back to a draft (no version: no field changes). */
export async function setAudioPublished(ctx: ContentWriteContext, id: string, published: boolean): Promise<AudioWrite> {
  const changed = await ctx.db.transaction().execute(async (trx) => {
    const found = foundAudio(await findAudioRow(trx, id));
    if (bool(found.published) === published) return false;
    await updateAudioRow(trx, id, { published, updated_at: new Date().toISOString() });
    await recordAudit(trx, ctx.actor, {
      action: 'audio.update',
      target: { type: 'audio', id },
      summary: `${audioLabel(found.name)} ${published ? 'published' : 'unpublished'}`,
    });
    return true;
  });
  return { audio: await findAdminAudio(ctx.db, id), publicChange: changed };
}

/**
 * DELETE /api/admin/audios/:id: the row (its reviews cascade), its draft and versions, then every file only they
 * named released.
 */
export async function deleteAudio(ctx: ContentWriteContext, id: string): Promise<{ publicChange: boolean }> {
  const row = await ctx.db.transaction().execute(async (trx) => {
    const found = foundAudio(await deleteAudioRow(trx, id));
    const draft = await deleteDraftRow(trx, 'audio', id);
    await unclaimMedia(trx, found.audio_file, found.cover, draft?.picture);
    const versionPictures = await dropItemRevisions(trx, 'audio', id);
    await recordAudit(trx, ctx.actor, {
      action: 'audio.delete',
      target: { type: 'audio', id },
      summary: `${audioLabel(found.name)} deleted`,
    });
    return { ...found, dropped: [found.audio_file, found.cover, draft?.picture, ...versionPictures] };
  });
  await releaseEachIfUnused(ctx, row.dropped);
  return { publicChange: bool(row.published) };
}
