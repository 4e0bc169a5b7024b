/** The shop's panel of filters; the product grid stays the static one the page passed in until the filters change. */
import type { CategoryChoice } from '../../lib/filters/core.ts';
import { useMemo, type ReactNode } from 'react';
import { fetchProducts } from '../../lib/api/content.ts';
import { shopSectionFor } from '../../lib/filters/shop.ts';
import type { Product } from '../../shared/types.ts';
import FilterPanel from '../lists/FilterPanel.tsx';
import StaticUntilChanged from '../lists/StaticUntilChanged.tsx';
import { useFilteredList } from '../lists/use-filtered-list.ts';
import ProductGrid from './ProductGrid.tsx';

/** children: the build's <ProductGrid> of the same products under the default filters, static HTML. */
export default function ShopBrowser({
  categories,
  priceBounds,
  initial,
  currency,
  children,
}: {
  categories: CategoryChoice[];
  /** The store's shop price bands (GET /api/store, read by the build): bounds in cents. */
  priceBounds?: readonly number[];
  initial: Product[];
  currency: string;
  children?: ReactNode;
}) {
  // The company's categories and the store's bands, read by the build; the same for the island's whole life.
  const section = useMemo(() => shopSectionFor(categories, priceBounds, currency), [categories, priceBounds, currency]);
  const { visible, loading, changed, panel } = useFilteredList(section, initial, fetchProducts);
  return (
    <>
      <FilterPanel {...panel} />
      <StaticUntilChanged staticGrid={children} changed={changed}>
        <ProductGrid products={visible} currency={currency} loading={loading} />
      </StaticUntilChanged>
    </>
  );
}
