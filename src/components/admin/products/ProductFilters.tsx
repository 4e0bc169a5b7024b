/** Search (debounced), category, publish state and (below the table's width) sort of Manage Products. */
import { useEffect, useId, useState, type Dispatch } from 'react';
import type { ProductsListQuery } from '../../../lib/api/admin/products.ts';
import { PRODUCT_CATEGORIES } from '../../../shared/constants.ts';
import { PRODUCTS_QUERY_MAX } from '../../../shared/schemas/product-admin.ts';
import { parseCategory, parsePublished, parseSortChoice, SORT_CHOICES, type ProductsQueryAction } from './products-list.ts';

/** Typing pauses this long before the list is asked again. */
const DEBOUNCE_MS = 300;

export const fieldClass = 'mt-1 block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-sm text-gray-900 dark:border-white/20 dark:bg-[#0f151c] dark:text-gray-100';

export default function ProductFilters({ query, dispatch }: { query: ProductsListQuery; dispatch: Dispatch<ProductsQueryAction> }) {
  const id = useId();
  const [text, setText] = useState(query.q);
  useEffect(() => {
    const timer = setTimeout(() => dispatch({ type: 'search', q: text.trim() }), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, dispatch]);
  const sortValue = `${query.sort}:${query.dir}`;

  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-[minmax(0,1fr)_11rem_10rem]" role="search">
      <div className="col-span-2 min-w-0 lg:col-span-1">
        <label htmlFor={`${id}-q`} className="block text-sm font-medium">Search products</label>
        <input
          id={`${id}-q`}
          type="search"
          className={fieldClass}
          placeholder="Name, description or category"
          maxLength={PRODUCTS_QUERY_MAX}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </div>
      <div className="min-w-0">
        <label htmlFor={`${id}-category`} className="block text-sm font-medium">Category</label>
        <select id={`${id}-category`} className={fieldClass} value={query.category} onChange={(e) => dispatch({ type: 'category', category: parseCategory(e.target.value) })}>
          <option value="">All categories</option>
          {PRODUCT_CATEGORIES.map((category) => <option key={category} value={category}>{category}</option>)}
        </select>
      </div>
      <div className="min-w-0">
        <label htmlFor={`${id}-published`} className="block text-sm font-medium">Status</label>
        <select id={`${id}-published`} className={fieldClass} value={query.published} onChange={(e) => dispatch({ type: 'published', published: parsePublished(e.target.value) })}>
          <option value="all">All</option>
          <option value="published">Published</option>
          <option value="draft">Draft</option>
        </select>
      </div>
      {/* The table's headings sort from 1024 px; narrower screens show cards, so the order is a menu there. */}
      <div className="col-span-2 min-w-0 lg:hidden">
        <label htmlFor={`${id}-sort`} className="block text-sm font-medium">Sort by</label>
        <select id={`${id}-sort`} className={fieldClass} value={sortValue} onChange={(e) => dispatch({ type: 'sort', ...parseSortChoice(e.target.value) })}>
          {!SORT_CHOICES.some((choice) => choice.value === sortValue) && <option value={sortValue}>Custom order</option>}
          {SORT_CHOICES.map((choice) => <option key={choice.value} value={choice.value}>{choice.label}</option>)}
        </select>
      </div>
    </div>
  );
}
