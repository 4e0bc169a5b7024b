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

/** One page of a list under its default filters, as a list page renders it. */
export interface ListPageData<T> {
  /** Where the island finds the whole list, and how many items pass the default filters. */
  source: { dataUrl: string; total: number };
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
    source: { dataUrl: file.path, total: ordered.length },
    pages: listPageCount(ordered.length),
    shown: listPageItems(ordered, page),
  };
}
