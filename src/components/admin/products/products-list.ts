/** The Manage Products list's query as a pure reducer (design.md 4.13): a new filter or sort starts again at page 1. */
import type { ProductsListQuery } from '../../../lib/api/admin/products.ts';
import {
  defaultDir,
  PRODUCT_PUBLISH_FILTERS,
  PRODUCT_SORTS,
  PRODUCTS_PAGE_DEFAULT,
  PRODUCTS_QUERY_MAX,
  type ProductSort,
  type SortDir,
} from '../../../shared/schemas/product-admin.ts';
import { onPage, type PageAction } from '../ui/paged-list.ts';

export const INITIAL_PRODUCTS_QUERY: ProductsListQuery = {
  page: 1,
  pageSize: PRODUCTS_PAGE_DEFAULT,
  q: '',
  sort: 'created_at',
  dir: 'desc',
  published: 'all',
  category: '',
};

/** The list's first query for an address: the defaults, with the search a link names in ?q= (trimmed, cut to length). */
export function initialProductsQuery(search: string): ProductsListQuery {
  const q = (new URLSearchParams(search).get('q') ?? '').trim().slice(0, PRODUCTS_QUERY_MAX);
  return { ...INITIAL_PRODUCTS_QUERY, q };
}

export type ProductsQueryAction =
  | { type: 'search'; q: string }
  | { type: 'category'; category: ProductsListQuery['category'] }
  | { type: 'published'; published: ProductsListQuery['published'] }
  /** A column heading: the sorted column flips its direction, another one starts in its natural direction. */
  | { type: 'sortBy'; sort: ProductSort }
  /** The sort menu of small screens: both at once. */
  | { type: 'sort'; sort: ProductSort; dir: SortDir }
  | PageAction;

export function productsQueryReducer(query: ProductsListQuery, action: ProductsQueryAction): ProductsListQuery {
  switch (action.type) {
    case 'search':
      return action.q === query.q ? query : { ...query, q: action.q, page: 1 };
    case 'category':
      return { ...query, category: action.category, page: 1 };
    case 'published':
      return { ...query, published: action.published, page: 1 };
    case 'sortBy': {
      const dir = action.sort === query.sort ? (query.dir === 'asc' ? 'desc' : 'asc') : defaultDir(action.sort);
      return { ...query, sort: action.sort, dir, page: 1 };
    }
    case 'sort':
      return { ...query, sort: action.sort, dir: action.dir, page: 1 };
    case 'page':
      return onPage(query, action.page);
  }
}

/** Select values parsed into their unions (never trust a form value). */
export const parseCategory = (value: string, categories: readonly string[]): ProductsListQuery['category'] =>
  categories.includes(value) ? value : '';
export const parsePublished = (value: string): ProductsListQuery['published'] =>
  (PRODUCT_PUBLISH_FILTERS as readonly string[]).includes(value) ? (value as ProductsListQuery['published']) : 'all';

/** The sort menu's choices ('name:asc'), for screens without the table's headings. */
export const SORT_CHOICES: readonly { value: `${ProductSort}:${SortDir}`; label: string }[] = [
  { value: 'created_at:desc', label: 'Newest first' },
  { value: 'created_at:asc', label: 'Oldest first' },
  { value: 'name:asc', label: 'Name, A to Z' },
  { value: 'name:desc', label: 'Name, Z to A' },
  { value: 'price:asc', label: 'Price, low to high' },
  { value: 'price:desc', label: 'Price, high to low' },
  { value: 'stock:asc', label: 'Stock, low to high' },
  { value: 'stock:desc', label: 'Stock, high to low' },
  { value: 'category:asc', label: 'Category' },
  { value: 'published:asc', label: 'Drafts first' },
  { value: 'published:desc', label: 'Published first' },
];

/** A sort menu value parsed back; the default order for anything else. */
export function parseSortChoice(value: string): { sort: ProductSort; dir: SortDir } {
  const [sort, dir] = value.split(':');
  const known = (PRODUCT_SORTS as readonly string[]).includes(sort ?? '') && (dir === 'asc' || dir === 'desc');
  return known ? { sort: sort as ProductSort, dir: dir } : { sort: 'created_at', dir: 'desc' };
}
