/**
 * SQLite's side of backup and restore (security.md R70): the snapshot is made with SQLite's online backup API (never
 * a copy of the live file and its WAL) in one step, so it is one consistent moment even while the server writes;
 * then it is checked with PRAGMA integrity_check and its rows counted. Restore writes the database with the same API.
 */
import { existsSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { backup, DatabaseSync } from 'node:sqlite';
import { syncDirectory } from './files.ts';
import { BackupError, LEFT_OUT_TABLES } from './manifest.ts';

/** Every page in one backup step: a step-wise backup would start over each time another connection writes. */
const ALL_PAGES = 2 ** 31 - 1;

/** The database file in DATA_DIR and the files SQLite keeps beside it. */
export const SQLITE_FILES = ['site.db', 'site.db-wal', 'site.db-shm'] as const;

export interface DatabaseFacts {
  /** Rows per table. */
  tables: Record<string, number>;
  /** The last migration applied. */
  migration: string;
}

/**
 * Copies DATA_DIR/site.db to `file` through the backup API, empties the tables an archive leaves out (VACUUM then
 * rewrites the file, so their rows are not left on free pages either), checks the copy and counts its rows.
 */
export async function snapshotSqlite(dataDir: string, file: string): Promise<DatabaseFacts> {
  const live = join(dataDir, 'site.db');
  if (!existsSync(live))
    throw new BackupError(
      `There is no database at ${live} (DATA_DIR=${dataDir}); start the site once, or set DATA_DIR`,
    );
  const source = new DatabaseSync(live, { timeout: 5000 });
  try {
    source.exec('PRAGMA query_only = ON');
    await backup(source, file, { rate: ALL_PAGES });
  } finally {
    source.close();
  }
  leaveOut(file);
  return inspectSqlite(file);
}

function leaveOut(file: string): void {
  const copy = new DatabaseSync(file);
  try {
    const present = new Set(
      (copy.prepare("SELECT name FROM sqlite_schema WHERE type = 'table'").all() as { name: string }[]).map(
        (row) => row.name,
      ),
    );
    for (const table of LEFT_OUT_TABLES) if (present.has(table)) copy.exec(`DELETE FROM "${table}"`);
    copy.exec('VACUUM');
  } finally {
    copy.close();
  }
}

/** Runs PRAGMA integrity_check on a database file and counts the rows of its tables; throws when it is not sound. */
export function inspectSqlite(file: string): DatabaseFacts {
  let db: DatabaseSync;
  try {
    db = new DatabaseSync(file);
    db.exec('PRAGMA query_only = ON');
  } catch (error) {
    throw new BackupError(`The database snapshot cannot be opened: ${(error as Error).message}`);
  }
  try {
    const check = db.prepare('PRAGMA integrity_check').all() as { integrity_check: string }[];
    if (check.length !== 1 || check[0]?.integrity_check !== 'ok') {
      throw new BackupError(
        `The database snapshot failed PRAGMA integrity_check: ${check
          .slice(0, 3)
          .map((r) => r.integrity_check)
          .join('; ')}`,
      );
    }
    // Virtual tables (full-text search) are left out: their rows are those of their shadow tables, counted as tables.
    const names = db
      .prepare(
        "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND sql NOT LIKE 'CREATE VIRTUAL TABLE%' ORDER BY name",
      )
      .all() as { name: string }[];
    const tables: Record<string, number> = {};
    for (const { name } of names)
      tables[name] = (db.prepare(`SELECT count(*) AS n FROM "${name.replaceAll('"', '""')}"`).get() as { n: number }).n;
    if (!('kysely_migration' in tables))
      throw new BackupError('The database has no migrations applied: it is not a database of this site');
    const last = db.prepare('SELECT name FROM kysely_migration ORDER BY name DESC LIMIT 1').get() as
      { name: string } | undefined;
    if (!last) throw new BackupError('The database has no migrations applied: it is not a database of this site');
    return { tables, migration: last.name };
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`The database snapshot cannot be read: ${(error as Error).message}`);
  } finally {
    db.close();
  }
}

/** Whether DATA_DIR already holds a database (or the files of one). */
export function sqliteFilesIn(dataDir: string): string[] {
  return SQLITE_FILES.filter((name) => existsSync(join(dataDir, name)));
}

/**
 * Writes the checked snapshot `staged` as DATA_DIR/site.db through the backup API: into a temp name first, checked
 * again, then renamed into place, so an interrupted restore never leaves a site.db behind.
 */
export async function restoreSqlite(staged: string, dataDir: string): Promise<DatabaseFacts> {
  const target = join(dataDir, 'site.db');
  const temp = join(dataDir, `.site.db.restoring-${process.pid}`);
  const source = new DatabaseSync(staged);
  source.exec('PRAGMA query_only = ON');
  try {
    await backup(source, temp, { rate: ALL_PAGES });
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  } finally {
    source.close();
  }
  try {
    const facts = inspectSqlite(temp);
    await rename(temp, target);
    await syncDirectory(dataDir);
    return facts;
  } catch (error) {
    await Promise.all(['', '-wal', '-shm'].map((suffix) => rm(`${temp}${suffix}`, { force: true })));
    throw error;
  }
}
