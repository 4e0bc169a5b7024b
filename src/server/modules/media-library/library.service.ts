/**
 * The media library's writes: a file added (kept while nothing uses it), its details saved, its file replaced at the
 * same address, and a delete refused while anything visitors see uses it. Documents are listed, never written here. A role without `content` (an author)
 * reaches only the files it added here.
 */
import type { Db } from '../../db/connection.ts';
import { ApiError, fieldError } from '../../http/errors.ts';
import { overwriteMedia, overwritePicture, storeMedia } from '../../media/media-store.ts';
import { deleteMediaRows, releaseMediaIfUnused, removeMediaFiles } from '../../media/media-release.ts';
import { representEverywhere, useCounts, usesOf } from '../../media/media-references.ts';
import { shownInPublishedText, spreadAltText } from '../../media/inline-pictures.ts';
import {
  detectImageType,
  encodeCheckedPicture,
  storeCheckedPicture,
  type UploadInput,
} from '../../media/upload-check.ts';
import { can } from '../../../shared/staff-roles.ts';
import {
  ALT_TEXT_KEPT,
  DOCUMENT_MANAGED_ELSEWHERE,
  MEDIA_NOT_FOUND,
  MEDIA_REPLACE_KIND,
  MEDIA_TITLE_MAX,
  type MediaItemDetail,
  type MediaListAnswer,
  type MediaUse,
} from '../../../shared/media-library.ts';
import type { MediaDetailsInput, MediaQueryInput } from '../../../shared/schemas/media-library.ts';
import { MEDIA_URL_PREFIX } from '../../../shared/media-url.ts';
import { AUDIO_NOT_ALLOWED } from '../../../shared/schemas/audio-admin.ts';
import type { AuthUser } from '../auth/user-dto.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { checkAudioFile } from '../content/audio-check.ts';
import {
  documentItem,
  documentItems,
  isDocumentId,
  libraryRow,
  libraryRows,
  type LibraryRow,
  toMediaItem,
  uuidOf,
} from './library.repository.ts';
import { selectMediaPage } from './library-list.ts';

export interface LibraryContext {
  db: Db;
  dataDir: string;
  actor: AuthUser;
}

/** Whose files a person reaches: everyone's with `content`, else only their own (undefined: everyone's). */
const ownerScope = (actor: AuthUser) => (can(actor.role, 'content') ? undefined : actor.id);

const NOT_MEDIA = `Only pictures (JPEG, PNG, GIF, WEBP) and audio files (MP3, M4A/AAC, OGG/Opus, WAV, FLAC) can be added.`;

export async function listLibrary(ctx: LibraryContext, query: MediaQueryInput): Promise<MediaListAnswer> {
  const owner = ownerScope(ctx.actor);
  const [rows, counts, documents] = await Promise.all([
    libraryRows(ctx.db, owner),
    useCounts(ctx.db),
    // Documents are content: not an author's.
    owner === undefined ? documentItems(ctx.db) : [],
  ]);
  const items = rows.map((row) => {
    const uses = counts.get(uuidOf(row));
    return toMediaItem(row, uses?.count ?? 0, uses?.firstName);
  });
  return selectMediaPage([...items, ...documents], query);
}

/** The stored file `id` a write changes; a document's are the Documents tab's (409). */
async function foundRow(ctx: Pick<LibraryContext, 'db' | 'actor'>, id: string): Promise<LibraryRow> {
  if (isDocumentId(id) && (await documentFor(ctx, id))) throw new ApiError(409, DOCUMENT_MANAGED_ELSEWHERE);
  const row = await libraryRow(ctx.db, id, ownerScope(ctx.actor));
  if (!row) throw new ApiError(404, MEDIA_NOT_FOUND);
  return row;
}

async function detailOf(db: Db, row: LibraryRow): Promise<MediaItemDetail> {
  const uses = await usesOf(db, uuidOf(row));
  return { ...toMediaItem(row, uses.length, uses[0]?.name), uses };
}

const documentFor = async (ctx: Pick<LibraryContext, 'db' | 'actor'>, id: string) =>
  ownerScope(ctx.actor) === undefined ? documentItem(ctx.db, id) : undefined;

export async function libraryItem(ctx: LibraryContext, id: string): Promise<MediaItemDetail> {
  if (isDocumentId(id)) {
    const document = await documentFor(ctx, id);
    if (!document) throw new ApiError(404, MEDIA_NOT_FOUND);
    return document;
  }
  return detailOf(ctx.db, await foundRow(ctx, id));
}

/** A title from the uploaded file's name: no extension, separators as spaces. */
export function titleFromFileName(name: string | undefined): string {
  const stem = (name ?? '')
    .replace(/\.[^.]*$/, '')
    .replace(/[-_]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return stem.slice(0, MEDIA_TITLE_MAX);
}

/** Stores the upload as a picture (re-encoded, with variants) or as audio (checked); 413/415 naming `file`. */
async function storeUpload(ctx: LibraryContext, upload: UploadInput): Promise<string> {
  try {
    if (detectImageType(upload.bytes)) {
      return (await storeCheckedPicture(ctx.db, ctx.dataDir, upload, 'photo')).url;
    }
    const audio = await checkAudioFile(upload.bytes).catch((error: unknown) => {
      throw error instanceof ApiError && error.message === AUDIO_NOT_ALLOWED ? new ApiError(415, NOT_MEDIA) : error;
    });
    return (await storeMedia(ctx.db, ctx.dataDir, upload.bytes, audio.contentType)).url;
  } catch (error) {
    if (error instanceof ApiError && error.field === undefined && error.status !== 503)
      throw fieldError(error.status, error.message, 'file');
    throw error;
  }
}

/** POST /api/admin/media: the file stored, kept in the library, with its details. */
export async function addToLibrary(
  ctx: LibraryContext,
  upload: UploadInput,
  details: MediaDetailsInput,
): Promise<MediaItemDetail> {
  const url = await storeUpload(ctx, upload);
  const fileName = url.slice(MEDIA_URL_PREFIX.length);
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('media')
        .set({
          title: details.title ?? titleFromFileName(upload.fileName),
          alt: details.alt ?? '',
          caption: details.caption ?? '',
          tags: JSON.stringify(details.tags ?? []),
          kept: true,
          uploaded_by: ctx.actor.id,
          pending_since: null,
          updated_at: new Date().toISOString(),
        })
        .where('file_name', '=', fileName)
        .execute();
      await recordAudit(trx, ctx.actor, {
        action: 'media.create',
        target: { type: 'media', id: fileName },
        summary: `File "${details.title ?? titleFromFileName(upload.fileName)}" added to the media library`,
      });
    });
  } catch (error) {
    await releaseMediaIfUnused(ctx.db, ctx.dataDir, url);
    throw error;
  }
  const row = await ctx.db.selectFrom('media').select('id').where('file_name', '=', fileName).executeTakeFirstOrThrow();
  return libraryItem(ctx, row.id);
}

export interface LibraryWrite {
  item: MediaItemDetail;
  /** How many records show the file: a change visitors see once the site is rebuilt. */
  shownOn: number;
}

/** PATCH /api/admin/media/:id: title, alt text, caption, tags, focal point; the references follow a new focal point. */
export async function saveDetails(ctx: LibraryContext, id: string, details: MediaDetailsInput): Promise<LibraryWrite> {
  const row = await foundRow(ctx, id);
  const focalX = details.focalX ?? row.focal_x;
  const focalY = details.focalY ?? row.focal_y;
  const shownOn = await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('media')
      .set({
        ...(details.title === undefined ? {} : { title: details.title }),
        ...(details.alt === undefined ? {} : { alt: details.alt }),
        ...(details.caption === undefined ? {} : { caption: details.caption }),
        ...(details.tags === undefined ? {} : { tags: JSON.stringify(details.tags) }),
        focal_x: focalX,
        focal_y: focalY,
        // Details given here are worth keeping: the file stays in the library when its last use goes.
        kept: true,
        updated_at: new Date().toISOString(),
      })
      .where('id', '=', row.id)
      .execute();
    const uuid = uuidOf(row);
    const moved = focalX !== row.focal_x || focalY !== row.focal_y;
    let changed = moved ? await representEverywhere(trx, uuid, { version: row.version, focalX, focalY }) : 0;
    if (details.alt !== undefined && details.alt !== row.alt) {
      if (details.alt === '' && (await shownInPublishedText(trx, uuid))) throw fieldError(400, ALT_TEXT_KEPT, 'alt');
      changed += await spreadAltText(trx, uuid, details.alt);
    }
    await recordAudit(trx, ctx.actor, {
      action: 'media.update',
      target: { type: 'media', id: row.file_name },
      summary: `Details of "${details.title ?? row.title}" saved in the media library`,
    });
    return changed;
  });
  return { item: await libraryItem(ctx, row.id), shownOn };
}

/**
 * POST /api/admin/media/:id/replace: the new file written over the old at the same address (a picture re-encoded
 * with new variants; audio of the same format), then, in one transaction, the version one up and every reference
 * given it, so rebuilt pages and every cache fetch the new file.
 */
export async function replaceFile(ctx: LibraryContext, id: string, upload: UploadInput): Promise<LibraryWrite> {
  const row = await foundRow(ctx, id);
  const uuid = uuidOf(row);
  try {
    if (row.content_type.startsWith('image/')) {
      if (!detectImageType(upload.bytes)) throw new ApiError(415, MEDIA_REPLACE_KIND);
      await encodeCheckedPicture(upload, 'photo', (encoded) =>
        overwritePicture(ctx.db, ctx.dataDir, row.file_name, encoded),
      );
    } else {
      const audio = await checkAudioFile(upload.bytes).catch(() => {
        throw new ApiError(415, MEDIA_REPLACE_KIND);
      });
      if (audio.contentType !== row.content_type) throw new ApiError(415, MEDIA_REPLACE_KIND);
      await overwriteMedia(ctx.db, ctx.dataDir, row.file_name, upload.bytes, audio.contentType);
      await ctx.db
        .updateTable('audios')
        .set({ duration: audio.duration })
        .where('audio_file', 'like', `${MEDIA_URL_PREFIX}${row.file_name}%`)
        .execute();
    }
  } catch (error) {
    if (error instanceof ApiError && error.field === undefined && error.status !== 503)
      throw fieldError(error.status, error.message, 'file');
    throw error;
  }
  const shownOn = await ctx.db.transaction().execute(async (trx) => {
    const current = await trx.selectFrom('media').select('version').where('id', '=', row.id).executeTakeFirst();
    const version = (current?.version ?? row.version) + 1;
    await trx
      .updateTable('media')
      .set({ version, kept: true, updated_at: new Date().toISOString() })
      .where('id', '=', row.id)
      .execute();
    const changed = await representEverywhere(trx, uuid, { version, focalX: row.focal_x, focalY: row.focal_y });
    await recordAudit(trx, ctx.actor, {
      action: 'media.replace',
      target: { type: 'media', id: row.file_name },
      summary: `File of "${row.title || row.file_name}" replaced (version ${version})`,
    });
    return changed;
  });
  return { item: await libraryItem(ctx, row.id), shownOn };
}

export type DeleteOutcome = { deleted: true } | { deleted: false; uses: MediaUse[] };

/** DELETE /api/admin/media/:id: the file and its variants, unless a record visitors see (or a draft) uses it. */
export async function deleteFromLibrary(ctx: LibraryContext, id: string): Promise<DeleteOutcome> {
  const row = await foundRow(ctx, id);
  const uuid = uuidOf(row);
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    const blocking = await usesOf(trx, uuid);
    if (blocking.length > 0) return { deleted: false as const, uses: blocking, names: [] };
    const names = await deleteMediaRows(trx, uuid);
    await recordAudit(trx, ctx.actor, {
      action: 'media.delete',
      target: { type: 'media', id: row.file_name },
      summary: `File "${row.title || row.file_name}" deleted from the media library`,
    });
    return { deleted: true as const, names };
  });
  if (!outcome.deleted) return { deleted: false, uses: outcome.uses };
  await removeMediaFiles(ctx.dataDir, outcome.names);
  return { deleted: true };
}
