/**
 * Change notification between processes on PostgreSQL (LISTEN/NOTIFY): what SQLite's data_version is to the SQLite
 * module. A statement-level trigger on each table a process caches (company_settings: GET /api/company) notifies
 * CHANGES_CHANNEL when a write commits; every instance listens on one connection of its own and counts the
 * notifications, so its caches see another instance's commit as soon as it arrives.
 */
import { sql } from 'kysely';
import pg from 'pg';
import type { Db } from './connection.ts';
import { clientConfig } from './postgres-dialect.ts';

export const CHANGES_CHANNEL = 'site_changes';
/** The tables whose writes are announced: the ones cached in memory (modules/company/company.cache.ts). */
export const ANNOUNCED_TABLES = ['company_settings'] as const;
/** Wait before listening again after the listening connection was lost. */
const RECONNECT_MS = 1000;

/** Functions rather than methods: createDb hands them on by themselves. */
export interface ChangeListener {
  /** Changes with every notification (and on every new connection, as notifications may have been missed); null while not listening. */
  version: () => number | null;
  close: () => Promise<void>;
}

/** Listens once first asked (scripts that never read a cache open no connection for it). */
export function postgresChanges(databaseUrl: string): ChangeListener {
  let counter = 0;
  let listening = false;
  let client: pg.Client | null = null;
  let starting: Promise<void> | null = null;
  let retry: NodeJS.Timeout | null = null;
  let closed = false;

  const start = (): Promise<void> => {
    const next = new pg.Client(clientConfig(databaseUrl));
    client = next;
    next.on('notification', () => {
      counter++;
    });
    next.on('error', () => lost(next));
    next.on('end', () => lost(next));
    return next
      .connect()
      .then(() => next.query(`LISTEN ${CHANGES_CHANNEL}`))
      .then(() => {
        if (client !== next) return;
        counter++;
        listening = true;
      })
      .catch(() => lost(next));
  };

  const lost = (which: pg.Client): void => {
    if (client !== which) return;
    listening = false;
    client = null;
    starting = null;
    which.end().catch(() => undefined);
    if (!closed && !retry) {
      retry = setTimeout(() => {
        retry = null;
        if (!closed) starting = start();
      }, RECONNECT_MS);
      retry.unref();
    }
  };

  return {
    version: () => {
      if (!starting && !closed && !retry) starting = start();
      return listening ? counter : null;
    },
    close: async () => {
      closed = true;
      if (retry) clearTimeout(retry);
      const open = client;
      client = null;
      listening = false;
      await starting?.catch(() => undefined);
      await open?.end().catch(() => undefined);
    },
  };
}

/** Installs (or replaces) the notifying triggers. Idempotent; run at start by prepare.ts. */
export async function ensureChangeTriggers(db: Db): Promise<void> {
  // In a transaction, so instances starting together take turns (postgres-dialect.ts).
  await db.transaction().execute(async (trx) => {
    await sql
      .raw(
        `CREATE OR REPLACE FUNCTION site_announce_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN PERFORM pg_notify('${CHANGES_CHANNEL}', TG_TABLE_NAME); RETURN NULL; END $$`,
      )
      .execute(trx);
    for (const table of ANNOUNCED_TABLES) {
      await sql
        .raw(
          `CREATE OR REPLACE TRIGGER ${table}_announce AFTER INSERT OR UPDATE OR DELETE ON ${table}
        FOR EACH STATEMENT EXECUTE FUNCTION site_announce_change()`,
        )
        .execute(trx);
    }
  });
}
