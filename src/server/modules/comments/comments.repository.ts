/** Comments and reviews, their settings, blocked accounts and guest addresses, and guests' codes; Kysely only. */
import { sql, type Expression, type ExpressionBuilder, type Insertable, type Selectable, type SqlBool } from 'kysely';
import type { CommentStatus, CommentType, ModerationMode } from '../../../shared/comments.ts';
import type { Db } from '../../db/connection.ts';
import type { BlogCommentsTable, Database, GuestCommentCodesTable } from '../../db/schema.ts';
import { notHeld } from '../publish-checks/held.ts';

/** Where each type's comments live and which column names their item. */
export const COMMENT_TABLES = {
  blog: { table: 'blog_comments', item: 'blog_id' },
  audio: { table: 'audio_reviews', item: 'audio_id' },
  product: { table: 'product_reviews', item: 'product_id' },
} as const;

/**
 * The three tables share every column but their item's and the rating: the columns they share are read and written
 * through blog_comments' type, which names exactly those (and blog_id, never used here).
 */
const tableOf = (type: CommentType) => COMMENT_TABLES[type].table as 'blog_comments';

/** The columns every comment row has, whatever its table. */
export type CommentRow = Omit<Selectable<BlogCommentsTable>, 'blog_id'> & { item_id: string; rating: number | null };

/** The item a comment is about, when it is published. */
export interface ItemRow {
  id: string;
  title: string;
  /** The mean of the approved reviews (audio and products). */
  rating?: number;
}

export const findPublishedBlog = (db: Db, slug: string): Promise<ItemRow | undefined> =>
  db
    .selectFrom('blogs')
    .select(['id', 'title'])
    .where('slug', '=', slug)
    .where('published', '=', true)
    .where(notHeld('blogs'))
    .executeTakeFirst();

export const findPublishedAudio = (db: Db, id: string): Promise<ItemRow | undefined> =>
  db
    .selectFrom('audios')
    .select(['id', 'name as title', 'rating'])
    .where('id', '=', id)
    .where('published', '=', true)
    .executeTakeFirst();

export const findPublishedProduct = (db: Db, id: string): Promise<ItemRow | undefined> =>
  db
    .selectFrom('products')
    .select(['id', 'name as title', 'rating'])
    .where('id', '=', id)
    .where('published', '=', true)
    .executeTakeFirst();

/** The approved comments of one item, oldest first. */
export async function listApproved(db: Db, type: CommentType, itemId: string): Promise<CommentRow[]> {
  const { item } = COMMENT_TABLES[type];
  const rows = await db
    .selectFrom(tableOf(type))
    .selectAll()
    .select(sql<string>`${sql.ref(item)}`.as('item_id'))
    .select(type === 'blog' ? sql<number | null>`CAST(NULL AS INTEGER)`.as('rating') : sql<number>`rating`.as('rating'))
    .where(sql.ref(item), '=', itemId)
    .where('status', '=', 'approved')
    .orderBy('created_at', 'asc')
    .orderBy('id')
    .execute();
  return rows;
}

/** Every approved comment of a type as its item's page shows it, ordered by item, then oldest first. */
export function listAllApproved(db: Db, type: CommentType) {
  const { item } = COMMENT_TABLES[type];
  return db
    .selectFrom(tableOf(type))
    .select(['id', 'author', 'comment', 'created_at'])
    .select(sql<string>`${sql.ref(item)}`.as('item_id'))
    .select(type === 'blog' ? sql<number | null>`CAST(NULL AS INTEGER)`.as('rating') : sql<number>`rating`.as('rating'))
    .where('status', '=', 'approved')
    .orderBy(sql.ref(item))
    .orderBy('created_at', 'asc')
    .orderBy('id')
    .execute();
}

/** One comment by type and id. */
export async function findComment(db: Db, type: CommentType, id: string): Promise<CommentRow | undefined> {
  const { item } = COMMENT_TABLES[type];
  return db
    .selectFrom(tableOf(type))
    .selectAll()
    .select(sql<string>`${sql.ref(item)}`.as('item_id'))
    .select(type === 'blog' ? sql<number | null>`CAST(NULL AS INTEGER)`.as('rating') : sql<number>`rating`.as('rating'))
    .where('id', '=', id)
    .executeTakeFirst();
}

/** A new comment row; `rating` only for a review. */
export type NewCommentRow = Omit<Insertable<BlogCommentsTable>, 'blog_id'> & { item_id: string; rating?: number };

export async function insertComment(db: Db, type: CommentType, row: NewCommentRow): Promise<void> {
  const { item_id, rating, ...rest } = row;
  const values = {
    ...rest,
    [COMMENT_TABLES[type].item]: item_id,
    ...(type === 'blog' ? {} : { rating: rating ?? 0 }),
  } as Insertable<BlogCommentsTable>;
  await db.insertInto(tableOf(type)).values(values).execute();
}

/** Who wrote a comment: an account, or a guest known by the address its code was mailed to. */
export type CommentAuthorKey = { userId: string } | { guestEmail: string };

/** The rows of one author: an account's, or a guest address's (never an account's, though it may share the address). */
const byAuthor =
  (who: CommentAuthorKey) =>
  (eb: ExpressionBuilder<Database, 'blog_comments'>): Expression<SqlBool> =>
    'userId' in who
      ? eb('user_id', '=', who.userId)
      : eb.and([eb('user_id', 'is', null), eb('author_email', '=', who.guestEmail)]);

/** Whether the author has a comment or review that was approved, of any type. */
export async function hasApprovedComment(db: Db, who: CommentAuthorKey): Promise<boolean> {
  for (const type of Object.keys(COMMENT_TABLES) as CommentType[]) {
    const row = await db
      .selectFrom(tableOf(type))
      .select('id')
      .where(byAuthor(who))
      .where('status', '=', 'approved')
      .limit(1)
      .executeTakeFirst();
    if (row) return true;
  }
  return false;
}

/** Whether the author sent this very text (of this type) at or after `since`. */
export async function sentSameTextSince(
  db: Db,
  type: CommentType,
  who: CommentAuthorKey,
  text: string,
  since: string,
): Promise<boolean> {
  const row = await db
    .selectFrom(tableOf(type))
    .select('id')
    .where(byAuthor(who))
    .where('created_at', '>=', since)
    .where((eb) => eb.or([eb('comment', '=', text), eb('original_comment', '=', text)]))
    .limit(1)
    .executeTakeFirst();
  return Boolean(row);
}

export async function updateComment(
  db: Db,
  type: CommentType,
  id: string,
  changes: Partial<
    Pick<Selectable<BlogCommentsTable>, 'status' | 'comment' | 'moderated_at' | 'edited_at' | 'original_comment'>
  >,
): Promise<void> {
  await db.updateTable(tableOf(type)).set(changes).where('id', '=', id).execute();
}

export async function deleteComment(db: Db, type: CommentType, id: string): Promise<void> {
  await db.deleteFrom(tableOf(type)).where('id', '=', id).execute();
}

/** The stars of an item's approved reviews. */
async function approvedRatings(db: Db, type: 'audio' | 'product', itemId: string): Promise<number[]> {
  const rows =
    type === 'audio'
      ? await db
          .selectFrom('audio_reviews')
          .select('rating')
          .where('audio_id', '=', itemId)
          .where('status', '=', 'approved')
          .execute()
      : await db
          .selectFrom('product_reviews')
          .select('rating')
          .where('product_id', '=', itemId)
          .where('status', '=', 'approved')
          .execute();
  return rows.map((r) => r.rating);
}

/** Writes the item's rating as `mean` of its approved reviews' stars; returns it. */
export async function storeRating(
  db: Db,
  type: 'audio' | 'product',
  itemId: string,
  mean: (ratings: number[]) => number,
): Promise<number> {
  const rating = mean(await approvedRatings(db, type, itemId));
  if (type === 'audio') await db.updateTable('audios').set({ rating }).where('id', '=', itemId).execute();
  else await db.updateTable('products').set({ rating }).where('id', '=', itemId).execute();
  return rating;
}

/** The stored settings row, if an admin ever saved one. */
export async function readSettings(
  db: Db,
): Promise<{ moderation: string; guests: boolean | number | string } | undefined> {
  return db.selectFrom('comment_settings').select(['moderation', 'guests']).where('id', '=', 1).executeTakeFirst();
}

/** Stores the settings row whole (the service merged what was sent with what was stored). */
export async function saveSettings(
  db: Db,
  settings: { moderation: ModerationMode; guests: boolean },
  now: string,
): Promise<void> {
  const values = { ...settings, updated_at: now };
  await db
    .insertInto('comment_settings')
    .values({ id: 1, ...values })
    .onConflict((oc) => oc.column('id').doUpdateSet(values))
    .execute();
}

export async function isBlockedCommenter(db: Db, userId: string): Promise<boolean> {
  return Boolean(
    await db.selectFrom('comment_blocks').select('user_id').where('user_id', '=', userId).executeTakeFirst(),
  );
}

/** Whether a guest address is blocked: on its own, or as the address of a blocked account. */
export async function isBlockedGuest(db: Db, email: string): Promise<boolean> {
  if (await db.selectFrom('comment_email_blocks').select('email').where('email', '=', email).executeTakeFirst())
    return true;
  return Boolean(
    await db
      .selectFrom('comment_blocks')
      .innerJoin('users', 'users.id', 'comment_blocks.user_id')
      .select('comment_blocks.user_id')
      .where('users.email', '=', email)
      .executeTakeFirst(),
  );
}

export async function blockGuest(db: Db, email: string, blockedBy: string, now: string): Promise<void> {
  await db
    .insertInto('comment_email_blocks')
    .values({ email, blocked_by: blockedBy, created_at: now })
    .onConflict((oc) => oc.column('email').doNothing())
    .execute();
}

export async function unblockGuest(db: Db, email: string): Promise<void> {
  await db.deleteFrom('comment_email_blocks').where('email', '=', email).execute();
}

/** Stores the address's new code, voiding its earlier one (one live code per address); expired ones go. */
export async function replaceGuestCode(db: Db, row: Insertable<GuestCommentCodesTable>): Promise<void> {
  await db.deleteFrom('guest_comment_codes').where('expires_at', '<=', row.created_at).execute();
  await db
    .insertInto('guest_comment_codes')
    .values(row)
    .onConflict((oc) =>
      oc.column('email').doUpdateSet({
        code_hash: row.code_hash,
        attempts: 0,
        created_at: row.created_at,
        expires_at: row.expires_at,
      }),
    )
    .execute();
}

export function findGuestCode(db: Db, email: string) {
  return db.selectFrom('guest_comment_codes').selectAll().where('email', '=', email).executeTakeFirst();
}

/** Counts a wrong guess at the address's code unless it is at `max` already (atomic under concurrency). */
export async function countWrongGuestGuess(db: Db, email: string, codeHash: string, max: number): Promise<void> {
  await db
    .updateTable('guest_comment_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('email', '=', email)
    .where('code_hash', '=', codeHash)
    .where('attempts', '<', max)
    .execute();
}

/** Uses the code up; true only for the one caller that deleted it (two comments cannot share a code). */
export async function consumeGuestCode(db: Db, email: string, codeHash: string): Promise<boolean> {
  const result = await db
    .deleteFrom('guest_comment_codes')
    .where('email', '=', email)
    .where('code_hash', '=', codeHash)
    .executeTakeFirst();
  return result.numDeletedRows === 1n;
}

export async function blockCommenter(db: Db, userId: string, blockedBy: string, now: string): Promise<void> {
  await db
    .insertInto('comment_blocks')
    .values({ user_id: userId, blocked_by: blockedBy, created_at: now })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
}

export async function unblockCommenter(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('comment_blocks').where('user_id', '=', userId).execute();
}

/** A row of the admin's queue: the comment, its item and whether its author is blocked. */
export interface QueueRow {
  id: string;
  type: CommentType;
  status: string;
  author: string;
  author_email: string;
  user_id: string | null;
  comment: string;
  original_comment: string | null;
  rating: number | null;
  created_at: string;
  moderated_at: string | null;
  item_id: string;
  item_title: string;
  item_slug: string;
  blocked: number | string | boolean;
}

const QUEUE_BRANCHES = {
  blog: sql`SELECT c.id, 'blog' AS type, c.status, c.author, c.author_email, c.user_id, c.comment,
    c.original_comment, CAST(NULL AS INTEGER) AS rating, c.created_at, c.moderated_at, i.id AS item_id,
    i.title AS item_title, i.slug AS item_slug FROM blog_comments c JOIN blogs i ON i.id = c.blog_id`,
  audio: sql`SELECT c.id, 'audio' AS type, c.status, c.author, c.author_email, c.user_id, c.comment,
    c.original_comment, c.rating, c.created_at, c.moderated_at, i.id AS item_id, i.name AS item_title,
    '' AS item_slug FROM audio_reviews c JOIN audios i ON i.id = c.audio_id`,
  product: sql`SELECT c.id, 'product' AS type, c.status, c.author, c.author_email, c.user_id, c.comment,
    c.original_comment, c.rating, c.created_at, c.moderated_at, i.id AS item_id, i.name AS item_title,
    i.slug AS item_slug FROM product_reviews c JOIN products i ON i.id = c.product_id`,
} as const;

/** An account's block by its id; a guest's by the address (the demo's old rows have neither). */
const BLOCK_JOINS = sql`LEFT JOIN comment_blocks b ON b.user_id = q.user_id
    LEFT JOIN comment_email_blocks e ON q.user_id IS NULL AND e.email = q.author_email`;
const BLOCKED = sql`CASE WHEN b.user_id IS NULL AND e.email IS NULL THEN 0 ELSE 1 END`;

const queueOf = (type: CommentType | 'all') =>
  type === 'all'
    ? sql.join(
        (Object.keys(QUEUE_BRANCHES) as CommentType[]).map((t) => QUEUE_BRANCHES[t]),
        sql` UNION ALL `,
      )
    : QUEUE_BRANCHES[type];

/** One page of the queue, newest first, and how many of each status its type holds. */
export async function queuePage(
  db: Db,
  filter: { type: CommentType | 'all'; status: CommentStatus; page: number; pageSize: number },
): Promise<{ rows: QueueRow[]; counts: Map<string, number> }> {
  const queue = queueOf(filter.type);
  const { rows } = await sql<QueueRow>`SELECT q.*, ${BLOCKED} AS blocked
    FROM (${queue}) q ${BLOCK_JOINS}
    WHERE q.status = ${filter.status}
    ORDER BY q.created_at DESC, q.id
    LIMIT ${filter.pageSize} OFFSET ${(filter.page - 1) * filter.pageSize}`.execute(db);
  const counted = await sql<{ status: string; n: number | string }>`SELECT q.status, COUNT(*) AS n
    FROM (${queue}) q GROUP BY q.status`.execute(db);
  return { rows, counts: new Map(counted.rows.map((r) => [r.status, Number(r.n)])) };
}

/** One row of the queue by type and id. */
export async function queueRowById(db: Db, type: CommentType, id: string): Promise<QueueRow | undefined> {
  const { rows } = await sql<QueueRow>`SELECT q.*, ${BLOCKED} AS blocked
    FROM (${QUEUE_BRANCHES[type]}) q ${BLOCK_JOINS}
    WHERE q.id = ${id}`.execute(db);
  return rows[0];
}
