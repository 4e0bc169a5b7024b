/**
 * Work that must run in one instance at a time across every instance on one database (the site rebuild: one build
 * or one build-hook call at a time). PostgreSQL: a session advisory lock on a connection of its own, held while the
 * work runs and given back after, or by the server if the process dies. SQLite: one process owns DATA_DIR, so the
 * work just runs (the rebuild scheduler already runs one build at a time within the process).
 */
import pg from 'pg';
import { isPostgresUrl } from './connection.ts';
import { clientConfig } from './postgres-dialect.ts';

/** Advisory lock keys of the work kinds (distinct from postgres-dialect.ts's WRITE_LOCK_KEY). */
export const INSTANCE_LOCKS = { siteRebuild: 0x72656275, scheduledChanges: 0x73636864 } as const;

/** Runs `work` once no other instance runs its kind; `signal` gives up the wait (and the lock) when aborted. */
export type InstanceLock = <T>(work: () => Promise<T>, signal?: AbortSignal) => Promise<T>;

export function instanceLock(databaseUrl: string | undefined, key: number): InstanceLock {
  if (!databaseUrl || !isPostgresUrl(databaseUrl)) return (work) => work();
  return async (work, signal) => {
    signal?.throwIfAborted();
    const client = new pg.Client(clientConfig(databaseUrl));
    // A lost connection (the server restarting) must not crash the process; the work's own errors still surface.
    client.on('error', (error) => console.error('instance lock connection lost:', error.message));
    await client.connect();
    // Ending the connection cancels a wait for the lock (the process is stopping).
    const giveUp = () => void client.end().catch(() => undefined);
    signal?.addEventListener('abort', giveUp, { once: true });
    try {
      // Waits while another instance runs the same work.
      await client.query('SELECT pg_advisory_lock($1)', [key]);
      return await work();
    } finally {
      signal?.removeEventListener('abort', giveUp);
      await client.end().catch(() => undefined);
    }
  };
}
