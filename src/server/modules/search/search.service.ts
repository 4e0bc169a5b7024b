import type { ContentType, SearchResult } from '../../../shared/types.ts';
import { centsToAmount } from '../../../shared/money.ts';
import type { Db } from '../../db/connection.ts';
import { searchIndex } from '../../db/search-index.ts';
import {
  audioHitRows,
  blogHitRows,
  eventHitRows,
  photoHitRows,
  productHitRows,
  videoHitRows,
} from './search.repository.ts';

export const SEARCH_LIMIT = 100;

/** Results in relevance order with the search-result shape of section 3 (products, blogs and events add their slug); drafts never appear (R35). */
export async function search(db: Db, text: string, type?: ContentType): Promise<SearchResult[]> {
  const hits = await searchIndex(db, text, type, SEARCH_LIMIT);
  const ids = (t: ContentType) => hits.filter((h) => h.type === t).map((h) => h.ref_id);
  // Only types with hits are read: every statement costs a prepare, which dominates for small answers.
  const rowsOf = <R>(t: ContentType, read: (list: string[]) => Promise<R[]>): Promise<R[]> => {
    const list = ids(t);
    return list.length ? read(list) : Promise.resolve([]);
  };
  const [products, blogs, photos, videos, audios, events] = await Promise.all([
    rowsOf('product', (list) => productHitRows(db, list)),
    rowsOf('blog', (list) => blogHitRows(db, list)),
    rowsOf('photo', (list) => photoHitRows(db, list)),
    rowsOf('video', (list) => videoHitRows(db, list)),
    rowsOf('audio', (list) => audioHitRows(db, list)),
    rowsOf('event', (list) => eventHitRows(db, list)),
  ]);
  const found = new Map<string, SearchResult>();
  for (const r of products)
    found.set(`product:${r.id}`, {
      _id: r.id,
      type: 'product',
      data: {
        name: r.name,
        caption: r.description,
        createdAt: r.created_at,
        views: r.views,
        price: centsToAmount(r.price_cents),
        slug: r.slug,
      },
    });
  for (const r of blogs)
    found.set(`blog:${r.id}`, {
      _id: r.id,
      type: 'blog',
      data: { title: r.title, caption: r.caption, createdAt: r.created_at, views: r.views, slug: r.slug },
    });
  for (const r of photos)
    found.set(`photo:${r.id}`, {
      _id: r.id,
      type: 'photo',
      data: { title: r.title, caption: r.caption, createdAt: r.created_at, views: r.views },
    });
  for (const r of videos)
    found.set(`video:${r.id}`, {
      _id: r.id,
      type: 'video',
      data: { name: r.name, caption: r.description, createdAt: r.created_at, views: r.views },
    });
  for (const r of audios)
    found.set(`audio:${r.id}`, {
      _id: r.id,
      type: 'audio',
      data: { name: r.name, caption: r.description, createdAt: r.created_at, views: r.plays },
    });
  for (const r of events)
    found.set(`event:${r.id}`, {
      _id: r.id,
      type: 'event',
      data: {
        name: r.name,
        caption: r.description,
        date: r.start_date,
        views: r.views,
        price: centsToAmount(r.price_cents),
        slug: r.slug,
      },
    });
  return hits.flatMap((h) => found.get(`${h.type}:${h.ref_id}`) ?? []);
}
