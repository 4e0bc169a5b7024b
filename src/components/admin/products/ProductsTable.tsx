/**
 * The products of one page: a table with sortable headings from 1024 px; below that each row stacks into a card
 * (one DOM for both, so nothing is ever wider than the screen). A product with a draft says it has unpublished changes.
 */
import { formatMoney } from '../../../lib/format/money.ts';
import type { AdminProduct } from '../../../shared/products-admin.ts';
import type { ProductSort, SortDir } from '../../../shared/schemas/product-admin.ts';
import SafeImage from '../../lists/SafeImage.tsx';
import UnpublishedChangesBadge from '../content/ui/UnpublishedChangesBadge.tsx';
import ListTable, { Cell } from '../ui/ListTable.tsx';

interface Props {
  products: AdminProduct[];
  /** The store's currency, which prices are shown in. */
  currency: string;
  sort: ProductSort;
  dir: SortDir;
  /** The product whose change is being saved (its controls wait). */
  busyId: string | null;
  onSort: (sort: ProductSort) => void;
  onEdit: (product: AdminProduct) => void;
  onDelete: (product: AdminProduct) => void;
  onPublish: (product: AdminProduct, published: boolean) => void;
}

const COLUMNS: readonly { heading: string; sort?: ProductSort; className?: string }[] = [
  { heading: 'Image' },
  { heading: 'Name', sort: 'name' },
  { heading: 'Category', sort: 'category' },
  { heading: 'Price', sort: 'price', className: 'lg:text-right' },
  { heading: 'Stock', sort: 'stock', className: 'lg:text-right' },
  { heading: 'Status', sort: 'published' },
  { heading: 'Actions', className: 'lg:text-right' },
];

const action =
  'rounded-md border px-3 py-1.5 text-sm font-semibold whitespace-nowrap disabled:cursor-not-allowed disabled:opacity-60';

/** Published or Draft, as a badge. */
export function PublishBadge({ published }: { published: boolean }) {
  return published ? (
    <span className="inline-flex items-center gap-1.5 rounded-full bg-emerald-500/10 px-2.5 py-0.5 text-xs font-semibold text-emerald-700 dark:text-emerald-300">
      <span className="h-1.5 w-1.5 rounded-full bg-emerald-500" aria-hidden="true" />
      Published
    </span>
  ) : (
    <span className="inline-flex items-center gap-1.5 rounded-full bg-amber-500/15 px-2.5 py-0.5 text-xs font-semibold text-amber-800 dark:text-amber-300">
      <span className="h-1.5 w-1.5 rounded-full bg-amber-500" aria-hidden="true" />
      Draft
    </span>
  );
}

function Thumbnail({ product }: { product: AdminProduct }) {
  const frame =
    'h-12 w-12 shrink-0 overflow-hidden rounded-lg border border-gray-200 bg-gray-100 dark:border-white/10 dark:bg-white/5';
  if (!product.image) {
    return (
      <span
        className={`${frame} flex items-center justify-center text-[10px] leading-tight text-gray-500 dark:text-gray-400`}
      >
        No image
      </span>
    );
  }
  return (
    <span className={`${frame} block`}>
      <SafeImage
        src={product.image}
        alt=""
        width={48}
        height={48}
        className="h-full w-full object-cover"
        loading="lazy"
        sizes="48px"
      />
    </span>
  );
}

function ProductRow({
  product,
  busy,
  onEdit,
  onDelete,
  onPublish,
  currency,
}: { product: AdminProduct; busy: boolean } & Pick<Props, 'onEdit' | 'onDelete' | 'onPublish' | 'currency'>) {
  return (
    <tr
      className="block border-b border-gray-200 py-3 first:pt-0 last:border-0 last:pb-0 lg:table-row lg:py-0 dark:border-white/10"
      aria-busy={busy}
      data-product={product._id}
    >
      <Cell heading="Image">
        <Thumbnail product={product} />
      </Cell>
      <Cell heading="Name">
        <span className="min-w-0 text-right font-medium break-words lg:text-left">{product.name}</span>
      </Cell>
      <Cell heading="Category">
        <span className="min-w-0 text-right break-words lg:text-left">{product.category || '—'}</span>
      </Cell>
      <Cell heading="Price" className="lg:text-right">
        <span className="tabular-nums">{formatMoney(product.price_cents, currency)}</span>
      </Cell>
      <Cell heading="Stock" className="lg:text-right">
        <span className={`tabular-nums ${product.stock === 0 ? 'font-semibold text-red-700 dark:text-red-300' : ''}`}>
          {product.stock === 0 ? 'Out of stock' : product.stock}
        </span>
      </Cell>
      <Cell heading="Status">
        <span className="flex flex-col items-end gap-1 lg:items-start">
          <PublishBadge published={product.published} />
          {product.draft && <UnpublishedChangesBadge />}
        </span>
      </Cell>
      <Cell heading="Actions" className="lg:text-right">
        <span className="flex flex-wrap justify-end gap-2 lg:flex-nowrap">
          <button
            type="button"
            disabled={busy}
            onClick={() => onPublish(product, !product.published)}
            aria-label={`${product.published ? 'Unpublish' : 'Publish'} ${product.name}`}
            className={`${action} border-gray-300 hover:bg-gray-100 dark:border-white/20 dark:hover:bg-white/10`}
          >
            {product.published ? 'Unpublish' : 'Publish'}
          </button>
          <button
            type="button"
            disabled={busy}
            onClick={() => onEdit(product)}
            aria-label={`Edit ${product.name}`}
            className={`${action} border-[var(--color-primary)] text-[var(--color-primary-ink)] hover:bg-[color-mix(in_srgb,var(--color-primary)_12%,transparent)]`}
          >
            Edit
          </button>
          <button
            type="button"
            disabled={busy}
            onClick={() => onDelete(product)}
            aria-label={`Delete ${product.name}`}
            className={`${action} border-red-600/50 text-red-700 hover:bg-red-500/10 dark:text-red-300`}
          >
            Delete
          </button>
        </span>
      </Cell>
    </tr>
  );
}

function SortHeading({
  heading,
  column,
  sort,
  dir,
  onSort,
}: {
  heading: string;
  column: ProductSort;
  sort: ProductSort;
  dir: SortDir;
  onSort: (sort: ProductSort) => void;
}) {
  const active = column === sort;
  return (
    <button
      type="button"
      onClick={() => onSort(column)}
      className="inline-flex items-center gap-1 uppercase tracking-wide hover:text-gray-900 dark:hover:text-gray-100"
    >
      {heading}
      <span aria-hidden="true" className={active ? 'text-[var(--color-primary-ink)]' : 'opacity-40'}>
        {active ? (dir === 'asc' ? '▲' : '▼') : '↕'}
      </span>
    </button>
  );
}

export default function ProductsTable({
  products,
  currency,
  sort,
  dir,
  busyId,
  onSort,
  onEdit,
  onDelete,
  onPublish,
}: Props) {
  return (
    <ListTable
      label="Products"
      headings={COLUMNS.map(({ heading, sort: column, className = '' }) => (
        <th
          key={heading}
          scope="col"
          className={`px-3 pb-2 font-semibold ${className}`}
          aria-sort={column && column === sort ? (dir === 'asc' ? 'ascending' : 'descending') : undefined}
        >
          {column ? <SortHeading heading={heading} column={column} sort={sort} dir={dir} onSort={onSort} /> : heading}
        </th>
      ))}
    >
      {products.map((product) => (
        <ProductRow
          key={product._id}
          product={product}
          currency={currency}
          busy={busyId === product._id}
          onEdit={onEdit}
          onDelete={onDelete}
          onPublish={onPublish}
        />
      ))}
    </ListTable>
  );
}
