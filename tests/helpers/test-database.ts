/**
 * The database a test runs on. SQLite in DATA_DIR unless the run is the PostgreSQL one (TEST_DIALECT=postgres, set
 * by the `node-postgres` vitest project): then each test's DATA_DIR gets a new database of its own on the server of
 * TEST_POSTGRES_URL, dropped when the test removes DATA_DIR, so tests in parallel never see each other's rows.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
import { sql } from 'kysely';
import pg from 'pg';
import { expect } from 'vitest';
import { createDb, databaseKind, type Db } from '../../src/server/db/connection.ts';

export const onPostgres = process.env['TEST_DIALECT'] === 'postgres';

function serverUrl(): string {
  const url = process.env['TEST_POSTGRES_URL'];
  if (!url)
    throw new Error(
      'TEST_DIALECT=postgres needs TEST_POSTGRES_URL (a postgres:// URL of a role that may create databases)',
    );
  return url;
}

async function onServer<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Where a DATA_DIR remembers its test database, so a second start on the same DATA_DIR finds the same data. */
const URL_FILE = '.test-database-url';

/**
 * The URL of DATA_DIR's database on the PostgreSQL run: the one made for it before, else a new empty one; undefined
 * on the SQLite run.
 */
export async function testDatabaseFor(dataDir: string): Promise<string | undefined> {
  if (!onPostgres) return undefined;
  const file = join(dataDir, URL_FILE);
  if (existsSync(file)) return readFileSync(file, 'utf8');
  const name = `site_test_${randomUUID().replaceAll('-', '')}`;
  await onServer((client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(serverUrl());
  url.pathname = `/${name}`;
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, url.toString());
  return url.toString();
}

/** SQLSTATE object_in_use: the database still has sessions. */
const IN_USE = '55006';

/**
 * Drops a database made by testDatabaseFor, once its sessions are gone. A pool's end() resolves before its
 * connections have finished closing; terminating them then (DROP … WITH (FORCE)) makes the closing client emit an
 * error nobody listens to any more, so the drop waits for them (up to 5 s) instead.
 */
export async function dropTestDatabase(databaseUrl: string | undefined): Promise<void> {
  if (!databaseUrl) return;
  const name = new URL(databaseUrl).pathname.slice(1);
  if (!/^site_test_[0-9a-f]{32}$/.test(name)) throw new Error(`not a test database: ${name}`);
  await onServer(async (client) => {
    for (const deadline = Date.now() + 5000; ;) {
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name}`);
        return;
      } catch (error) {
        if ((error as { code?: unknown }).code !== IN_USE || Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
  });
}

/** What a test's environment adds for its database: DATABASE_URL and the AUTH_SECRET PostgreSQL instances must share. */
export function databaseEnv(databaseUrl: string | undefined): Record<string, string> {
  return databaseUrl ? { DATABASE_URL: databaseUrl, AUTH_SECRET: `test-secret-${'x'.repeat(32)}` } : {};
}

/**
 * Makes every insert into `table` (or those where `condition`, an SQL expression over NEW, holds) fail inside the
 * database, as a full disk or a broken constraint would; the returned function removes the trigger again.
 */
export async function refuseInserts(db: Db, table: string, condition = 'true'): Promise<() => Promise<void>> {
  const name = `refuse_${table}`;
  if (databaseKind(db) === 'postgres') {
    await sql
      .raw(
        `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF ${condition} THEN RAISE EXCEPTION 'refused'; END IF; RETURN NEW; END $$`,
      )
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER ${name} BEFORE INSERT ON ${table} FOR EACH ROW EXECUTE FUNCTION ${name}()`)
      .execute(db);
    return async () => {
      await sql.raw(`DROP TRIGGER ${name} ON ${table}`).execute(db);
      await sql.raw(`DROP FUNCTION ${name}()`).execute(db);
    };
  }
  await sql
    .raw(`CREATE TRIGGER ${name} BEFORE INSERT ON ${table} WHEN ${condition} BEGIN SELECT RAISE(ABORT, 'refused'); END`)
    .execute(db);
  return async () => {
    await sql.raw(`DROP TRIGGER ${name}`).execute(db);
  };
}

/**
 * Everything the database holds, as text to search for what must never be stored: SQLite's files byte for byte
 * (free pages and the WAL included), or on PostgreSQL every row of every table of the test's database.
 */
export async function storedText(db: Db, dataDir: string): Promise<string> {
  if (databaseKind(db) === 'postgres') {
    const { rows: tables } = await sql<{
      name: string;
    }>`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public'`.execute(db);
    expect(tables.length).toBeGreaterThan(0);
    const parts: string[] = [];
    for (const { name } of tables) {
      const { rows } = await sql<{ row: string }>`SELECT t::text AS row FROM ${sql.table(name)} t`.execute(db);
      parts.push(...rows.map((r) => r.row));
    }
    return parts.join('\n');
  }
  const files = readdirSync(dataDir).filter((f) => /\.(db|sqlite)(-wal)?$/.test(f) || f.endsWith('-wal'));
  expect(files.length).toBeGreaterThan(0);
  return files.map((file) => readFileSync(join(dataDir, file)).toString('latin1')).join('\n');
}

/** Opens DATA_DIR's database (SQLite file or the test's PostgreSQL database), runs `work`, closes it. */
export async function withDataDirDb<T>(dataDir: string, work: (db: Db) => Promise<T>): Promise<T> {
  const db = createDb({ dataDir, databaseUrl: await testDatabaseFor(dataDir) });
  try {
    return await work(db);
  } finally {
    await db.destroy();
  }
}

export interface RawConnection {
  /** Runs SQL with parameters written as `param(n)`; the rows. */
  query(text: string, values?: unknown[]): Promise<Record<string, unknown>[]>;
  /** The n-th parameter's placeholder (1-based) in this database's syntax. */
  param(n: number): string;
  close(): Promise<void>;
}

/** `work`'s result as a promise, which rejects when `work` throws (as an async function's would). */
export const promised = <T>(work: () => T): Promise<T> =>
  new Promise((resolve) => {
    resolve(work());
  });

/** A connection of its own to DATA_DIR's database, outside the server's pool: what another process would write with. */
export async function anotherConnection(dataDir: string): Promise<RawConnection> {
  const url = await testDatabaseFor(dataDir);
  if (url) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    return {
      query: async (text, values = []) => (await client.query<Record<string, unknown>>(text, values)).rows,
      param: (n) => `$${n}`,
      close: () => client.end(),
    };
  }
  const db = new DatabaseSync(join(dataDir, 'site.db'), { timeout: 5000 });
  return {
    query: (text, values = []) =>
      promised(() => {
        const stmt = db.prepare(text);
        const bound = values as SQLInputValue[];
        if (stmt.columns().length > 0) return stmt.all(...bound);
        stmt.run(...bound);
        return [];
      }),
    param: () => '?',
    close: () => promised(() => db.close()),
  };
}

/**
 * Resolves once `count` transactions wait for the write lock (held by the test): on PostgreSQL it watches pg_locks
 * for waiting advisory locks (up to 10 s); SQLite's waiters are inside the driver, so there it allows them a second.
 */
export async function waitForWaitingWriters(db: Db, count: number): Promise<void> {
  if (databaseKind(db) !== 'postgres') {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    return;
  }
  const deadline = Date.now() + 10_000;
  for (;;) {
    const { rows } = await sql<{
      n: number;
    }>`SELECT count(*) AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`.execute(
      db,
    );
    if ((rows[0]?.n ?? 0) >= count) return;
    if (Date.now() > deadline)
      throw new Error(`${count} transactions did not start waiting for the write lock within 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export interface HeldWrites {
  /** Lets the held transaction end; resolves once it has. */
  release(): Promise<void>;
}

/**
 * Holds the database's one write slot (a transaction, as the services write in) until `release()`, and resolves only
 * once it is held, so requests sent next are sure to queue behind it. Reads still run meanwhile: requests pass their
 * guards on what they read, then wait for the slot, each with what it read before the other wrote.
 */
export async function holdWrites(db: Db): Promise<HeldWrites> {
  let release!: () => void;
  let held!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const holding = new Promise<void>((resolve) => (held = resolve));
  const done = db.transaction().execute(async () => {
    held();
    await released;
  });
  await Promise.race([holding, done]);
  return { release: async () => (release(), done) };
}
