/**
 * A list filtered, sorted and searched on the server by the browser's own rules (src/lib/filters), for a list too long
 * to send whole: the same section its page builds (the company's categories; for the shop the store's price bands and
 * currency), the query read by the section as the browser reads its address, then one page of the result. The rows
 * and the section are kept between requests until a write (list-rows-cache.ts).
 *
 * Blogs' and events' days ("today", "tomorrow", "this month") are the visitor's: the island sends its time zone as
 * `tz` (an IANA name); without a known one they are UTC's.
 */
import { audioSectionFor } from '../../../lib/filters/audio.ts';
import { blogSectionFor, toBlogSummary } from '../../../lib/filters/blogs.ts';
import { eventSectionFor } from '../../../lib/filters/events.ts';
import type { FilterValues, ListSection } from '../../../lib/filters/core.ts';
import { photoSectionFor } from '../../../lib/filters/photos.ts';
import { shopSectionFor } from '../../../lib/filters/shop.ts';
import { videoSectionFor } from '../../../lib/filters/videos.ts';
import { toAudioListItem, toShopListItem, type ShopListItem } from '../../../lib/lists/list-data.ts';
import { parseStoredPriceBands } from '../../../shared/price-bands.ts';
import { isTimeZone } from '../../../shared/time-zone.ts';
import type { ListPage } from '../../../shared/schemas/list-page.ts';
import type { ListPageResponse } from '../../../shared/types.ts';
import type { Db } from '../../db/connection.ts';
import { listCategories } from '../categories/categories.service.ts';
import { readStore } from '../store/store.service.ts';
import * as content from './content.service.ts';
import { cachedRows } from './list-rows-cache.ts';

type Filtered = (
  db: Db,
  params: URLSearchParams,
  page: ListPage,
  now: Date,
  zone: string,
) => Promise<ListPageResponse<unknown> | undefined>;

/**
 * A list's filtered answer from its section (the one its page builds, from the company's current settings) and its
 * published items (as its data file holds them); undefined when the query names none of its filters nor its sort.
 */
function filteredBy<T, F extends FilterValues>(
  name: string,
  sectionOf: (db: Db) => Promise<ListSection<T, F>>,
  itemsOf: (db: Db) => Promise<readonly T[]>,
): Filtered {
  return async (db, params, page, now, zone) => {
    const section = await cachedRows(db, `${name}.section`, () => sectionOf(db));
    if (!Object.keys(section.defaults).some((key) => params.has(key))) return undefined;
    const items = await cachedRows(db, `${name}.items`, () => itemsOf(db));
    const matched = section.apply(items, section.fromQuery(params, items), now, zone);
    return { results: matched.slice(page.offset, page.offset + page.limit), total: matched.length };
  };
}

const FILTERED_LISTS = {
  products: filteredBy(
    'products',
    async (db: Db) => {
      const [categories, store] = await Promise.all([listCategories(db, 'product'), readStore(db)]);
      return shopSectionFor<ShopListItem>(categories, parseStoredPriceBands(store.price_bands).shop, store.currency);
    },
    async (db: Db) => (await content.products(db)).results.map(toShopListItem),
  ),
  blogs: filteredBy(
    'blogs',
    async (db: Db) => blogSectionFor(await listCategories(db, 'blog')),
    async (db: Db) => (await content.blogs(db)).results.map(toBlogSummary),
  ),
  events: filteredBy(
    'events',
    async (db: Db) => eventSectionFor(await listCategories(db, 'event')),
    async (db: Db) => (await content.events(db)).results,
  ),
  photos: filteredBy(
    'photos',
    async (db: Db) => photoSectionFor(await listCategories(db, 'photo')),
    async (db: Db) => (await content.photos(db, false)).results,
  ),
  videos: filteredBy(
    'videos',
    async (db: Db) => videoSectionFor(await listCategories(db, 'video')),
    async (db: Db) => (await content.videos(db)).results,
  ),
  audios: filteredBy(
    'audios',
    async (db: Db) => audioSectionFor(await listCategories(db, 'audio')),
    async (db: Db) => (await content.audios(db)).results.map(toAudioListItem),
  ),
} satisfies Record<string, Filtered>;

export type FilteredListName = keyof typeof FILTERED_LISTS;

/**
 * The list `name` filtered by `params` when they name one of its filters or its sort, `page` of it and how many
 * match; undefined when they name none (the plain list answers).
 */
export const filteredList = (
  db: Db,
  name: FilteredListName,
  params: URLSearchParams,
  page: ListPage,
  now: Date,
): Promise<ListPageResponse<unknown> | undefined> => {
  const tz = params.get('tz') ?? '';
  return FILTERED_LISTS[name](db, params, page, now, isTimeZone(tz) ? tz : 'UTC');
};
