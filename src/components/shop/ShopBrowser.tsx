import { fetchProducts } from '../../lib/api/content.ts';
import {
  applyShopFilters, DEFAULT_SHOP_FILTERS, SHOP_CATEGORY_OPTIONS, SHOP_PRICE_OPTIONS, SHOP_SORT_OPTIONS,
  shopFiltersFromQuery, shopFiltersReducer, shopFiltersToQuery, type ShopFilters,
} from '../../lib/filters/shop.ts';
import type { Product } from '../../shared/types.ts';
import FilterPanel from '../lists/FilterPanel.tsx';
import ListResults from '../lists/ListResults.tsx';
import { gridImageLoading } from '../lists/SafeImage.tsx';
import { useFilteredList, type ListSection } from '../lists/use-filtered-list.ts';
import ProductCard from './ProductCard.tsx';

const SECTION: ListSection<Product, ShopFilters> = {
  defaults: DEFAULT_SHOP_FILTERS, reducer: shopFiltersReducer, apply: applyShopFilters, toQuery: shopFiltersToQuery, fromQuery: shopFiltersFromQuery,
};

export default function ShopBrowser({ initial }: { initial: Product[] }) {
  const { visible, filters, set, reset, loading, prerendered } = useFilteredList(SECTION, initial, fetchProducts);
  return (
    <>
      <FilterPanel
        query={{ value: filters.q, placeholder: 'Search products...', onChange: set('q') }}
        fields={[
          { key: 'category', label: 'Category', value: filters.category, options: SHOP_CATEGORY_OPTIONS, onChange: set('category') },
          { key: 'price', label: 'Price', value: filters.price, options: SHOP_PRICE_OPTIONS, onChange: set('price') },
          { key: 'sort', label: 'Sort by', value: filters.sort, options: SHOP_SORT_OPTIONS, onChange: set('sort') },
        ]}
        onReset={reset}
        count={visible.length}
        noun={visible.length === 1 ? 'product' : 'products'}
      />
      <ListResults items={visible} loading={loading} keepPrerendered={prerendered} emptyText="No products available." render={(product, i) => <ProductCard product={product} loading={gridImageLoading(i, 3)} />} />
    </>
  );
}
