import type { Db } from '../../db/connection.ts';

/**
 * Every list is read whole: the browser filters, sorts and searches (spec section 7); newest first. Products that sell
 * an event's tickets (event_id) are not the shop's: the event's page sells them.
 */
export const listProducts = (db: Db) =>
  db
    .selectFrom('products')
    .selectAll()
    .where('published', '=', true)
    .where('event_id', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
export const findProductBySlug = (db: Db, slug: string) =>
  db
    .selectFrom('products')
    .selectAll()
    .where('slug', '=', slug)
    .where('published', '=', true)
    .where('event_id', 'is', null)
    .executeTakeFirst();
export const listVideos = (db: Db) =>
  db
    .selectFrom('videos')
    .selectAll()
    .where('published', '=', true)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
export const listEvents = (db: Db) =>
  db
    .selectFrom('events')
    .selectAll()
    .where('published', '=', true)
    .orderBy('start_date', 'asc')
    .orderBy('id')
    .execute();
export const findEventBySlug = (db: Db, slug: string) =>
  db.selectFrom('events').selectAll().where('slug', '=', slug).where('published', '=', true).executeTakeFirst();

export function listPhotos(db: Db, includeDrafts: boolean) {
  let query = db.selectFrom('photos').selectAll().orderBy('created_at', 'desc').orderBy('id');
  if (!includeDrafts) query = query.where('published', '=', true);
  return query.execute();
}

export const listBlogs = (db: Db) =>
  db
    .selectFrom('blogs')
    .selectAll()
    .where('published', '=', true)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
export const findBlogBySlug = (db: Db, slug: string) =>
  db.selectFrom('blogs').selectAll().where('slug', '=', slug).where('published', '=', true).executeTakeFirst();
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

export const listAudios = (db: Db) =>
  db
    .selectFrom('audios')
    .selectAll()
    .where('published', '=', true)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
export const listReviews = (db: Db) =>
  db
    .selectFrom('audio_reviews')
    .selectAll()
    .where('status', '=', 'approved')
    .orderBy('created_at', 'asc')
    .orderBy('id')
    .execute();
