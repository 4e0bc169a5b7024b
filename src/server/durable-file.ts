/** Files that readers see whole or not at all, and that reach the disk before anyone is told they exist (security.md R43, R72). */
import { open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** Flushes a rename to disk; some platforms cannot open or sync a directory, and the file itself is already safe. */
async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r').catch(() => null);
  await handle?.sync().catch(() => undefined);
  await handle?.close();
}

/**
 * Writes `data` to a temporary name beside `file`, syncs it, renames it into place and syncs the directory. On any
 * failure (a full disk above all) the temporary file is removed, so nothing empty or partial is left behind.
 */
export async function writeFileAtomically(file: string, data: Uint8Array, mode: number): Promise<void> {
  const temp = join(dirname(file), `.${basename(file)}.tmp`);
  try {
    const handle = await open(temp, 'w', mode);
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true }).catch(() => undefined);
    throw error;
  }
  await syncDirectory(dirname(file));
}
