/**
 * Scheduled changes (Kysely only). A change is claimed ('pending' → 'running') by one conditional update, so of two
 * runners that see it due only one makes it; the items' titles and publish states are read by table name.
 */
import { sql, type Insertable, type Selectable } from 'kysely';
import type { ScheduleType } from '../../../shared/schemas/schedule.ts';
import type { Db } from '../../db/connection.ts';
import type { ScheduledChangesTable } from '../../db/schema.ts';
import { bool } from '../content/content.mappers.ts';

export type ScheduledChangeRow = Selectable<ScheduledChangesTable>;

/** Each type's table and the column that names an item. */
const ITEM_TABLES: Record<ScheduleType, { table: string; title: string }> = {
  products: { table: 'products', title: 'name' },
  blogs: { table: 'blogs', title: 'title' },
  events: { table: 'events', title: 'name' },
  photos: { table: 'photos', title: 'title' },
  videos: { table: 'videos', title: 'name' },
  audios: { table: 'audios', title: 'name' },
  pages: { table: 'pages', title: 'title' },
  plans: { table: 'plans', title: 'name' },
  documents: { table: 'documents', title: 'title' },
};

/** An item's title and publish state; undefined when there is no such item. */
export async function findItem(
  db: Db,
  type: ScheduleType,
  id: string,
): Promise<{ title: string; published: boolean } | undefined> {
  const { table, title } = ITEM_TABLES[type];
  const { rows } = await sql<{
    title: string;
    published: boolean | number;
  }>`select ${sql.ref(title)} as title, published from ${sql.table(table)} where id = ${id}`.execute(db);
  const row = rows[0];
  return row && { title: row.title, published: bool(row.published) };
}

/** The items of a type, by title, as the form offers them. */
export async function listItems(db: Db, type: ScheduleType, limit: number) {
  const { table, title } = ITEM_TABLES[type];
  const { rows } = await sql<{
    id: string;
    title: string;
    published: boolean | number;
  }>`select id, ${sql.ref(title)} as title, published from ${sql.table(table)} order by ${sql.ref(title)}, id limit ${limit}`.execute(
    db,
  );
  return rows.map((row) => ({ _id: row.id, title: row.title, published: bool(row.published) }));
}

export async function insertScheduledChange(db: Db, row: Insertable<ScheduledChangesTable>): Promise<void> {
  await db.insertInto('scheduled_changes').values(row).execute();
}

export const findScheduledChange = (db: Db, id: string) =>
  db.selectFrom('scheduled_changes').selectAll().where('id', '=', id).executeTakeFirst();

/** The item's pending change of the same kind, which a new one replaces. */
export async function cancelPendingFor(
  db: Db,
  key: { item_type: string; item_id: string; action: string },
  at: string,
): Promise<void> {
  await db
    .updateTable('scheduled_changes')
    .set({ status: 'cancelled', finished_at: at })
    .where('item_type', '=', key.item_type)
    .where('item_id', '=', key.item_id)
    .where('action', '=', key.action)
    .where('status', '=', 'pending')
    .execute();
}

/** Cancels a change that still waits; false when it is no longer pending. */
export async function cancelScheduledChange(db: Db, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('scheduled_changes')
    .set({ status: 'cancelled', finished_at: at })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export const upcomingChanges = (db: Db) =>
  db
    .selectFrom('scheduled_changes')
    .selectAll()
    .where('status', 'in', ['pending', 'running'])
    .orderBy('run_at')
    .orderBy('id')
    .execute();

export const recentChanges = (db: Db, limit: number) =>
  db
    .selectFrom('scheduled_changes')
    .selectAll()
    .where('status', 'in', ['done', 'failed'])
    .orderBy('finished_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();

/** The pending changes due at `now`, soonest first. */
export const dueChanges = (db: Db, now: string, limit: number) =>
  db
    .selectFrom('scheduled_changes')
    .selectAll()
    .where('status', '=', 'pending')
    .where('run_at', '<=', now)
    .orderBy('run_at')
    .orderBy('id')
    .limit(limit)
    .execute();

/** When the next pending change is due; undefined when none waits. */
export async function nextRunAt(db: Db): Promise<string | undefined> {
  const row = await db
    .selectFrom('scheduled_changes')
    .select('run_at')
    .where('status', '=', 'pending')
    .orderBy('run_at')
    .limit(1)
    .executeTakeFirst();
  return row?.run_at;
}

/** Claims a due change for this runner; false when another runner claimed it, or it was cancelled, first. */
export async function claimChange(db: Db, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('scheduled_changes')
    .set({ status: 'running', claimed_at: at })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function finishChange(
  db: Db,
  id: string,
  outcome: { status: 'done' } | { status: 'failed'; error: string },
  at: string,
): Promise<void> {
  await db
    .updateTable('scheduled_changes')
    .set({ status: outcome.status, error: outcome.status === 'failed' ? outcome.error : null, finished_at: at })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .execute();
}

/**
 * Changes a runner claimed and never finished (its process died): back to pending, to be made again. Called by the
 * one runner that holds the instance lock, so no other runner is making them now; making one twice is harmless, as
 * publishing a published item changes nothing. Answers how many.
 */
export async function releaseAbandonedClaims(db: Db): Promise<number> {
  const result = await db
    .updateTable('scheduled_changes')
    .set({ status: 'pending', claimed_at: null })
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
