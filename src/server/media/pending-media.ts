/**
 * Pending media (crash safety): a picture or audio file is stored before the record that names it, so a
 * kill between the two would leave a file and a row nothing uses. storeMedia marks the row pending; the transaction
 * that writes the record claims it; the start-up sweep removes what a kill left pending.
 */
import type { Db } from '../db/connection.ts';
import { MEDIA_URL_PREFIX, mediaAddress } from '../../shared/media-url.ts';
import { releaseMediaIfUnused } from './media-release.ts';
import { mediaStorageAt } from './storage/media-storage.ts';
import { SHARED_SWEEP_GRACE_MS } from './storage/orphan-sweep.ts';

/** The media file names of the /media/ URLs among `urls`. */
const storedNames = (urls: (string | null | undefined)[]) =>
  urls
    .filter((url): url is string => !!url?.startsWith(MEDIA_URL_PREFIX))
    .map((url) => mediaAddress(url).slice(MEDIA_URL_PREFIX.length));

/**
 * Marks the stored files behind `urls` as in use. Call it in the transaction that writes the record naming them, so
 * the record and the claim commit together. Anything not a /media/ URL (none, a placeholder, a link) is ignored.
 */
export async function claimMedia(db: Db, ...urls: (string | null | undefined)[]): Promise<void> {
  const names = storedNames(urls);
  if (names.length === 0) return;
  await db
    .updateTable('media')
    .set({ pending_since: null })
    .where('file_name', 'in', names)
    .where('pending_since', 'is not', null)
    .execute();
}

/**
 * Marks the stored files behind `urls` as pending again. Call it in the transaction that drops a record's reference
 * to them: the release after the commit removes them (releaseMediaIfUnused), or, after a kill before it, the next
 * start's sweep. A file another record still names is claimed back by either.
 */
export async function unclaimMedia(db: Db, ...urls: (string | null | undefined)[]): Promise<void> {
  const names = storedNames(urls);
  if (names.length === 0) return;
  await db.updateTable('media').set({ pending_since: Date.now() }).where('file_name', 'in', names).execute();
}

export interface PendingSweepOptions {
  /** Files pending for less than this are kept; unset, 0 on local storage and SHARED_SWEEP_GRACE_MS on S3. */
  minAgeMs?: number | undefined;
}

/**
 * Removes files still pending after the grace, with their variants, when no record names them; a pending file some
 * record does name is claimed back instead, so nothing in use is ever removed. The count removed.
 * Local storage belongs to one process that sweeps before serving, so no write is between store and claim then; on
 * shared storage another instance may be, hence the grace.
 */
export async function sweepPendingMedia(db: Db, dataDir: string, options: PendingSweepOptions = {}): Promise<number> {
  const minAgeMs = options.minAgeMs ?? (mediaStorageAt(dataDir).media.kind === 's3' ? SHARED_SWEEP_GRACE_MS : 0);
  const pending = await db
    .selectFrom('media')
    .select('file_name')
    .where('pending_since', 'is not', null)
    .where('pending_since', '<=', Date.now() - minAgeMs)
    .execute();
  let removed = 0;
  for (const { file_name } of pending) {
    const url = `${MEDIA_URL_PREFIX}${file_name}`;
    // Removed when no record names it; otherwise releaseMediaIfUnused claims it back.
    if ((await releaseMediaIfUnused(db, dataDir, url)).length > 0) removed += 1;
  }
  return removed;
}
