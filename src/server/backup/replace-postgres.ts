/**
 * Puts a checked pg_dump snapshot's rows into the running site's PostgreSQL database, in one transaction: every table
 * is emptied (TRUNCATE) and filled by the dump's data (pg_restore's script through psql), tables after those their
 * foreign keys point to, sequences set as they were; a failure rolls all of it back and leaves the site as it was.
 * The tables' own triggers are off meanwhile: the search index comes from the dump as it was (its sync triggers would
 * add every row twice, and cannot run under the script's empty search_path), and the change notices other instances
 * listen for are sent once at the end instead (postgres-changes.ts). Foreign keys are checked all along. The tables
 * of the migrations are left alone: a restore into the running site needs the same schema.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type pg from 'pg';
import { BackupError } from './manifest.ts';
import { pgProgramOutput, pgRestoreThroughPsql } from './pg-tools.ts';
import { ANNOUNCED_TABLES, CHANGES_CHANNEL } from '../db/postgres-changes.ts';
import { connected } from './postgres-snapshot.ts';
import { SCHEMA_TABLES } from './replace-sqlite.ts';
import { parentsFirst, type ForeignKey } from './table-order.ts';

interface LiveSchema {
  schema: string;
  tables: string[];
  keys: ForeignKey[];
}

async function liveSchema(client: pg.Client): Promise<LiveSchema> {
  const [current] = (await client.query<{ schema: string }>('SELECT current_schema() AS schema')).rows;
  if (!current) throw new BackupError('The database has no current schema');
  const tables = (
    await client.query<{ name: string }>(
      "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name",
    )
  ).rows.map((row) => row.name);
  const keys = (
    await client.query<ForeignKey>(
      `SELECT child.relname AS "from", parent.relname AS "to" FROM pg_constraint k
         JOIN pg_class child ON child.oid = k.conrelid JOIN pg_class parent ON parent.oid = k.confrelid
        WHERE k.contype = 'f' AND k.connamespace = current_schema()::regnamespace`,
    )
  ).rows;
  return { schema: current.schema, tables, keys };
}

/** One line of `pg_restore --list`: its kind (TABLE, TABLE DATA, SEQUENCE SET...), schema and name. */
const LIST_LINE = /^\d+; \d+ \d+ (TABLE DATA|SEQUENCE SET|TABLE) (\S+) (\S+) /;

/**
 * The list file pg_restore follows, from its `--list` of the dump: the data of every table in `order`, then every
 * sequence's value. The dump must define the same tables as the database holds (`tables`).
 */
export function restoreList(
  listing: string,
  schema: string,
  tables: readonly string[],
  order: readonly string[],
): string {
  const data = new Map<string, string>();
  const sequences: string[] = [];
  const dumped: string[] = [];
  for (const line of listing.split('\n')) {
    const match = LIST_LINE.exec(line);
    if (match?.[2] !== schema) continue;
    const [, kind, , name = ''] = match;
    if (kind === 'TABLE') dumped.push(name);
    else if (kind === 'TABLE DATA') data.set(name, line);
    else sequences.push(line);
  }
  if (dumped.sort().join() !== [...tables].sort().join())
    throw new BackupError('The backup has other tables than this version of the site: nothing was changed');
  return [...order.flatMap((table) => data.get(table) ?? []), ...sequences].join('\n') + '\n';
}

/**
 * Replaces every row of the database with those of the dump `file` (same migrations), using `workDir` for the list
 * pg_restore follows. Throws BackupError, with nothing changed, when the dump does not fit or a row is refused.
 */
export async function replacePostgresRows(file: string, databaseUrl: string, workDir: string): Promise<void> {
  const live = await connected(databaseUrl, liveSchema);
  const copied = live.tables.filter((name) => !SCHEMA_TABLES.includes(name));
  let order: string[];
  try {
    order = parentsFirst(copied, live.keys);
  } catch (error) {
    throw new BackupError((error as Error).message);
  }
  const listFile = join(workDir, 'restore.list');
  await writeFile(
    listFile,
    restoreList(await pgProgramOutput('pg_restore', ['--list', file]), live.schema, live.tables, order),
    { mode: 0o600 },
  );
  const identifier = (name: string) => `"${name.replaceAll('"', '""')}"`;
  const tables = copied.map((name) => `${identifier(live.schema)}.${identifier(name)}`);
  const triggers = (state: 'DISABLE' | 'ENABLE') =>
    tables.map((table) => `ALTER TABLE ${table} ${state} TRIGGER USER;\n`).join('');
  const notices = ANNOUNCED_TABLES.map((table) => `SELECT pg_notify('${CHANGES_CHANNEL}', '${table}');\n`).join('');
  await pgRestoreThroughPsql(
    ['--data-only', '--no-owner', '--no-privileges', `--use-list=${listFile}`, '--file=-', file],
    databaseUrl,
    `BEGIN;\nTRUNCATE ${tables.join(', ')};\n${triggers('DISABLE')}`,
    `${triggers('ENABLE')}${notices}COMMIT;\n`,
  ).catch((error: unknown) => {
    throw error instanceof BackupError
      ? new BackupError(`The backup's rows could not be put in place, nothing was changed: ${error.message}`)
      : error;
  });
}
