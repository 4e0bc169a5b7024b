import type { ListPage } from '../../../shared/schemas/list-page.ts';
import type {
  Audio,
  Blog,
  ListPageResponse,
  ListResponse,
  Photo,
  Product,
  SiteEvent,
  Video,
} from '../../../shared/types.ts';
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

/** A public list's answer: every item as the spec has it ({ results }), or the page asked for and the total. */
export type ListAnswer<T> = ListResponse<T> | ListPageResponse<T>;

/** `read` for the whole list, or for one page beside the count of the whole list. */
async function listed<T>(
  page: ListPage | undefined,
  read: (page?: ListPage) => Promise<T[]>,
  count: () => Promise<number>,
): Promise<ListAnswer<T>> {
  if (!page) return { results: await read() };
  const [results, total] = await Promise.all([read(page), count()]);
  return { results, total };
}

export const products = (db: Db, page?: ListPage): Promise<ListAnswer<Product>> =>
  listed(
    page,
    async (p) => (await repo.listProducts(db, p)).map(productFromRow),
    () => repo.countProducts(db),
  );
/** One published product by slug; a draft is as unknown as a missing one (security.md R35). */
export async function productBySlug(db: Db, slug: string): Promise<Product> {
  const row = await repo.findProductBySlug(db, slug);
  if (!row) throw notFound('Product not found');
  return productFromRow(row);
}

export const videos = (db: Db, page?: ListPage): Promise<ListAnswer<Video>> =>
  listed(
    page,
    async (p) => (await repo.listVideos(db, p)).map(videoFromRow),
    () => repo.countVideos(db),
  );
export const events = (db: Db, page?: ListPage): Promise<ListAnswer<SiteEvent>> =>
  listed(
    page,
    async (p) => (await repo.listEvents(db, p)).map(eventFromRow),
    () => repo.countEvents(db),
  );

/** One published event by slug; a draft is as unknown as a missing one (security.md R35). */
export async function eventBySlug(db: Db, slug: string): Promise<SiteEvent> {
  const row = await repo.findEventBySlug(db, slug);
  if (!row) throw notFound('Event not found');
  return eventFromRow(row);
}

/** Drafts (published = false) only for admins (security.md R35). */
export const photos = (db: Db, includeDrafts: boolean, page?: ListPage): Promise<ListAnswer<Photo>> =>
  listed(
    page,
    async (p) => (await repo.listPhotos(db, includeDrafts, p)).map(photoFromRow),
    () => repo.countPhotos(db, includeDrafts),
  );

/** The posts with their approved comments: all comments at once for the whole list, the page's own for a page. */
async function readBlogs(db: Db, page?: ListPage): Promise<Blog[]> {
  const [rows, all] = await Promise.all([repo.listBlogs(db, page), page ? undefined : repo.listComments(db)]);
  const comments =
    all ??
    (await repo.listComments(
      db,
      rows.map((row) => row.id),
    ));
  const byBlog = groupBy(comments, 'blog_id');
  return rows.map((row) => blogFromRow(row, (byBlog.get(row.id) ?? []).map(commentFromRow)));
}

export const blogs = (db: Db, page?: ListPage): Promise<ListAnswer<Blog>> =>
  listed(
    page,
    (p) => readBlogs(db, p),
    () => repo.countBlogs(db),
  );

/** One published blog by slug; its views are counted by POST /api/activity (the post's page sends it). */
export async function blogBySlug(db: Db, slug: string): Promise<Blog> {
  const row = await repo.findBlogBySlug(db, slug);
  if (!row) throw notFound('Blog not found');
  return blogFromRow(row, (await repo.listComments(db, [row.id])).map(commentFromRow));
}

/** The audios with their approved reviews: all reviews at once for the whole list, the page's own for a page. */
async function readAudios(db: Db, page?: ListPage): Promise<Audio[]> {
  const [rows, all] = await Promise.all([repo.listAudios(db, page), page ? undefined : repo.listReviews(db)]);
  const reviews =
    all ??
    (await repo.listReviews(
      db,
      rows.map((row) => row.id),
    ));
  const byAudio = groupBy(reviews, 'audio_id');
  return rows.map((row) => audioFromRow(row, (byAudio.get(row.id) ?? []).map(reviewFromRow)));
}

export const audios = (db: Db, page?: ListPage): Promise<ListAnswer<Audio>> =>
  listed(
    page,
    (p) => readAudios(db, p),
    () => repo.countAudios(db),
  );
