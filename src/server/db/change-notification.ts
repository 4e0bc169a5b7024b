/** Tells other processes about writes their caches care about: PostgreSQL needs triggers for it; SQLite's data_version needs nothing. */
import { databaseKind, type Db } from './connection.ts';
import { ensureChangeTriggers } from './postgres-changes.ts';

export async function ensureChangeNotification(db: Db): Promise<void> {
  if (databaseKind(db) === 'postgres') await ensureChangeTriggers(db);
}
