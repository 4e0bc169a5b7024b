/**
 * Whether DATA_DIR (database, media, mail outbox) has room to write, for the health answer (security.md R72).
 * A write that failed for lack of space reports it here; health then checks again on each call until space is back.
 */
import { randomUUID } from 'node:crypto';
import { open, rm, statfs } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { storageFailure } from './storage-errors.ts';

/** Less free space than this counts as full: a WAL checkpoint or one upload would not fit. */
export const MIN_FREE_BYTES = 1024 * 1024;
/** A write of this size must go through before a reported full disk counts as writable again. */
const PROBE_BYTES = 64 * 1024;

/** DATA_DIR (resolved) -> where a write last failed for lack of space, until a check finds room again. */
const reported = new Map<string, string>();

/** Records that a write under DATA_DIR failed for lack of space; `where` names it for the health answer. */
export function reportStorageFull(dataDir: string, where: string): void {
  reported.set(resolve(dataDir), where);
}

/** Writes, syncs and removes a small file: catches ENOSPC, and EDQUOT (quotas do not show in statfs); null when it fits. */
async function fileProblem(dataDir: string): Promise<string | null> {
  const file = join(dataDir, `.storage-probe-${randomUUID()}`);
  try {
    const handle = await open(file, 'wx', 0o600);
    try {
      await handle.writeFile(Buffer.alloc(PROBE_BYTES));
      await handle.sync();
    } finally {
      await handle.close();
    }
    return null;
  } catch (error) {
    return storageFailure(error) === 'full'
      ? 'no space left in the data directory'
      : 'the data directory cannot be written';
  } finally {
    await rm(file, { force: true }).catch(() => undefined);
  }
}

/** Free bytes for this process on DATA_DIR's file system; null where the file system does not say. */
async function freeBytes(dataDir: string): Promise<number | null> {
  try {
    const stats = await statfs(dataDir);
    // Some file systems (FUSE, network mounts) report no sizes at all.
    return stats.blocks > 0 ? stats.bavail * stats.bsize : null;
  } catch {
    return null;
  }
}

/**
 * Why DATA_DIR cannot take writes right now, or null when it can. `databaseCanGrow` checks the database itself
 * (null: cannot tell now); it runs only after a reported failure, as does the file probe.
 */
export async function storageProblem(
  dataDir: string,
  databaseCanGrow?: () => Promise<boolean | null>,
): Promise<string | null> {
  const key = resolve(dataDir);
  const free = await freeBytes(key);
  if (free !== null && free < MIN_FREE_BYTES) return 'less than 1 MiB free in the data directory';
  const where = reported.get(key);
  if (where === undefined) return null;
  const fileIssue = await fileProblem(key);
  if (fileIssue) return fileIssue;
  const canGrow = databaseCanGrow ? await databaseCanGrow() : true;
  if (canGrow === false) return 'the database has reached its size limit';
  // Busy: keep reporting the last failure until a check can tell.
  if (canGrow === null) return `no space left for ${where}`;
  reported.delete(key);
  return null;
}
