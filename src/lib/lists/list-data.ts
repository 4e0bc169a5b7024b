/**
 * What a list's data file holds of each item: only the fields its filters, sorts and cards read, in the spec's names,
 * so the file the island fetches stays small and lib/filters runs on it as on the API's items.
 */
import type { Audio, Product } from '../../shared/types.ts';

/** The shop's fields: the text search, category, price band and sorts read them, and so does ProductCard. */
export const SHOP_LIST_FIELDS = [
  '_id',
  'slug',
  'name',
  'description',
  'price',
  'image',
  'category',
  'tags',
  'createdAt',
  'views',
  'stock',
] as const satisfies readonly (keyof Product)[];

/** A product as the shop's list and its cards know it (no gallery: a card shows the first picture only). */
export type ShopListItem = Pick<Product, (typeof SHOP_LIST_FIELDS)[number]>;

/** The shop's copy of a product, its keys in SHOP_LIST_FIELDS's order (so equal products make equal files). */
export const toShopListItem = (product: ShopListItem): ShopListItem =>
  Object.fromEntries(SHOP_LIST_FIELDS.map((field) => [field, product[field]])) as unknown as ShopListItem;

/**
 * An audio item as the library's list knows it: its cards show the mean rating and "Most Reviewed" orders by the
 * number of reviews, so the review texts, which only the item's own page shows, stay out.
 */
export type AudioListItem = Omit<Audio, 'reviews'> & { reviewCount: number };

export function toAudioListItem(audio: Audio): AudioListItem {
  const { reviews } = audio;
  const item: Omit<Audio, 'reviews'> & Partial<Audio> = { ...audio };
  delete item.reviews;
  return { ...item, reviewCount: Array.isArray(reviews) ? reviews.length : 0 };
}
