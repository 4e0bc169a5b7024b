/**
 * An ObjectStore in one directory of the local disk (the default: DATA_DIR/media, DATA_DIR/documents). Writes go
 * through writeFileAtomically (temp file, fsync, rename), so the layout and guarantees are as they were before S3.
 */
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { writeFileAtomically } from '../../durable-file.ts';
import { checkObjectName, type ObjectInfo, type ObjectStore } from './object-store.ts';

export interface LocalStoreOptions {
  /** Mode of stored files: 0644 for media, 0600 for documents (security.md R41). */
  fileMode: number;
}

/** Size and modification time, hex-joined as nginx does: the same file gives the same ETag on every instance. */
const etagOf = (size: number, mtimeMs: number) => `"${size.toString(16)}-${Math.floor(mtimeMs).toString(16)}"`;

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';

export function createLocalStore(dir: string, { fileMode }: LocalStoreOptions): ObjectStore {
  const pathOf = (name: string) => join(dir, checkObjectName(name));

  const head = async (name: string): Promise<ObjectInfo | undefined> => {
    try {
      const stats = await stat(pathOf(name));
      if (!stats.isFile()) return undefined;
      return { name, size: stats.size, lastModified: stats.mtime, etag: etagOf(stats.size, stats.mtimeMs) };
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  };

  return {
    kind: 'local',
    async put(name, bytes) {
      const path = pathOf(name);
      await mkdir(dir, { recursive: true, mode: 0o755 });
      await writeFileAtomically(path, bytes, fileMode);
    },
    async get(name, range) {
      const info = await head(name);
      if (!info) return undefined;
      const stream = createReadStream(pathOf(name), range ? { start: range.start, end: range.end } : {});
      try {
        // Opening fails here (a file removed since the stat) rather than in the middle of an answer.
        await new Promise<void>((resolve, reject) => stream.once('open', () => resolve()).once('error', reject));
      } catch (error) {
        stream.destroy();
        if (isMissing(error)) return undefined;
        throw error;
      }
      return { info, body: Readable.toWeb(stream) as ReadableStream<Uint8Array> };
    },
    head,
    async delete(name) {
      await rm(pathOf(name), { force: true });
    },
    async list() {
      const names = await readdir(dir).catch((error: unknown) => {
        if (isMissing(error)) return [] as string[];
        throw error;
      });
      const infos = await Promise.all(names.filter((name) => checkable(name)).map((name) => head(name)));
      return infos.filter((info): info is ObjectInfo => info !== undefined);
    },
  };
}

/** A directory entry a store could have made; anything else (a stray subdirectory name with odd characters) is not listed. */
function checkable(name: string): boolean {
  try {
    checkObjectName(name);
    return true;
  } catch {
    return false;
  }
}
