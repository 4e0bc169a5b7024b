import { fetchProducts } from '../../lib/api/content.ts';
import {
  applyShopFilters, DEFAULT_SHOP_FILTERS, SHOP_CATEGORY_OPTIONS, SHOP_PRICE_OPTIONS, SHOP_SORT_OPTIONS,
  shopFiltersFromQuery, shopFiltersReducer, shopFiltersToQuery, type ShopFilters,
} from '../../lib/filters/shop.ts';
import type { Product } from '../../shared/types.ts';
import FilterPanel from '../lists/FilterPanel.tsx';
import { useFilteredList, type ListSection } from '../lists/use-filtered-list.ts';
import ProductCard from './ProductCard.tsx';

const SECTION: ListSection<Product, ShopFilters> = {
  defaults: DEFAULT_SHOP_FILTERS, reducer: shopFiltersReducer, apply: applyShopFilters, toQuery: shopFiltersToQuery, fromQuery: shopFiltersFromQuery,
};

export default function ShopBrowser({ initial }: { initial: Product[] }) {
  const { visible, filters, set, reset, loading } = useFilteredList(SECTION, initial, fetchProducts);
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
      {visible.length === 0 && !loading ? (
        <p className="py-16 text-center text-gray-600 dark:text-gray-300">No products available.</p>
      ) : (
        <ul className="m-0 grid list-none gap-6 p-0 sm:grid-cols-2 lg:grid-cols-3">
          {visible.map((product, i) => (
            <li key={product._id}>
              <ProductCard product={product} eager={i < 3} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
