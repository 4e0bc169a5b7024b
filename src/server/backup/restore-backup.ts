/**
 * `npm run restore <archive>`: restores a backup into an empty target, the one the environment names (DATA_DIR,
 * DATABASE_URL, MEDIA_STORAGE and S3_*). In order: the target must be empty (no database, no media, no documents, no
 * secret.key where the archive brings one), or nothing happens; the archive is decrypted with its passphrase,
 * extracted into a staging directory and checked whole (read-backup.ts) before anything is written; then the
 * database (SQLite's backup API, or pg_restore in one transaction), the media and documents into the configured
 * storage, and secret.key. The restored database is checked against the manifest's row counts.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrationProvider } from '../db/migrate.ts';
import { writeFileAtomically } from '../durable-file.ts';
import { mediaStorageFor } from '../media/storage/media-storage.ts';
import { BackupError, ENTRY, STORES, type Manifest } from './manifest.ts';
import { postgresContents, restorePostgres } from './postgres-snapshot.ts';
import { readArchive } from './read-backup.ts';
import { restoreSqlite, sqliteFilesIn, type DatabaseFacts } from './sqlite-snapshot.ts';
import type { BackupEnv } from './write-backup.ts';

export interface RestoreOptions {
  env: BackupEnv;
  archive: string;
  /** The passphrase the archive was made with. */
  passphrase: string;
  /** Progress lines (the command prints them). */
  log?: (line: string) => void;
}

export interface RestoreResult {
  manifest: Manifest;
  /** Rows per table of the restored database (equal to the manifest's). */
  tables: Record<string, number>;
  media: number;
  documents: number;
  /** Whether secret.key was restored into DATA_DIR. */
  secret: boolean;
}

/** A restore that was refused before anything changed (target not empty, archive damaged, wrong database kind). */
export class RestoreRefused extends BackupError {}

/** At most this many objects are stored at once (a bucket is not sent thousands of PUTs together). */
const PUT_BATCH = 8;

/** What the target already holds, one phrase each; empty when it is empty. */
async function targetContents(env: BackupEnv, bringsSecret: boolean): Promise<string[]> {
  const found: string[] = [];
  if (env.DATABASE_URL) {
    const held = await postgresContents(env.DATABASE_URL);
    if (held) found.push(held);
  } else {
    const files = sqliteFilesIn(env.DATA_DIR);
    if (files.length) found.push(`DATA_DIR (${env.DATA_DIR}) already has a database (${files.join(', ')})`);
  }
  const storage = mediaStorageFor(env);
  for (const store of STORES) {
    const objects = await storage[store].list();
    if (objects.length)
      found.push(
        `the ${store} storage (${storage[store].kind === 's3' ? 'bucket' : join(env.DATA_DIR, store)}) already holds ${objects.length} file(s)`,
      );
  }
  if (bringsSecret && !env.AUTH_SECRET && existsSync(join(env.DATA_DIR, 'secret.key')))
    found.push(`DATA_DIR already has a secret.key`);
  return found;
}

function refuseNonEmpty(found: string[]): never {
  throw new RestoreRefused(
    `Restore refused, nothing was changed: the target is not empty: ${found.join('; ')}. Restore into a new DATA_DIR (and, with DATABASE_URL, a new empty database and storage).`,
  );
}

/** The counts must be those the manifest recorded; anything else means the restore did not give back the snapshot. */
function checkCounts(manifest: Manifest, facts: DatabaseFacts): void {
  const want = manifest.database.tables;
  const names = new Set([...Object.keys(want), ...Object.keys(facts.tables)]);
  const wrong = [...names].filter((name) => want[name] !== facts.tables[name]);
  if (wrong.length) {
    throw new BackupError(
      `The restored database does not match the manifest (${wrong
        .slice(0, 5)
        .map((n) => `${n}: ${facts.tables[n] ?? 'missing'} rows, expected ${want[n] ?? 'none'}`)
        .join('; ')})`,
    );
  }
}

export async function restoreBackup({
  env,
  archive,
  passphrase,
  log = () => undefined,
}: RestoreOptions): Promise<RestoreResult> {
  if (!existsSync(archive)) throw new RestoreRefused(`No archive at ${archive}`);
  // Before the archive is even read: the quick answer for the common mistake.
  const before = await targetContents(env, false);
  if (before.length) refuseNonEmpty(before);

  const staging = await mkdtemp(join(tmpdir(), 'site-restore-'));
  try {
    log(`checking ${archive}...`);
    const staged = await readArchive(archive, staging, passphrase).catch((error: unknown) => {
      throw error instanceof BackupError
        ? new RestoreRefused(
            `Restore refused, nothing was changed: ${error.message.charAt(0).toLowerCase()}${error.message.slice(1)}`,
          )
        : error;
    });
    const { manifest } = staged;
    const targetKind = env.DATABASE_URL ? 'postgres' : 'sqlite';
    if (manifest.database.kind !== targetKind) {
      throw new RestoreRefused(
        `Restore refused, nothing was changed: the archive holds a ${manifest.database.kind === 'sqlite' ? 'SQLite' : 'PostgreSQL'} database and the target is ${targetKind === 'sqlite' ? 'SQLite (DATABASE_URL is not set)' : 'PostgreSQL (DATABASE_URL)'}; restore it into the same kind of database`,
      );
    }
    if (manifest.database.file !== ENTRY[targetKind])
      throw new RestoreRefused(
        `Restore refused, nothing was changed: the manifest's database entry does not match its kind`,
      );
    const known = Object.keys(await migrationProvider.getMigrations());
    if (!known.includes(manifest.database.migration)) {
      throw new RestoreRefused(
        `Restore refused, nothing was changed: the archive was made by a newer version of the site (migration ${manifest.database.migration}); update the site first`,
      );
    }
    // Checked again right before writing: the archive took a while to read.
    const now = await targetContents(env, manifest.secret !== null);
    if (now.length) refuseNonEmpty(now);

    log(`restoring the ${targetKind === 'sqlite' ? 'SQLite' : 'PostgreSQL'} database of ${manifest.created_at}...`);
    await mkdir(env.DATA_DIR, { recursive: true });
    const facts = env.DATABASE_URL
      ? await restorePostgres(staged.database, env.DATABASE_URL)
      : await restoreSqlite(staged.database, env.DATA_DIR);
    checkCounts(manifest, facts);

    const storage = mediaStorageFor(env);
    for (const store of STORES) {
      const files = manifest[store];
      if (files.length)
        log(
          `restoring ${files.length} ${store === 'media' ? 'media' : 'document'} file(s) into ${storage[store].kind === 's3' ? 'the bucket' : join(env.DATA_DIR, store)}...`,
        );
      for (let i = 0; i < files.length; i += PUT_BATCH) {
        await Promise.all(
          files
            .slice(i, i + PUT_BATCH)
            .map(async (file) =>
              storage[store].put(file.name, await readFile(staged.objectPath(store, file.name)), file.content_type),
            ),
        );
      }
    }
    let secret = false;
    if (staged.secret && !env.AUTH_SECRET) {
      await writeFileAtomically(join(env.DATA_DIR, 'secret.key'), await readFile(staged.secret), 0o600);
      secret = true;
    }
    return {
      manifest,
      tables: facts.tables,
      media: manifest.media.length,
      documents: manifest.documents.length,
      secret,
    };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
