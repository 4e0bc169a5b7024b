/**
 * Puts a checked SQLite snapshot's rows into the running site's database, in one transaction on a connection of its
 * own: the snapshot is attached, every table emptied and filled from it, foreign keys checked once at the commit
 * (PRAGMA defer_foreign_keys), so visitors see the old site or the restored one, never a mix, and a failure leaves the
 * old one. The server's own connection sees the commit as another connection's (data_version), so its caches drop
 * what they held. Full-text indexes are not copied: the triggers of their source tables fill them again as the rows
 * go in. The tables of the migrations are left alone: a restore into the running site needs the same schema.
 */
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { BackupError } from './manifest.ts';

/** Tables a live restore never touches: the schema's history, equal on both sides. */
export const SCHEMA_TABLES: readonly string[] = ['kysely_migration', 'kysely_migration_lock'];

/** How long the restore waits for the server's writes to finish before it takes the write lock. */
const LOCK_WAIT_MS = 30_000;

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

interface TableListRow {
  name: string;
  type: string;
}

/** The ordinary tables (not virtual, shadow or SQLite's own) of one attached schema. */
function tablesOf(db: DatabaseSync, schema: 'main' | 'restored'): string[] {
  return (db.prepare(`PRAGMA ${schema}.table_list`).all() as unknown as TableListRow[])
    .filter((row) => row.type === 'table' && !row.name.startsWith('sqlite_'))
    .map((row) => row.name)
    .sort();
}

function virtualTablesOf(db: DatabaseSync): string[] {
  return (db.prepare('PRAGMA main.table_list').all() as unknown as TableListRow[])
    .filter((row) => row.type === 'virtual')
    .map((row) => row.name);
}

function columnsOf(db: DatabaseSync, schema: 'main' | 'restored', table: string): string[] {
  return (db.prepare(`PRAGMA ${schema}.table_info(${quoted(table)})`).all() as { name: string }[]).map((c) => c.name);
}

/**
 * Replaces every row of DATA_DIR/site.db with those of the snapshot `staged` (same migrations); the rows per table
 * copied. Throws BackupError, with nothing changed, when the two schemas differ or the rows break a constraint.
 */
export function replaceSqliteRows(staged: string, dataDir: string): Record<string, number> {
  const db = new DatabaseSync(join(dataDir, 'site.db'), { timeout: LOCK_WAIT_MS, enableForeignKeyConstraints: true });
  try {
    db.prepare('ATTACH DATABASE ? AS restored').run(staged);
    const tables = tablesOf(db, 'main').filter((name) => !SCHEMA_TABLES.includes(name));
    const theirs = tablesOf(db, 'restored').filter((name) => !SCHEMA_TABLES.includes(name));
    const columns = new Map(tables.map((table) => [table, columnsOf(db, 'main', table)]));
    const differs =
      tables.join() !== theirs.join() ||
      tables.some((table) => columns.get(table)?.join() !== columnsOf(db, 'restored', table).join());
    if (differs)
      throw new BackupError(
        'The backup has other tables or columns than this version of the site: nothing was changed',
      );
    const counts: Record<string, number> = {};
    db.exec('BEGIN IMMEDIATE');
    try {
      db.exec('PRAGMA defer_foreign_keys = ON');
      // Emptied first, so the delete triggers of the tables below find nothing to scan; the insert triggers refill them.
      for (const table of virtualTablesOf(db)) db.exec(`DELETE FROM main.${quoted(table)}`);
      for (const table of tables) db.exec(`DELETE FROM main.${quoted(table)}`);
      for (const table of tables) {
        const list = (columns.get(table) ?? []).map(quoted).join(', ');
        counts[table] = Number(
          db.prepare(`INSERT INTO main.${quoted(table)} (${list}) SELECT ${list} FROM restored.${quoted(table)}`).run()
            .changes,
        );
      }
      // AUTOINCREMENT counters: the restored site hands out the ids it would have.
      if (hasSequences(db, 'main') && hasSequences(db, 'restored')) {
        db.exec('DELETE FROM main.sqlite_sequence');
        db.exec('INSERT INTO main.sqlite_sequence (name, seq) SELECT name, seq FROM restored.sqlite_sequence');
      }
      db.exec('COMMIT');
    } catch (error) {
      if (db.isTransaction) db.exec('ROLLBACK');
      throw new BackupError(
        `The backup's rows could not be put in place, nothing was changed: ${(error as Error).message}`,
      );
    }
    return counts;
  } finally {
    if (db.isOpen) db.close();
  }
}

function hasSequences(db: DatabaseSync, schema: 'main' | 'restored'): boolean {
  return db.prepare(`SELECT 1 FROM ${schema}.sqlite_schema WHERE name = 'sqlite_sequence'`).all().length > 0;
}
