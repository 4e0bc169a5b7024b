/**
 * Removes a stored picture once nothing refers to it any more (media-references.ts) and the library does not keep it: a replaced logo, icon or slider image
 * leaves the media store (DATA_DIR/media or the bucket), the picture and every variant (`<id>.webp`, `<id>-w<width>.avif`, older `<id>-w<width>.webp`).
 * Callers call it after the write that dropped the reference has committed.
 */
import type { Db } from '../db/connection.ts';
import { MEDIA_URL_PREFIX, mediaAddress } from '../../shared/media-url.ts';
import { isReferenced } from './media-references.ts';
import { mediaStorageAt } from './storage/media-storage.ts';

/** A server-made media name: uuid, optional variant width, extension. Nothing else is ever turned into a path. */
const STORED_NAME = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:-w\d{2,4})?\.[a-z0-9]{2,5}$/;

/**
 * Deletes the stored file behind `url` and its variants (files and media rows) when no record refers to it; returns
 * the file names removed. A URL that is not a server-made /media/ name (a placeholder, /logo.png, an external link)
 * is left alone, so nothing outside the media store is ever touched.
 */
export async function releaseMediaIfUnused(db: Db, dataDir: string, url: string | null | undefined): Promise<string[]> {
  const id = storedId(url);
  if (!id) return [];
  // The check and the delete in one write transaction, so a write that takes the picture up again cannot slip between.
  const names = await db.transaction().execute(async (trx) => {
    // Variants are never referenced on their own; a reference to any file of the picture keeps all of them.
    const urls = await trx
      .selectFrom('media')
      .select(['file_name', 'kept'])
      .where('file_name', 'like', `${id}%`)
      .execute();
    for (const { file_name, kept } of urls) {
      // A library file stays while nothing uses it, until it is deleted there.
      if (!kept && !(await isReferenced(trx, `${MEDIA_URL_PREFIX}${file_name}`))) continue;
      // Still in use: no longer pending (pending-media.ts), whatever marked it.
      await trx
        .updateTable('media')
        .set({ pending_since: null })
        .where('file_name', 'like', `${id}%`)
        .where('pending_since', 'is not', null)
        .execute();
      return [];
    }
    return deleteMediaRows(trx, id);
  });
  await removeMediaFiles(dataDir, names);
  return names;
}

/** The uuid of a server-made /media/ URL (any query aside), or undefined for any other URL. */
export function storedId(url: string | null | undefined): string | undefined {
  if (!url?.startsWith(MEDIA_URL_PREFIX)) return undefined;
  return STORED_NAME.exec(mediaAddress(url).slice(MEDIA_URL_PREFIX.length))?.[1];
}

/** Deletes the rows of the stored file `id` and its variants (in the caller's transaction); the names deleted. */
export async function deleteMediaRows(db: Db, id: string): Promise<string[]> {
  const rows = await db.selectFrom('media').select('file_name').where('file_name', 'like', `${id}%`).execute();
  const ours = rows.map((r) => r.file_name).filter((name) => STORED_NAME.exec(name)?.[1] === id);
  if (ours.length > 0) await db.deleteFrom('media').where('file_name', 'in', ours).execute();
  return ours;
}

/** Removes the files of deleted rows. Rows first, then files: a file left by a failed delete is an orphan the start-up sweep removes (media-store.ts). */
export async function removeMediaFiles(dataDir: string, names: readonly string[]): Promise<void> {
  const store = mediaStorageAt(dataDir).media;
  await Promise.all(names.map((name) => store.delete(name).catch(() => undefined)));
}

/** releaseMediaIfUnused for each of `urls`, once each (after the commit that dropped them). */
export async function releaseEachIfUnused(
  scope: { db: Db; dataDir: string },
  urls: readonly (string | null | undefined)[],
): Promise<void> {
  for (const url of new Set(urls)) await releaseMediaIfUnused(scope.db, scope.dataDir, url);
}

/**
 * Runs a write that names `file`, a URL stored just before it (or several, or undefined when nothing was): when the
 * write fails, each is released again before the error goes on; once it has committed, the URLs `dropped` answers
 * (what the write replaced or removed) are released when nothing names them any more.
 */
export async function writeNamingFile<T>(
  scope: { db: Db; dataDir: string },
  file: string | readonly string[] | undefined,
  write: () => Promise<T>,
  dropped?: (result: T) => string | readonly (string | undefined)[] | null | undefined,
): Promise<T> {
  const files = typeof file === 'string' ? [file] : (file ?? []);
  let result: T;
  try {
    result = await write();
  } catch (error) {
    for (const stored of files) await releaseMediaIfUnused(scope.db, scope.dataDir, stored);
    throw error;
  }
  const old = dropped?.(result);
  for (const url of typeof old === 'string' ? [old] : (old ?? []))
    if (url && !files.includes(url)) await releaseMediaIfUnused(scope.db, scope.dataDir, url);
  return result;
}
