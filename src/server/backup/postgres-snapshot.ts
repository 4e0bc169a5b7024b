/**
 * PostgreSQL's side of backup and restore. The snapshot: one REPEATABLE READ transaction exports its snapshot, counts
 * every table in it, and pg_dump (custom format) dumps that same snapshot (--snapshot), so the counts in the manifest
 * are the dump's own while writes go on. Restore: pg_restore into the empty database DATABASE_URL names, all in one
 * transaction (a failure leaves the database as empty as it was).
 */
import pg from 'pg';
import { clientConfig } from '../db/postgres-dialect.ts';
import { BackupError, LEFT_OUT_TABLES } from './manifest.ts';
import { runPgProgram } from './pg-tools.ts';
import type { DatabaseFacts } from './sqlite-snapshot.ts';

export async function connected<T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client(clientConfig(databaseUrl));
  client.on('error', () => undefined);
  await client.connect().catch((error: unknown) => {
    throw new BackupError(`Could not connect to the PostgreSQL database of DATABASE_URL: ${(error as Error).message}`);
  });
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Rows per base table of the connection's schema, and the last migration, as the client's transaction sees them. */
async function factsOf(client: pg.Client): Promise<DatabaseFacts> {
  const { rows } = await client.query<{ name: string }>(
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name",
  );
  const tables: Record<string, number> = {};
  for (const { name } of rows) {
    // A number: clientConfig's type parsers read bigint counts as numbers.
    const counted = await client.query<{ n: number }>(`SELECT count(*) AS n FROM ${client.escapeIdentifier(name)}`);
    tables[name] = counted.rows[0]?.n ?? 0;
  }
  if (!('kysely_migration' in tables))
    throw new BackupError('The database has no migrations applied: it is not a database of this site');
  const last = await client.query<{ name: string }>('SELECT name FROM kysely_migration ORDER BY name DESC LIMIT 1');
  if (!last.rows[0]) throw new BackupError('The database has no migrations applied: it is not a database of this site');
  return { tables, migration: last.rows[0].name };
}

/**
 * Dumps the database into `file` (pg_dump's custom format) without the rows of the tables an archive leaves out (their
 * definitions stay), and counts the rows of the same snapshot as the dump holds them.
 */
export async function snapshotPostgres(databaseUrl: string, file: string): Promise<DatabaseFacts> {
  return connected(databaseUrl, async (client) => {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    try {
      const [exported] = (await client.query<{ id: string }>('SELECT pg_export_snapshot() AS id')).rows;
      if (!exported) throw new Error('pg_export_snapshot() returned no row');
      const snapshot = exported.id;
      const counted = await factsOf(client);
      const left: readonly string[] = LEFT_OUT_TABLES;
      const facts = {
        ...counted,
        tables: Object.fromEntries(
          Object.entries(counted.tables).map(([name, rows]) => [name, left.includes(name) ? 0 : rows]),
        ),
      };
      // The transaction stays open until pg_dump is done: an exported snapshot lives only as long as it.
      await runPgProgram(
        'pg_dump',
        [
          '--format=custom',
          '--no-owner',
          '--no-privileges',
          `--snapshot=${snapshot}`,
          ...LEFT_OUT_TABLES.map((table) => `--exclude-table-data=${table}`),
          `--file=${file}`,
        ],
        databaseUrl,
      );
      return facts;
    } finally {
      await client.query('ROLLBACK').catch(() => undefined);
    }
  });
}

/** What the database already holds (relations outside the system schemas), as a sentence; null when it is empty. */
export async function postgresContents(databaseUrl: string): Promise<string | null> {
  return connected(databaseUrl, async (client) => {
    const { rows } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg_toast%' AND n.nspname NOT LIKE 'pg_temp%'
          AND c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')`,
    );
    const count = rows[0]?.n ?? 0;
    return count > 0 ? `the database of DATABASE_URL already holds ${count} table(s), view(s) or sequence(s)` : null;
  });
}

/** Restores a pg_dump file into the (empty) database, in one transaction, and counts what it holds then. */
/** Rows per table and the last migration of the database, as they are now. */
export function postgresFacts(databaseUrl: string): Promise<DatabaseFacts> {
  return connected(databaseUrl, factsOf);
}

export async function restorePostgres(file: string, databaseUrl: string): Promise<DatabaseFacts> {
  await runPgProgram(
    'pg_restore',
    ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', file],
    databaseUrl,
  );
  return postgresFacts(databaseUrl);
}
