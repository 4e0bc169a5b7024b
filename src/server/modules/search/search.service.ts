import type { ContentType, SearchResult } from '../../../shared/types.ts';
import type { Db } from '../../db/connection.ts';
import { searchIndex } from '../../db/sqlite-search.ts';

export const SEARCH_LIMIT = 100;

/** Results in relevance order with the search-result shape of section 3; drafts never appear (R35). */
export async function search(db: Db, text: string, type?: ContentType): Promise<SearchResult[]> {
  const hits = await searchIndex(db, text, type, SEARCH_LIMIT);
  const ids = (t: ContentType) => hits.filter((h) => h.type === t).map((h) => h.ref_id);
  const any = (list: string[]) => (list.length ? list : ['']);
  const [products, blogs, photos, videos, audios, events] = await Promise.all([
    db.selectFrom('products').select(['id', 'name', 'description', 'created_at', 'views', 'price']).where('id', 'in', any(ids('product'))).execute(),
    db.selectFrom('blogs').select(['id', 'title', 'caption', 'created_at', 'views']).where('id', 'in', any(ids('blog'))).execute(),
    db.selectFrom('photos').select(['id', 'title', 'caption', 'created_at', 'views']).where('id', 'in', any(ids('photo'))).where('published', '=', true).execute(),
    db.selectFrom('videos').select(['id', 'name', 'description', 'created_at', 'views']).where('id', 'in', any(ids('video'))).execute(),
    db.selectFrom('audios').select(['id', 'name', 'description', 'created_at', 'plays']).where('id', 'in', any(ids('audio'))).execute(),
    db.selectFrom('events').select(['id', 'name', 'description', 'start_date', 'registrations', 'price']).where('id', 'in', any(ids('event'))).execute(),
  ]);
  const found = new Map<string, SearchResult>();
  for (const r of products) found.set(`product:${r.id}`, { _id: r.id, type: 'product', data: { name: r.name, caption: r.description, createdAt: r.created_at, views: r.views, price: r.price } });
  for (const r of blogs) found.set(`blog:${r.id}`, { _id: r.id, type: 'blog', data: { title: r.title, caption: r.caption, createdAt: r.created_at, views: r.views } });
  for (const r of photos) found.set(`photo:${r.id}`, { _id: r.id, type: 'photo', data: { title: r.title, caption: r.caption, createdAt: r.created_at, views: r.views } });
  for (const r of videos) found.set(`video:${r.id}`, { _id: r.id, type: 'video', data: { name: r.name, caption: r.description, createdAt: r.created_at, views: r.views } });
  for (const r of audios) found.set(`audio:${r.id}`, { _id: r.id, type: 'audio', data: { name: r.name, caption: r.description, createdAt: r.created_at, views: r.plays } });
  for (const r of events) found.set(`event:${r.id}`, { _id: r.id, type: 'event', data: { name: r.name, caption: r.description, date: r.start_date, views: r.registrations, price: r.price } });
  return hits.flatMap((h) => found.get(`${h.type}:${h.ref_id}`) ?? []);
}
