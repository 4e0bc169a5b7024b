import type { SelectQueryBuilder } from 'kysely';
import type { ListPage } from '../../../shared/schemas/list-page.ts';
import type { Database } from '../../db/schema.ts';
import type { Db } from '../../db/connection.ts';
import { notHeld } from '../publish-checks/held.ts';

/** The query cut to one page when a page is asked for; its order (ending on the id) keeps pages from overlapping. */
const paged = <TB extends keyof Database, O>(query: SelectQueryBuilder<Database, TB, O>, page?: ListPage) =>
  page ? query.limit(page.limit).offset(page.offset) : query;

/** How many rows `query` selects (PostgreSQL's count is a bigint, read as a string). */
async function countOf<TB extends keyof Database>(query: SelectQueryBuilder<Database, TB, object>): Promise<number> {
  const { n } = await query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  return Number(n);
}

/**
 * Every list is read whole unless a page is asked for: the browser filters, sorts and searches (spec section 7);
 * newest first. Products that sell an event's tickets (event_id) are not the shop's: the event's page sells them.
 */
const shopProducts = (db: Db) => db.selectFrom('products').where('published', '=', true).where('event_id', 'is', null);
export const listProducts = (db: Db, page?: ListPage) =>
  paged(shopProducts(db).selectAll().orderBy('created_at', 'desc').orderBy('id'), page).execute();
export const countProducts = (db: Db) => countOf(shopProducts(db));
export const findProductBySlug = (db: Db, slug: string) =>
  db
    .selectFrom('products')
    .selectAll()
    .where('slug', '=', slug)
    .where('published', '=', true)
    .where('event_id', 'is', null)
    .executeTakeFirst();

const publishedVideos = (db: Db) => db.selectFrom('videos').where('published', '=', true);
export const listVideos = (db: Db, page?: ListPage) =>
  paged(publishedVideos(db).selectAll().orderBy('created_at', 'desc').orderBy('id'), page).execute();
export const countVideos = (db: Db) => countOf(publishedVideos(db));

const publishedEvents = (db: Db) => db.selectFrom('events').where('published', '=', true);
export const listEvents = (db: Db, page?: ListPage) =>
  paged(publishedEvents(db).selectAll().orderBy('start_date', 'asc').orderBy('id'), page).execute();
export const countEvents = (db: Db) => countOf(publishedEvents(db));
export const findEventBySlug = (db: Db, slug: string) =>
  db.selectFrom('events').selectAll().where('slug', '=', slug).where('published', '=', true).executeTakeFirst();

const visiblePhotos = (db: Db, includeDrafts: boolean) => {
  const query = db.selectFrom('photos');
  return includeDrafts ? query : query.where('published', '=', true);
};
export const listPhotos = (db: Db, includeDrafts: boolean, page?: ListPage) =>
  paged(visiblePhotos(db, includeDrafts).selectAll().orderBy('created_at', 'desc').orderBy('id'), page).execute();
export const countPhotos = (db: Db, includeDrafts: boolean) => countOf(visiblePhotos(db, includeDrafts));

const publishedBlogs = (db: Db) => db.selectFrom('blogs').where('published', '=', true).where(notHeld('blogs'));
export const listBlogs = (db: Db, page?: ListPage) =>
  paged(publishedBlogs(db).selectAll().orderBy('created_at', 'desc').orderBy('id'), page).execute();
export const countBlogs = (db: Db) => countOf(publishedBlogs(db));
export const findBlogBySlug = (db: Db, slug: string) =>
  publishedBlogs(db).selectAll().where('slug', '=', slug).executeTakeFirst();
/** Approved comments, of the given posts only when `blogIds` is given. */
export const listComments = (db: Db, blogIds?: string[]) => {
  // Visitors read approved comments only; the rest wait in the admin's queue (comments module).
  let query = db
    .selectFrom('blog_comments')
    .selectAll()
    .where('status', '=', 'approved')
    .orderBy('created_at', 'asc')
    .orderBy('id');
  if (blogIds) query = query.where('blog_id', 'in', blogIds.length ? blogIds : ['']);
  return query.execute();
};

const publishedAudios = (db: Db) => db.selectFrom('audios').where('published', '=', true);
export const listAudios = (db: Db, page?: ListPage) =>
  paged(publishedAudios(db).selectAll().orderBy('created_at', 'desc').orderBy('id'), page).execute();
export const countAudios = (db: Db) => countOf(publishedAudios(db));
/** Approved reviews, of the given audios only when `audioIds` is given. */
export const listReviews = (db: Db, audioIds?: string[]) => {
  let query = db
    .selectFrom('audio_reviews')
    .selectAll()
    .where('status', '=', 'approved')
    .orderBy('created_at', 'asc')
    .orderBy('id');
  if (audioIds) query = query.where('audio_id', 'in', audioIds.length ? audioIds : ['']);
  return query.execute();
};
