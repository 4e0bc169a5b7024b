/** File helpers of backup and restore: checksums, directory syncs. */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';

/** Flushes renames in `dir` to disk; a platform that cannot sync a directory leaves the files themselves safe. */
export async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r').catch(() => null);
  await handle?.sync().catch(() => undefined);
  await handle?.close();
}

/** The SHA-256 (hex) and size of bytes. */
export function digestOf(bytes: Uint8Array): { size: number; sha256: string } {
  return { size: bytes.byteLength, sha256: createHash('sha256').update(bytes).digest('hex') };
}

/** The SHA-256 (hex) and size of a file, read as a stream. */
export async function digestOfFile(path: string): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of createReadStream(path)) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).byteLength;
  }
  return { size, sha256: hash.digest('hex') };
}
