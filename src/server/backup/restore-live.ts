/**
 * A backup restored into the running site (the admin's restore; `npm run restore` fills an empty target instead).
 * The archive was read and checked whole first (read-backup.ts). planRestore says what the restore would change and
 * refuses what it cannot do: another kind of database, another version of the schema, or another site's secret. Then
 * restoreIntoLiveSite: the backup's files go in first (those changed since are kept aside, so a failure puts them
 * back), the database's rows are replaced in one transaction (replace-sqlite.ts, replace-postgres.ts), the counts are
 * checked against the manifest, and only then the files the backup does not have are removed.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { RestorePlan } from '../../shared/schemas/restore.ts';
import { mediaStorageFor } from '../media/storage/media-storage.ts';
import { readObject } from '../media/storage/object-store.ts';
import { contentTypeOf } from './content-types.ts';
import { digestOf, digestOfFile } from './files.ts';
import { BackupError, STORES, type Manifest, type StoreName } from './manifest.ts';
import { postgresFacts } from './postgres-snapshot.ts';
import type { StagedArchive } from './read-backup.ts';
import { replacePostgresRows } from './replace-postgres.ts';
import { replaceSqliteRows, SCHEMA_TABLES } from './replace-sqlite.ts';
import type { BackupEnv } from './write-backup.ts';

/** At most this many objects are stored at once. */
const PUT_BATCH = 8;

/** Rows per table and the last migration of the running site's database (full-text shadow tables left out). */
async function liveFacts(env: BackupEnv): Promise<{ tables: Record<string, number>; migration: string }> {
  if (env.DATABASE_URL) return postgresFacts(env.DATABASE_URL);
  const db = new DatabaseSync(join(env.DATA_DIR, 'site.db'), { readOnly: true, timeout: 5000 });
  try {
    const names = (db.prepare('PRAGMA main.table_list').all() as { name: string; type: string }[])
      .filter((row) => row.type === 'table' && !row.name.startsWith('sqlite_'))
      .map((row) => row.name);
    const tables: Record<string, number> = {};
    for (const name of names)
      tables[name] = (db.prepare(`SELECT count(*) AS n FROM "${name.replaceAll('"', '""')}"`).get() as { n: number }).n;
    const last = db.prepare('SELECT name FROM kysely_migration ORDER BY name DESC LIMIT 1').get() as
      { name: string } | undefined;
    return { tables, migration: last?.name ?? '' };
  } finally {
    db.close();
  }
}

/**
 * The tables whose rows a restore brings back and then counts: not the schema's history, not what triggers fill, not
 * the sign-ins and codes a backup leaves out (emptied by the restore).
 */
function countedTables(manifest: Manifest, live: Record<string, number>): string[] {
  return Object.keys(live)
    .filter((name) => !SCHEMA_TABLES.includes(name) && name in manifest.database.tables)
    .filter((name) => !manifest.database.left_out.includes(name))
    .filter((name) => name !== 'search_index' && !name.startsWith('search_index_'))
    .sort();
}

/** What the running site holds and what a restore of `staged` would change; throws BackupError when it cannot. */
export async function planRestore(env: BackupEnv, staged: StagedArchive): Promise<RestorePlan> {
  const { manifest } = staged;
  const kind = env.DATABASE_URL ? 'postgres' : 'sqlite';
  if (manifest.database.kind !== kind)
    throw new BackupError(
      `The backup holds a ${manifest.database.kind === 'sqlite' ? 'SQLite' : 'PostgreSQL'} database and this site runs on ${kind === 'sqlite' ? 'SQLite' : 'PostgreSQL'}: restore it with npm run restore into a new site of its kind`,
    );
  const live = await liveFacts(env);
  if (manifest.database.migration !== live.migration)
    throw new BackupError(
      manifest.database.migration > live.migration
        ? `The backup was made by a newer version of the site (${manifest.database.migration}); update this site first`
        : `The backup was made by an older version of the site (${manifest.database.migration}, this site is at ${live.migration}): restore it with npm run restore into a new data directory and start the site on it, which brings it up to date`,
    );
  const secretFile = join(env.DATA_DIR, 'secret.key');
  if (manifest.secret && !env.AUTH_SECRET && existsSync(secretFile)) {
    if ((await digestOfFile(secretFile)).sha256 !== manifest.secret.sha256)
      throw new BackupError(
        "The backup is of another site (its server secret is not this site's): restore it with npm run restore into a new data directory",
      );
  }
  const storage = mediaStorageFor(env);
  const files = await Promise.all(
    STORES.map(async (store) => {
      const now = new Map((await storage[store].list()).map((info) => [info.name, info.size]));
      const wanted = manifest[store];
      const names = new Set(wanted.map((file) => file.name));
      return {
        store,
        backup: wanted.length,
        backupBytes: wanted.reduce((sum, file) => sum + file.size, 0),
        now: now.size,
        added: wanted.filter((file) => !now.has(file.name)).length,
        removed: [...now.keys()].filter((name) => !names.has(name)).length,
      };
    }),
  );
  return {
    createdAt: manifest.created_at,
    database: kind,
    tables: countedTables(manifest, live.tables).map((name) => ({
      name,
      backup: manifest.database.tables[name] ?? 0,
      now: live.tables[name] ?? 0,
    })),
    files,
    checksums: 1 + manifest.media.length + manifest.documents.length + (manifest.secret ? 1 : 0),
  };
}

interface FilesPut {
  added: { store: StoreName; name: string }[];
  /** Objects the backup replaced, with where their bytes were kept. */
  replaced: { store: StoreName; name: string; kept: string }[];
}

/** Stores the backup's objects the site lacks or holds otherwise, keeping the replaced ones' bytes in `keepDir`. */
async function putFiles(env: BackupEnv, staged: StagedArchive, keepDir: string): Promise<FilesPut> {
  const storage = mediaStorageFor(env);
  const put: FilesPut = { added: [], replaced: [] };
  for (const store of STORES) {
    const sizes = new Map((await storage[store].list()).map((info) => [info.name, info.size]));
    await mkdir(join(keepDir, store), { recursive: true, mode: 0o700 });
    const files = staged.manifest[store];
    for (let i = 0; i < files.length; i += PUT_BATCH) {
      await Promise.all(
        files.slice(i, i + PUT_BATCH).map(async (file) => {
          // Only an object of the same size can hold the same bytes: the others are not read.
          const old = sizes.get(file.name) === file.size ? await readObject(storage[store], file.name) : undefined;
          if (old && digestOf(old).sha256 === file.sha256) return;
          if (sizes.has(file.name)) {
            const kept = join(keepDir, store, file.name);
            const bytes = old ?? (await readObject(storage[store], file.name));
            if (bytes) {
              await writeFile(kept, bytes, { mode: 0o600 });
              put.replaced.push({ store, name: file.name, kept });
            }
          } else put.added.push({ store, name: file.name });
          await storage[store].put(file.name, await readFile(staged.objectPath(store, file.name)), file.content_type);
        }),
      );
    }
  }
  return put;
}

/** Undoes putFiles after a failed database step: the added objects removed, the replaced ones put back. */
async function takeBack(env: BackupEnv, put: FilesPut): Promise<void> {
  const storage = mediaStorageFor(env);
  for (const { store, name } of put.added) await storage[store].delete(name);
  for (const { store, name, kept } of put.replaced)
    await storage[store].put(name, await readFile(kept), contentTypeOf(store, name));
}

/** Removes the objects the backup does not list; how many per store. */
async function removeOthers(env: BackupEnv, manifest: Manifest): Promise<Record<StoreName, number>> {
  const storage = mediaStorageFor(env);
  const removed = { media: 0, documents: 0 };
  for (const store of STORES) {
    const keep = new Set(manifest[store].map((file) => file.name));
    for (const { name } of await storage[store].list()) {
      if (keep.has(name)) continue;
      await storage[store].delete(name);
      removed[store]++;
    }
  }
  return removed;
}

export interface LiveRestoreResult {
  /** Rows per restored table. */
  tables: Record<string, number>;
  /** Objects stored from the backup (new or changed) and removed (not in it), per store. */
  stored: number;
  removed: Record<StoreName, number>;
}

/**
 * Restores the checked archive `staged` into the running site (after planRestore accepted it); `workDir` is a private
 * folder for what is kept aside meanwhile. Throws BackupError with the site as it was when the files or the database
 * refuse; the counts are checked before anything is removed.
 */
export async function restoreIntoLiveSite(
  env: BackupEnv,
  staged: StagedArchive,
  workDir: string,
): Promise<LiveRestoreResult> {
  const { manifest } = staged;
  const keepDir = join(workDir, 'replaced');
  const put = await putFiles(env, staged, keepDir);
  try {
    if (env.DATABASE_URL) await replacePostgresRows(staged.database, env.DATABASE_URL, workDir);
    else replaceSqliteRows(staged.database, env.DATA_DIR);
  } catch (error) {
    await takeBack(env, put);
    throw error;
  } finally {
    await rm(keepDir, { recursive: true, force: true });
  }
  const live = await liveFacts(env);
  const tables = countedTables(manifest, live.tables);
  const wrong = tables.filter((name) => live.tables[name] !== manifest.database.tables[name]);
  if (wrong.length)
    throw new BackupError(
      `The restored database does not match the backup's manifest (${wrong
        .slice(0, 5)
        .map((name) => `${name}: ${live.tables[name]} rows, expected ${manifest.database.tables[name]}`)
        .join('; ')}); undo the restore`,
    );
  return {
    tables: Object.fromEntries(tables.map((name) => [name, live.tables[name] ?? 0])),
    stored: put.added.length + put.replaced.length,
    removed: await removeOthers(env, manifest),
  };
}
