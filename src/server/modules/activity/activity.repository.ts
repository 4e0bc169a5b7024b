/** Counts and likes in the database: the published item asked for, the day's seen keys, the counters, the likes. */
import { sql } from 'kysely';
import type { ActivityType, LikedType } from '../../../shared/activity.ts';
import type { Db } from '../../db/connection.ts';
import { TABLE_OF, type CounterColumn, type Increment } from './activity.rules.ts';
import { notHeld } from '../publish-checks/held.ts';

/** Types whose rows carry tags (a JSON array), which a signed-in viewer's 'For You' learns from. */
const TAGGED = new Set<ActivityType>(['product', 'blog', 'photo', 'video', 'audio']);

/** The published item's tags (JSON text, '[]' for a type without), or undefined for an unknown or unpublished one. */
export async function findPublishedItem(db: Db, type: ActivityType, id: string): Promise<{ tags: string } | undefined> {
  const table = TABLE_OF[type];
  const row = await db
    .selectFrom(table)
    .select(TAGGED.has(type) ? sql<string>`tags`.as('tags') : sql<string>`'[]'`.as('tags'))
    .where('id', '=', id)
    .where('published', '=', true)
    .where(notHeld(table))
    .executeTakeFirst();
  return row ? { tags: row.tags } : undefined;
}

/** Rows of one insert: well under SQLite's bound on a statement's parameters. */
const SEEN_CHUNK = 400;

/** Remembers the day's keys; answers the keys that were new (a key already there was counted before). */
export async function insertSeen(db: Db, rows: { day: string; seen_key: string }[]): Promise<Set<string>> {
  const inserted = new Set<string>();
  for (let i = 0; i < rows.length; i += SEEN_CHUNK) {
    const added = await db
      .insertInto('activity_seen')
      .values(rows.slice(i, i + SEEN_CHUNK))
      .onConflict((oc) => oc.columns(['day', 'seen_key']).doNothing())
      .returning(['day', 'seen_key'])
      .execute();
    for (const r of added) inserted.add(`${r.day}\n${r.seen_key}`);
  }
  return inserted;
}

/** Forgets the days before `day`. */
export async function deleteSeenBefore(db: Db, day: string): Promise<void> {
  await db.deleteFrom('activity_seen').where('day', '<', day).execute();
}

/** Adds to one item's counter (a deleted item adds to nothing). */
export async function addToCounter(db: Db, { type, id, column, by }: Increment): Promise<void> {
  await db
    .updateTable(TABLE_OF[type])
    .set({ [column]: sql`${sql.ref(column)} + ${by}` })
    .where('id', '=', id)
    .execute();
}

/** The columns each type's counts are read from. */
const COLUMNS_OF: Readonly<Record<ActivityType, readonly (CounterColumn | 'likes')[]>> = {
  product: ['views'],
  blog: ['views'],
  photo: ['views', 'likes', 'downloads'],
  video: ['views', 'likes'],
  audio: ['plays', 'downloads'],
  event: ['views'],
  document: ['downloads'],
};

export type CountRow = { id: string } & Partial<Record<CounterColumn | 'likes', number>>;

/** The counters of the published items among `ids`. */
export async function readCounts(db: Db, type: ActivityType, ids: readonly string[]): Promise<CountRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom(TABLE_OF[type])
    .select([sql<string>`id`.as('id'), ...COLUMNS_OF[type].map((c) => sql<number>`${sql.ref(c)}`.as(c))])
    .where('id', 'in', ids)
    .where('published', '=', true)
    .where(notHeld(TABLE_OF[type]))
    .execute();
  // PostgreSQL may answer integers as text; the counts are numbers everywhere.
  return rows.map((row) => {
    const out: CountRow = { id: row.id };
    for (const c of COLUMNS_OF[type]) out[c] = Number((row as Record<string, unknown>)[c] ?? 0);
    return out;
  });
}

/** The ids among `ids` that `liker` likes. */
export async function likedAmong(db: Db, type: LikedType, liker: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('content_likes')
    .select('content_id')
    .where('content_type', '=', type)
    .where('liker', '=', liker)
    .where('content_id', 'in', ids)
    .execute();
  return new Set(rows.map((r) => r.content_id));
}

/** Adds the like unless it is there; true when it was added. */
export async function insertLike(
  db: Db,
  like: { type: LikedType; id: string; liker: string; userId: string | null },
): Promise<boolean> {
  const added = await db
    .insertInto('content_likes')
    .values({
      content_type: like.type,
      content_id: like.id,
      liker: like.liker,
      user_id: like.userId,
      created_at: new Date().toISOString(),
    })
    .onConflict((oc) => oc.columns(['content_type', 'content_id', 'liker']).doNothing())
    .returning('liker')
    .execute();
  return added.length > 0;
}

/** Removes the like if it is there; true when it was removed. */
export async function deleteLike(db: Db, like: { type: LikedType; id: string; liker: string }): Promise<boolean> {
  const removed = await db
    .deleteFrom('content_likes')
    .where('content_type', '=', like.type)
    .where('content_id', '=', like.id)
    .where('liker', '=', like.liker)
    .returning('liker')
    .execute();
  return removed.length > 0;
}

/** Moves the item's likes by `by` (never below zero) and answers the count after it. */
export async function addToLikes(db: Db, type: LikedType, id: string, by: number): Promise<number> {
  const table = TABLE_OF[type];
  if (by !== 0)
    await db
      .updateTable(table)
      .set({ likes: sql`case when likes + ${by} < 0 then 0 else likes + ${by} end` })
      .where('id', '=', id)
      .execute();
  const row = await db.selectFrom(table).select('likes').where('id', '=', id).executeTakeFirst();
  return row?.likes ?? 0;
}
