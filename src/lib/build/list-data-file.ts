/**
 * A list's data file as the build writes it (/data/<name>.<hash>.json) and the pages name it: the hash is the
 * content's, so a file is new exactly when its list changed and can be cached for good.
 */
import { createHash } from 'node:crypto';
import {
  fetchAudios,
  fetchBlogs,
  fetchEvents,
  fetchPhotos,
  fetchProducts,
  fetchVideos,
  orEmpty,
} from '../api/content.ts';
import { LIST_DATA_HASH_LENGTH, listDataPath } from '../../shared/list-data-path.ts';
import { toBlogSummary } from '../filters/blogs.ts';
import type { FilterValues, ListSection } from '../filters/core.ts';
import { listPageCount, listPageItems } from '../lists/list-pages.ts';
import { toAudioListItem, toShopListItem } from '../lists/list-data.ts';

export interface ListDataFile {
  /** The file's address on the site, e.g. /data/products.0123456789ab.json. */
  path: string;
  hash: string;
  /** The file's text: a JSON array of the list's items. */
  body: string;
}

/** The data file of list `name` holding `items` (already cut to the list's fields), in their order. */
export function listDataFile(name: string, items: readonly unknown[]): ListDataFile {
  const body = JSON.stringify(items);
  const hash = createHash('sha256').update(body).digest('hex').slice(0, LIST_DATA_HASH_LENGTH);
  return { path: listDataPath(name, hash), hash, body };
}

/** Each list's items as its page, its island and its data file know them (the fields lib/lists/list-data.ts keeps). */
const LIST_READERS = {
  products: async () => (await orEmpty(fetchProducts, 'products')).map(toShopListItem),
  blogs: async () => (await orEmpty(fetchBlogs, 'blogs')).map(toBlogSummary),
  photos: () => orEmpty(fetchPhotos, 'photos'),
  videos: () => orEmpty(fetchVideos, 'videos'),
  audios: async () => (await orEmpty(fetchAudios, 'audios')).map(toAudioListItem),
  events: () => orEmpty(fetchEvents, 'events'),
};

export type ListName = keyof typeof LIST_READERS;
export const LIST_NAMES = Object.keys(LIST_READERS) as ListName[];
export type ListItemOf<N extends ListName> = Awaited<ReturnType<(typeof LIST_READERS)[N]>>[number];

/**
 * Past this many bytes of JSON a list's island asks the API for each filtered page instead of fetching its data file.
 * Measured on generated lists (tests/astro/list-page-weight.test.ts): 1,000 items make 340-620 KB, 50-70 KB brotli,
 * which a phone on a slow link fetches in a second or two after the page has painted; 10,000 make 570-810 KB
 * brotli, more than the page the file filters.
 */
export const LIST_DATA_MAX_BYTES = 500_000;

/** The API lists that answer a list's filters a page at a time (src/server/modules/content/filtered-lists.ts). */
const LIST_API_PATHS: Record<ListName, string> = {
  products: '/api/products',
  blogs: '/api/blogs',
  events: '/api/events',
  photos: '/api/photos',
  videos: '/api/videos',
  audios: '/api/audios',
};

/**
 * For a list whose panel offers choices read from the items (audio: the categories of each type), the fields those
 * choices are read from.
 */
const PANEL_FIELDS: { [N in ListName]?: readonly (keyof ListItemOf<N>)[] } = {
  audios: ['type', 'category'],
};

/** For each distinct combination of `fields`, the first item's values of them, in the items' order. */
function choicesOf<T>(items: readonly T[], fields: readonly (keyof T)[]): Partial<T>[] {
  const seen = new Map<string, Partial<T>>();
  for (const item of items) {
    const picked = Object.fromEntries(fields.map((field) => [field, item[field]])) as Partial<T>;
    const key = JSON.stringify(picked);
    if (!seen.has(key)) seen.set(key, picked);
  }
  return [...seen.values()];
}

export interface ListData<T> {
  items: T[];
  file: ListDataFile;
}

const read = new Map<ListName, Promise<ListData<unknown>>>();

/**
 * A list's items and its data file, read from the API once per build (each build is its own process), so the
 * endpoint that writes the file and the pages that name it agree on its hash even if the list changes during the build.
 */
export function listData<N extends ListName>(name: N): Promise<ListData<ListItemOf<N>>> {
  let data = read.get(name);
  if (!data) {
    data = LIST_READERS[name]().then((items: unknown[]) => ({ items, file: listDataFile(name, items) }));
    read.set(name, data);
  }
  return data as Promise<ListData<ListItemOf<N>>>;
}

/** Where a list page's island finds the list (the island's ListSource, without the first screen). */
export interface ListPageSource<T> {
  dataUrl: string;
  /** How many items pass the default filters. */
  total: number;
  /** Set when the data file passes LIST_DATA_MAX_BYTES and the API answers the list's filters. */
  apiPath?: string;
  /** With apiPath, for a panel whose choices are read from the items: those fields of one item per choice. */
  panelItems?: Partial<T>[];
}

/** One page of a list under its default filters, as a list page renders it. */
export interface ListPageData<T> {
  source: ListPageSource<T>;
  pages: number;
  /** This page's items, in the default order. */
  shown: T[];
}

/** Page `page` (from 1) of list `name` under `section`'s default filters and order. */
export async function listPageData<N extends ListName, F extends FilterValues>(
  name: N,
  section: ListSection<ListItemOf<N>, F>,
  page: number,
): Promise<ListPageData<ListItemOf<N>>> {
  const { items, file } = await listData(name);
  const ordered = section.apply(items, section.defaults, new Date());
  return {
    source: { dataUrl: file.path, total: ordered.length, ...apiSource(name, items, file) },
    pages: listPageCount(ordered.length),
    shown: listPageItems(ordered, page),
  };
}

/** The API's part of a list's source: none while its data file is small enough to fetch whole. */
function apiSource<N extends ListName>(
  name: N,
  items: ListItemOf<N>[],
  file: ListDataFile,
): Pick<ListPageSource<ListItemOf<N>>, 'apiPath' | 'panelItems'> {
  const apiPath = LIST_API_PATHS[name];
  if (Buffer.byteLength(file.body) <= LIST_DATA_MAX_BYTES) return {};
  const fields = PANEL_FIELDS[name];
  return fields ? { apiPath, panelItems: choicesOf(items, fields) } : { apiPath };
}
