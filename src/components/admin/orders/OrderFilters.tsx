/** Search (debounced), status and UTC-day filters of the Orders list, and a reset when any is set. */
import { useId, useState, type Dispatch } from 'react';
import type { OrdersListQuery } from '../../../lib/api/admin/orders.ts';
import { ORDER_STATUS_LABELS, ORDER_STATUSES } from '../../../shared/order-status.ts';
import { ORDERS_QUERY_MAX } from '../../../shared/schemas/order-admin.ts';
import { FIELD_CLASS, FilterSelect, SearchField } from '../ui/FilterFields.tsx';
import { isFiltered, parseStatusFilter, type OrdersQueryAction } from './orders-list.ts';

// The day inputs need the dark colour scheme for their calendar button; min-w-0 lets them shrink at 320 px.
const fieldClass = `${FIELD_CLASS} min-w-0 dark:[color-scheme:dark]`;
const STATUSES = [
  { value: '', label: 'All' },
  ...ORDER_STATUSES.map((s) => ({ value: s, label: ORDER_STATUS_LABELS[s] })),
];

export default function OrderFilters({
  query,
  dispatch,
}: {
  query: OrdersListQuery;
  dispatch: Dispatch<OrdersQueryAction>;
}) {
  const id = useId();
  // A reset starts the search box afresh, also dropping text typed but not yet searched for.
  const [resets, setResets] = useState(0);
  return (
    <div
      className="grid grid-cols-1 gap-3 min-[360px]:grid-cols-2 md:grid-cols-[minmax(0,1fr)_9.5rem_9.5rem_9.5rem]"
      role="search"
    >
      <SearchField
        key={resets}
        id={`${id}-q`}
        className="min-w-0 min-[360px]:col-span-2 md:col-span-1"
        fieldClassName={fieldClass}
        label="Search orders"
        placeholder="Order id, customer name or email"
        maxLength={ORDERS_QUERY_MAX}
        value={query.q}
        onSearch={(q) => dispatch({ type: 'search', q })}
      />
      <FilterSelect
        id={`${id}-status`}
        className="min-w-0 min-[360px]:col-span-2 md:col-span-1"
        fieldClassName={fieldClass}
        label="Status"
        value={query.status}
        options={STATUSES}
        onChange={(value) => dispatch({ type: 'status', status: parseStatusFilter(value) })}
      />
      <div className="min-w-0">
        <label htmlFor={`${id}-from`} className="block text-sm font-medium">
          From
        </label>
        <input
          id={`${id}-from`}
          type="date"
          className={fieldClass}
          value={query.from}
          max={query.to || undefined}
          onChange={(e) => dispatch({ type: 'from', from: e.target.value })}
        />
      </div>
      <div className="min-w-0">
        <label htmlFor={`${id}-to`} className="block text-sm font-medium">
          To
        </label>
        <input
          id={`${id}-to`}
          type="date"
          className={fieldClass}
          value={query.to}
          min={query.from || undefined}
          onChange={(e) => dispatch({ type: 'to', to: e.target.value })}
        />
      </div>
      <p className="m-0 flex min-[360px]:col-span-2 flex-wrap items-center justify-between gap-2 text-xs text-gray-600 md:col-span-4 dark:text-gray-400">
        <span>Dates are days in UTC, both included.</span>
        {isFiltered(query) && (
          <button
            type="button"
            onClick={() => {
              setResets((n) => n + 1);
              dispatch({ type: 'reset' });
            }}
            className="rounded-md px-2 py-1 text-sm font-medium text-[var(--color-primary-ink)] underline-offset-2 hover:underline"
          >
            Clear filters
          </button>
        )}
      </p>
    </div>
  );
}
