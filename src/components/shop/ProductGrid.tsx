/** The shop's grid of product cards: the page renders it to static HTML at build time, ShopBrowser once the filters change. */
import type { ShopListItem } from '../../lib/lists/list-data.ts';
import { ListGrid } from '../lists/ListResults.tsx';
import { gridImageLoading } from '../lists/SafeImage.tsx';
import ProductCard from './ProductCard.tsx';

export default function ProductGrid({ products, currency }: { products: readonly ShopListItem[]; currency: string }) {
  return (
    <ListGrid
      items={products}
      emptyText="No products available."
      render={(product, i) => <ProductCard product={product} currency={currency} loading={gridImageLoading(i, 3)} />}
    />
  );
}
