/** Search (debounced), category, publish state and (below the table's width) sort of Manage Products. */
import { useId, type Dispatch } from 'react';
import type { ProductsListQuery } from '../../../lib/api/admin/products.ts';
import { PRODUCTS_QUERY_MAX } from '../../../shared/schemas/product-admin.ts';
import { useCategoryNames } from '../categories/use-category-names.ts';
import { FilterSelect, SearchField } from '../ui/FilterFields.tsx';
import {
  parseCategory,
  parsePublished,
  parseSortChoice,
  SORT_CHOICES,
  type ProductsQueryAction,
} from './products-list.ts';

const PUBLISHED = [
  { value: 'all', label: 'All' },
  { value: 'published', label: 'Published' },
  { value: 'draft', label: 'Draft' },
];

export default function ProductFilters({
  query,
  dispatch,
}: {
  query: ProductsListQuery;
  dispatch: Dispatch<ProductsQueryAction>;
}) {
  const id = useId();
  const categories = useCategoryNames('product');
  const categoryChoices = [
    { value: '', label: 'All categories' },
    ...categories.map((category) => ({ value: category, label: category })),
  ];
  const sortValue = `${query.sort}:${query.dir}`;
  const sorts = SORT_CHOICES.some((choice) => choice.value === sortValue)
    ? SORT_CHOICES
    : [{ value: sortValue, label: 'Custom order' }, ...SORT_CHOICES];

  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-[minmax(0,1fr)_11rem_10rem]" role="search">
      <SearchField
        id={`${id}-q`}
        className="col-span-2 min-w-0 lg:col-span-1"
        label="Search products"
        placeholder="Name, description or category"
        maxLength={PRODUCTS_QUERY_MAX}
        value={query.q}
        onSearch={(q) => dispatch({ type: 'search', q })}
      />
      <FilterSelect
        id={`${id}-category`}
        label="Category"
        value={query.category}
        options={categoryChoices}
        onChange={(value) => dispatch({ type: 'category', category: parseCategory(value, categories) })}
      />
      <FilterSelect
        id={`${id}-published`}
        label="Status"
        value={query.published}
        options={PUBLISHED}
        onChange={(value) => dispatch({ type: 'published', published: parsePublished(value) })}
      />
      {/* The table's headings sort from 1024 px; narrower screens show cards, so the order is a menu there. */}
      <FilterSelect
        id={`${id}-sort`}
        className="col-span-2 min-w-0 lg:hidden"
        label="Sort by"
        value={sortValue}
        options={sorts}
        onChange={(value) => dispatch({ type: 'sort', ...parseSortChoice(value) })}
      />
    </div>
  );
}
