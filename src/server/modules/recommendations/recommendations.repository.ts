import type { Db } from '../../db/connection.ts';

/** Most popular first; `limit` rows from `offset`. */
export function listRecommendationRows(db: Db, limit: number, offset: number) {
  return db
    .selectFrom('recommendations')
    .selectAll()
    .orderBy('popularity', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .offset(offset)
    .execute();
}

/**
 * The published items whose title is one of `titles`, of every kind a recommendation can be about, each as
 * { kind, id, slug, title }; products match by name, the media by title or name.
 */
export async function findItemsByTitle(db: Db, titles: readonly string[]) {
  if (titles.length === 0) return [];
  const list = [...new Set(titles)];
  const [products, blogs, events, photos, videos, audios] = await Promise.all([
    db
      .selectFrom('products')
      .select(['id', 'slug', 'name as title'])
      .where('published', '=', true)
      .where('name', 'in', list)
      .execute(),
    db
      .selectFrom('blogs')
      .select(['id', 'slug', 'title'])
      .where('published', '=', true)
      .where('title', 'in', list)
      .execute(),
    db
      .selectFrom('events')
      .select(['id', 'slug', 'title', 'name'])
      .where('published', '=', true)
      .where((eb) => eb.or([eb('title', 'in', list), eb('name', 'in', list)]))
      .execute(),
    db.selectFrom('photos').select(['id', 'title']).where('published', '=', true).where('title', 'in', list).execute(),
    db
      .selectFrom('videos')
      .select(['id', 'title', 'name'])
      .where('published', '=', true)
      .where((eb) => eb.or([eb('title', 'in', list), eb('name', 'in', list)]))
      .execute(),
    db
      .selectFrom('audios')
      .select(['id', 'title', 'name'])
      .where('published', '=', true)
      .where((eb) => eb.or([eb('title', 'in', list), eb('name', 'in', list)]))
      .execute(),
  ]);
  /** A media row answers to its title, or to its name when that is what the recommendation copied. */
  const named = (row: { title: string; name?: string }) =>
    list.includes(row.title) ? row.title : (row.name ?? row.title);
  return [
    ...products.map((r) => ({ kind: 'product' as const, id: r.id, slug: r.slug, title: r.title })),
    ...blogs.map((r) => ({ kind: 'blog' as const, id: r.id, slug: r.slug, title: r.title })),
    ...events.map((r) => ({ kind: 'event' as const, id: r.id, slug: r.slug, title: named(r) })),
    ...photos.map((r) => ({ kind: 'photo' as const, id: r.id, slug: null, title: r.title })),
    ...videos.map((r) => ({ kind: 'video' as const, id: r.id, slug: null, title: named(r) })),
    ...audios.map((r) => ({ kind: 'audio' as const, id: r.id, slug: null, title: named(r) })),
  ];
}
