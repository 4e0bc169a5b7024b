/** The media library's reads: a stored picture or audio file with its details, as the library lists it. */
import type { Selectable } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { MediaTable } from '../../db/schema.ts';
import { parseStringArray } from '../../db/json-columns.ts';
import { MEDIA_URL_PREFIX, presentedMediaUrl } from '../../../shared/media-url.ts';
import type { MediaItem, MediaKind } from '../../../shared/media-library.ts';

export type LibraryRow = Selectable<MediaTable> & { uploader_first: string | null; uploader_last: string | null };

/** A library file's uuid: its stored name's, which its variants share. */
export const uuidOf = (row: Pick<LibraryRow, 'file_name'>) => row.file_name.slice(0, 36);

/**
 * The library's files: stored pictures and audio files in use or kept, never a variant (named '<uuid>-w<width>'),
 * nor a file still pending (stored for a record not yet written). `uploadedBy`: only that person's uploads.
 */
function libraryQuery(db: Db, uploadedBy?: string) {
  let query = db
    .selectFrom('media')
    .leftJoin('users', 'users.id', 'media.uploaded_by')
    .selectAll('media')
    .select(['users.first_name as uploader_first', 'users.last_name as uploader_last'])
    .where('media.pending_since', 'is', null)
    .where('media.file_name', 'not like', '%-w%')
    .where((eb) => eb.or([eb('media.content_type', 'like', 'image/%'), eb('media.content_type', 'like', 'audio/%')]));
  if (uploadedBy !== undefined) query = query.where('media.uploaded_by', '=', uploadedBy);
  return query;
}

export const libraryRows = (db: Db, uploadedBy?: string): Promise<LibraryRow[]> =>
  libraryQuery(db, uploadedBy).execute();

/** One library file by its row id (any uploader, or only `uploadedBy`'s). */
export const libraryRow = (db: Db, id: string, uploadedBy?: string): Promise<LibraryRow | undefined> =>
  libraryQuery(db, uploadedBy).where('media.id', '=', id).executeTakeFirst();

export const kindOf = (contentType: string): MediaKind => (contentType.startsWith('image/') ? 'image' : 'audio');

export const tagsOf = (row: Pick<LibraryRow, 'tags'>): string[] => parseStringArray(row.tags);

/** A row as the library shows it; `useCount` from useCounts (media-references.ts). */
export function toMediaItem(row: LibraryRow, useCount: number): MediaItem {
  const address = `${MEDIA_URL_PREFIX}${row.file_name}`;
  const shown = { version: row.version, focalX: row.focal_x, focalY: row.focal_y };
  const uploader = `${row.uploader_first ?? ''} ${row.uploader_last ?? ''}`.trim();
  return {
    id: row.id,
    kind: kindOf(row.content_type),
    address,
    url: presentedMediaUrl(address, shown),
    contentType: row.content_type,
    bytes: row.bytes,
    width: row.width,
    height: row.height,
    title: row.title,
    alt: row.alt,
    caption: row.caption,
    tags: tagsOf(row),
    focalX: row.focal_x,
    focalY: row.focal_y,
    version: row.version,
    kept: Boolean(row.kept),
    uploadedBy: uploader || null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    useCount,
  };
}
