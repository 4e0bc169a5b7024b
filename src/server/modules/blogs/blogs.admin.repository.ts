/** Blog rows for the admin (drafts included); Kysely only. */
import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { BlogsTable } from '../../db/schema.ts';

/** Blogs with their number of comments and their author's names (none for posts from before authors). */
const withCounts = (db: Db) =>
  db
    .selectFrom('blogs')
    .leftJoin('users', 'users.id', 'blogs.author_id')
    .selectAll('blogs')
    .select(['users.first_name as author_first_name', 'users.last_name as author_last_name'])
    .select((eb) =>
      eb
        .selectFrom('blog_comments')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('blog_comments.blog_id', '=', 'blogs.id')
        .as('comment_count'),
    );

/** Every blog, or only `authorId`'s, newest first, with its number of comments and its author's name. */
export const listAllBlogRows = (db: Db, authorId?: string) =>
  withCounts(db)
    .$if(authorId !== undefined, (q) => q.where('blogs.author_id', '=', authorId ?? ''))
    .orderBy('blogs.created_at', 'desc')
    .orderBy('blogs.id')
    .execute();

/** One blog (drafts too) with its number of comments and its author's names. */
export const findBlogRow = (db: Db, id: string) => withCounts(db).where('blogs.id', '=', id).executeTakeFirst();

/** A blog row with `comment_count`. */
export type AdminBlogRow = NonNullable<Awaited<ReturnType<typeof findBlogRow>>>;

/** The slugs in use that start with `base` (the candidates of uniqueSlug), other than blog `exceptId`'s. */
export async function slugsLike(db: Db, base: string, exceptId = ''): Promise<Set<string>> {
  const rows = await db
    .selectFrom('blogs')
    .select('slug')
    .where('slug', 'like', `${base}%`)
    .where('id', '!=', exceptId)
    .execute();
  return new Set(rows.map((r) => r.slug));
}

/** Inserts one blog row. */
export const insertBlogRow = (db: Db, row: Insertable<BlogsTable>) => db.insertInto('blogs').values(row).execute();

/** Changes the given columns of one blog. */
export const updateBlogRow = (db: Db, id: string, changes: Updateable<BlogsTable>) =>
  db.updateTable('blogs').set(changes).where('id', '=', id).execute();

/** Deletes the blog (its comments go with it: ON DELETE CASCADE) and the views remembered for it; the deleted row or undefined. */
export async function deleteBlogRow(db: Db, id: string) {
  const row = await db.selectFrom('blogs').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  await db.deleteFrom('user_views').where('content_type', '=', 'blog').where('ref_id', '=', id).execute();
  await db.deleteFrom('blogs').where('id', '=', id).execute();
  return row;
}

/** How many drafts wait for review, and when the last was sent (null when none). */
export async function postsInReview(db: Db): Promise<{ count: number; latest: string | null }> {
  const row = await db
    .selectFrom('blogs')
    .select((eb) => [eb.fn.countAll<number | string>().as('count'), eb.fn.max('submitted_at').as('latest')])
    .where('submitted_at', 'is not', null)
    .where('published', '=', false)
    .executeTakeFirst();
  return { count: Number(row?.count ?? 0), latest: row?.latest ?? null };
}
