import type { Audio, Blog, Photo, Product, SiteEvent, Video } from '../../../shared/types.ts';
import type { Db } from '../../db/connection.ts';
import { notFound } from '../../http/errors.ts';
import * as repo from './content.repository.ts';
import {
  audioFromRow,
  blogFromRow,
  commentFromRow,
  eventFromRow,
  groupBy,
  photoFromRow,
  productFromRow,
  reviewFromRow,
  videoFromRow,
} from './content.mappers.ts';

export const products = async (db: Db): Promise<Product[]> => (await repo.listProducts(db)).map(productFromRow);
/** One published product by slug; a draft is as unknown as a missing one (security.md R35). */
export async function productBySlug(db: Db, slug: string): Promise<Product> {
  const row = await repo.findProductBySlug(db, slug);
  if (!row) throw notFound('Product not found');
  return productFromRow(row);
}

export const videos = async (db: Db): Promise<Video[]> => (await repo.listVideos(db)).map(videoFromRow);
export const events = async (db: Db): Promise<SiteEvent[]> => (await repo.listEvents(db)).map(eventFromRow);

/** One published event by slug; a draft is as unknown as a missing one (security.md R35). */
export async function eventBySlug(db: Db, slug: string): Promise<SiteEvent> {
  const row = await repo.findEventBySlug(db, slug);
  if (!row) throw notFound('Event not found');
  return eventFromRow(row);
}

/** Drafts (published = false) only for admins (security.md R35). */
export const photos = async (db: Db, includeDrafts: boolean): Promise<Photo[]> =>
  (await repo.listPhotos(db, includeDrafts)).map(photoFromRow);

export async function blogs(db: Db): Promise<Blog[]> {
  const [rows, comments] = await Promise.all([repo.listBlogs(db), repo.listComments(db)]);
  const byBlog = groupBy(comments, 'blog_id');
  return rows.map((row) => blogFromRow(row, (byBlog.get(row.id) ?? []).map(commentFromRow)));
}

/** One published blog by slug; its views are counted by POST /api/activity (the post's page sends it). */
export async function blogBySlug(db: Db, slug: string): Promise<Blog> {
  const row = await repo.findBlogBySlug(db, slug);
  if (!row) throw notFound('Blog not found');
  return blogFromRow(row, (await repo.listComments(db, [row.id])).map(commentFromRow));
}

export async function audios(db: Db): Promise<Audio[]> {
  const [rows, reviews] = await Promise.all([repo.listAudios(db), repo.listReviews(db)]);
  const byAudio = groupBy(reviews, 'audio_id');
  return rows.map((row) => audioFromRow(row, (byAudio.get(row.id) ?? []).map(reviewFromRow)));
}
