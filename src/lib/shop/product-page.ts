/** A product's own page: its address, what its stock reads as, the products shown beside it, and its JSON-LD. */
import type { Product } from '../../shared/types.ts';

/** The product's page. */
export const productPath = (slug: string) => `/shop/${encodeURIComponent(slug)}`;

/** At or below this many, the stock state says how many are left. */
export const FEW_LEFT = 5;

/** 'In stock', 'Only 3 left' (at FEW_LEFT or fewer) or 'Out of stock'. */
export function stockLabel(stock: number): string {
  if (!(stock > 0)) return 'Out of stock';
  return stock <= FEW_LEFT ? `Only ${Math.floor(stock)} left` : 'In stock';
}

/** The colour of the stock state's dot: green in stock, amber when few are left, grey when none. */
export function stockTone(stock: number): string {
  if (!(stock > 0)) return 'bg-gray-400';
  return stock <= FEW_LEFT ? 'bg-amber-500' : 'bg-emerald-500';
}

/** How many related products a page shows: one row of the four-column grid. */
export const RELATED_PRODUCTS = 4;

const time = (value: string) => {
  const t = Date.parse(value);
  return Number.isNaN(t) ? Number.NEGATIVE_INFINITY : t;
};
const popularFirst = (a: Product, b: Product) =>
  b.views - a.views || time(b.createdAt) - time(a.createdAt) || a.name.localeCompare(b.name);

/**
 * Products to show beside `product`: those of its category first, then the others, each group the most viewed first
 * (then the newest, then by name, so the choice is stable from build to build); never the product itself.
 */
export function relatedProducts(
  product: Pick<Product, '_id' | 'category'>,
  all: readonly Product[],
  count = RELATED_PRODUCTS,
): Product[] {
  const others = all.filter((p) => p._id !== product._id);
  const same = others.filter((p) => p.category === product.category).sort(popularFirst);
  const rest = others.filter((p) => p.category !== product.category).sort(popularFirst);
  return [...same, ...rest].slice(0, Math.max(0, count));
}

/** schema.org Product for the page's JSON-LD: name, pictures (absolute URLs), and the offer in the store's currency. */
export function productJsonLd(
  product: Product,
  { pageUrl, imageUrls, currency }: { pageUrl: string; imageUrls: string[]; currency: string },
) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: product.description,
    ...(imageUrls.length > 0 ? { image: imageUrls } : {}),
    ...(product.category ? { category: product.category } : {}),
    url: pageUrl,
    offers: {
      '@type': 'Offer',
      price: product.price.toFixed(2),
      priceCurrency: currency,
      availability: product.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      url: pageUrl,
    },
  };
}
