/**
 * The start-up sweep of a store (security.md R43): objects no row names, left by a crash between a write and its
 * row's insert or between a row's delete and its file's removal, and temp files of interrupted local writes.
 */
import type { ObjectInfo, ObjectStore } from './object-store.ts';

/**
 * On shared storage an object younger than this may be another instance's upload whose row is not inserted yet, so
 * it is kept; a real orphan goes at a later start. Local storage belongs to one process, which sweeps before serving.
 */
export const SHARED_SWEEP_GRACE_MS = 60 * 60 * 1000;

export interface SweepOptions {
  /** Objects modified less than this long ago are kept; unset, 0 on local storage and SHARED_SWEEP_GRACE_MS on S3. */
  minAgeMs?: number | undefined;
}

/** The objects to remove: named by no row, and old enough (`minAgeMs` before `now`). */
export function orphansOf(
  objects: readonly ObjectInfo[],
  known: ReadonlySet<string>,
  minAgeMs: number,
  now: number,
): ObjectInfo[] {
  return objects.filter((o) => !known.has(o.name) && (minAgeMs <= 0 || o.lastModified.getTime() <= now - minAgeMs));
}

/** At most this many deletes at once (a bucket with many orphans is not sent thousands of requests together). */
const DELETE_BATCH = 16;

/** Lists the store, then removes what `knownNames` (read after the listing) does not name; the count removed. */
export async function sweepOrphans(
  store: ObjectStore,
  knownNames: () => Promise<string[]>,
  options: SweepOptions = {},
): Promise<number> {
  const objects = await store.list();
  if (objects.length === 0) return 0;
  // Read after the listing: a row inserted in between names an object the listing saw, and that object stays.
  const known = new Set(await knownNames());
  const minAgeMs = options.minAgeMs ?? (store.kind === 's3' ? SHARED_SWEEP_GRACE_MS : 0);
  const orphans = orphansOf(objects, known, minAgeMs, Date.now());
  for (let i = 0; i < orphans.length; i += DELETE_BATCH) {
    await Promise.all(orphans.slice(i, i + DELETE_BATCH).map((o) => store.delete(o.name).catch(() => undefined)));
  }
  return orphans.length;
}
