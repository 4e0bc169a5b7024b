/** The media library's reads: a stored picture or audio file with its details, and a document, as the library lists them. */
import type { Selectable } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { DocumentsTable, MediaTable } from '../../db/schema.ts';
import { parseStringArray } from '../../db/json-columns.ts';
import { CENTRE, MEDIA_URL_PREFIX, presentedMediaUrl } from '../../../shared/media-url.ts';
import type { MediaItem, MediaItemDetail, MediaKind } from '../../../shared/media-library.ts';

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

/**
 * A row as the library shows it; `useCount` from useCounts (media-references.ts). A file never given a title (a
 * form's upload) is called after the first record that uses it.
 */
export function toMediaItem(row: LibraryRow, useCount: number, usedBy = ''): MediaItem {
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
    title: row.title || usedBy,
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

/** A document in the library: listed read-only under this id prefix, its file and details the Documents tab's. */
const DOCUMENT_ID_PREFIX = 'document-';
export const isDocumentId = (id: string) => id.startsWith(DOCUMENT_ID_PREFIX);

type DocumentRow = Selectable<DocumentsTable>;

function toDocumentItem(row: DocumentRow): MediaItemDetail {
  const address = `/api/documents/${encodeURIComponent(row.id)}/download`;
  return {
    id: `${DOCUMENT_ID_PREFIX}${row.id}`,
    kind: 'document',
    address,
    url: address,
    contentType: row.content_type,
    bytes: row.bytes,
    width: null,
    height: null,
    title: row.title,
    alt: '',
    caption: row.description,
    tags: [],
    focalX: CENTRE,
    focalY: CENTRE,
    version: 1,
    kept: true,
    uploadedBy: null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    // The document entry is the file's one use.
    useCount: 1,
    uses: [{ label: 'Document', name: row.title, id: row.id }],
  };
}

export async function documentItems(db: Db): Promise<MediaItem[]> {
  return (await db.selectFrom('documents').selectAll().execute()).map((row) => toDocumentItem(row));
}

export async function documentItem(db: Db, id: string): Promise<MediaItemDetail | undefined> {
  const row = await db
    .selectFrom('documents')
    .selectAll()
    .where('id', '=', id.slice(DOCUMENT_ID_PREFIX.length))
    .executeTakeFirst();
  return row && toDocumentItem(row);
}
