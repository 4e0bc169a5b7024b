/** The shop's panel of filters; the product grid stays the static one the page passed in until the filters change. */
import type { CategoryChoice } from '../../lib/filters/core.ts';
import { useMemo, type ReactNode } from 'react';
import { shopSectionFor } from '../../lib/filters/shop.ts';
import type { ShopListItem } from '../../lib/lists/list-data.ts';
import FilterPanel from '../lists/FilterPanel.tsx';
import { ShowMore } from '../lists/ListResults.tsx';
import StaticUntilChanged from '../lists/StaticUntilChanged.tsx';
import { useFilteredList, type ListSource } from '../lists/use-filtered-list.ts';
import ProductGrid from './ProductGrid.tsx';

/** children: the build's <ProductGrid> of the same products under the default filters, static HTML. */
export default function ShopBrowser({
  categories,
  priceBounds,
  source,
  currency,
  children,
}: {
  categories: CategoryChoice[];
  /** The store's shop price bands (GET /api/store, read by the build): bounds in cents. */
  priceBounds?: readonly number[];
  source: ListSource<ShopListItem>;
  currency: string;
  children?: ReactNode;
}) {
  // The company's categories and the store's bands, read by the build; the same for the island's whole life.
  const section = useMemo(
    () => shopSectionFor<ShopListItem>(categories, priceBounds, currency),
    [categories, priceBounds, currency],
  );
  const { visible, more, busy, changed, panel } = useFilteredList(section, source);
  return (
    <>
      <FilterPanel {...panel} />
      <StaticUntilChanged staticGrid={children} changed={changed}>
        <>
          <ProductGrid products={visible} currency={currency} />
          <ShowMore onMore={more} busy={busy} />
        </>
      </StaticUntilChanged>
    </>
  );
}
