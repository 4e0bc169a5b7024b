/**
 * Makes one backup archive (security.md R70): the database snapshot first (sqlite-snapshot.ts or
 * postgres-snapshot.ts, without the rows of LEFT_OUT_TABLES), then every media and document object from the
 * configured storage, copied into a work folder as it is read, and DATA_DIR/secret.key when the secret lives there.
 * Their sizes and checksums make the manifest, which is written first, then the files; the tar.gz is encrypted with
 * the admin's passphrase as it is written (archive-crypto.ts). The archive goes to a temp name beside `out`, synced
 * and renamed into place, mode 0600. `npm run backup` and POST /api/admin/backup both call createBackup.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import tar from 'tar-stream';
import type { Env } from '../env.ts';
import { mediaStorageFor } from '../media/storage/media-storage.ts';
import { checkObjectName, readObject, type ObjectStore } from '../media/storage/object-store.ts';
import { encrypting } from './archive-crypto.ts';
import { contentTypeOf } from './content-types.ts';
import { digestOf, digestOfFile, syncDirectory } from './files.ts';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_VERSION,
  ENTRY,
  LEFT_OUT_TABLES,
  STORES,
  storeEntry,
  type Manifest,
  type StoreName,
  type StoredFileEntry,
} from './manifest.ts';
import { snapshotPostgres } from './postgres-snapshot.ts';
import { snapshotSqlite, type DatabaseFacts } from './sqlite-snapshot.ts';

export type BackupEnv = Pick<
  Env,
  | 'DATA_DIR'
  | 'DATABASE_URL'
  | 'AUTH_SECRET'
  | 'MEDIA_STORAGE'
  | 'S3_BUCKET'
  | 'S3_REGION'
  | 'S3_ENDPOINT'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'S3_FORCE_PATH_STYLE'
  | 'S3_PREFIX'
  | 'BACKUP_WORK_FACTOR'
>;

export interface BackupOptions {
  env: BackupEnv;
  /** Where the archive goes; its directory is made when missing. */
  out: string;
  /** The archive is encrypted with it; checked by the caller (backupPassphraseProblem). */
  passphrase: string;
  /** Stops between entries when aborted (the admin's download was cancelled); nothing is left behind. */
  signal?: AbortSignal | undefined;
  now?: Date;
}

export interface BackupResult {
  path: string;
  /** The archive's size in bytes. */
  bytes: number;
  manifest: Manifest;
  /** Objects listed but deleted before they could be read (a delete during the backup): not in the archive. */
  skipped: string[];
}

/** A file name for an archive made at `at`: site-backup-2026-11-24T22-05-09Z.tar.gz.age. */
export function backupFileName(at: Date): string {
  return `site-backup-${at
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replaceAll(':', '-')}.tar.gz.age`;
}

/**
 * Writes `bytes` (or a file's content) as one tar entry, waiting whenever the archive's stream is full; `broken`
 * rejects when the archive file cannot be written any more (a full disk), which ends the wait too.
 */
async function addEntry(
  pack: tar.Pack,
  broken: Promise<never>,
  name: string,
  size: number,
  content: Uint8Array | string,
): Promise<void> {
  const entry = pack.entry({ name, size, mode: 0o600, mtime: new Date(), type: 'file' });
  const done = new Promise<void>((resolve, reject) => {
    entry.once('finish', resolve);
    entry.once('error', reject);
  });
  const chunks: AsyncIterable<Uint8Array> | Uint8Array[] =
    typeof content === 'string' ? createReadStream(content) : [content];
  for await (const chunk of chunks) {
    // An error while waiting rejects `done`, which ends the wait for 'drain' too.
    if (!entry.write(chunk))
      await Promise.race([new Promise<void>((resolve) => entry.once('drain', () => resolve())), done, broken]);
  }
  entry.end(null);
  await Promise.race([done, broken]);
}

/** Snapshot of the database of `env` into `dir`; the entry name, file and facts. */
async function snapshotDatabase(
  env: BackupEnv,
  dir: string,
): Promise<{ kind: 'sqlite' | 'postgres'; entry: string; file: string; facts: DatabaseFacts }> {
  if (env.DATABASE_URL) {
    const file = join(dir, 'postgres.dump');
    return { kind: 'postgres', entry: ENTRY.postgres, file, facts: await snapshotPostgres(env.DATABASE_URL, file) };
  }
  const file = join(dir, 'site.db');
  return { kind: 'sqlite', entry: ENTRY.sqlite, file, facts: await snapshotSqlite(env.DATA_DIR, file) };
}

/** Objects as the store lists them, minus temp files of writes under way (server-made names never start with a dot). */
async function storedNames(store: ObjectStore): Promise<string[]> {
  return (await store.list())
    .map((o) => o.name)
    .filter((name) => !name.startsWith('.'))
    .sort();
}

/** An entry of the archive: its name and where its bytes wait in the work folder. */
interface StagedEntry {
  name: string;
  size: number;
  file: string;
}

export async function createBackup({
  env,
  out,
  passphrase,
  signal,
  now = new Date(),
}: BackupOptions): Promise<BackupResult> {
  signal?.throwIfAborted();
  await mkdir(dirname(out), { recursive: true });
  const work = await mkdtemp(join(dirname(out), '.backup-'));
  const temp = `${out}.${randomBytes(6).toString('hex')}.partial`;
  try {
    // The database first: every row in it names a file written before the row (security.md R43), so the files come after.
    const database = await snapshotDatabase(env, work);
    const databaseDigest = await digestOfFile(database.file);
    const entries: StagedEntry[] = [{ name: database.entry, size: databaseDigest.size, file: database.file }];
    signal?.throwIfAborted();

    const storage = mediaStorageFor(env);
    const listed: Record<StoreName, StoredFileEntry[]> = { media: [], documents: [] };
    const skipped: string[] = [];
    for (const store of STORES) {
      await mkdir(join(work, store));
      for (const name of await storedNames(storage[store])) {
        signal?.throwIfAborted();
        const bytes = await readObject(storage[store], name);
        if (!bytes) {
          skipped.push(storeEntry(store, name));
          continue;
        }
        const file = join(work, store, checkObjectName(name));
        await writeFile(file, bytes, { mode: 0o600 });
        entries.push({ name: storeEntry(store, name), size: bytes.byteLength, file });
        listed[store].push({ name, ...digestOf(bytes), content_type: contentTypeOf(store, name) });
      }
    }
    const secretFile = join(env.DATA_DIR, 'secret.key');
    const secret = !env.AUTH_SECRET && existsSync(secretFile) ? await readFile(secretFile) : null;
    if (secret) {
      const file = join(work, 'secret.key');
      await writeFile(file, secret, { mode: 0o600 });
      entries.push({ name: ENTRY.secret, size: secret.byteLength, file });
    }
    const manifest: Manifest = {
      format: ARCHIVE_FORMAT,
      version: ARCHIVE_VERSION,
      created_at: now.toISOString(),
      database: {
        kind: database.kind,
        file: database.entry as Manifest['database']['file'],
        ...databaseDigest,
        migration: database.facts.migration,
        tables: database.facts.tables,
        left_out: LEFT_OUT_TABLES.filter((table) => table in database.facts.tables),
      },
      media: listed.media,
      documents: listed.documents,
      secret: secret ? digestOf(secret) : null,
      source: { media_storage: env.MEDIA_STORAGE },
    };
    const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    signal?.throwIfAborted();

    const pack = tar.pack();
    const gzip = createGzip({ level: 6 });
    pack.once('error', (error) => gzip.destroy(error));
    pack.pipe(gzip);
    const encrypted = await encrypting(
      Readable.toWeb(gzip) as ReadableStream<Uint8Array>,
      passphrase,
      env.BACKUP_WORK_FACTOR,
    );
    const output = createWriteStream(temp, { mode: 0o600 });
    const written = pipeline(Readable.fromWeb(encrypted as NodeReadableStream<Uint8Array>), output);
    // A failure of the file (a full disk) surfaces through `written`; the entries below stop waiting on it.
    const broken = written.then(() => new Promise<never>(() => undefined));
    broken.catch(() => undefined);
    try {
      await addEntry(pack, broken, ENTRY.manifest, manifestBytes.byteLength, manifestBytes);
      for (const entry of entries) {
        signal?.throwIfAborted();
        await addEntry(pack, broken, entry.name, entry.size, entry.file);
      }
      pack.finalize();
      await written;
      const handle = await open(temp, 'r');
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
      await chmod(temp, 0o600);
      await rename(temp, out);
      await syncDirectory(dirname(out));
      const { size } = await stat(out);
      return { path: out, bytes: size, manifest, skipped };
    } catch (error) {
      pack.destroy();
      await written.catch(() => undefined);
      throw error;
    }
  } finally {
    await rm(temp, { force: true });
    await rm(work, { recursive: true, force: true });
  }
}
