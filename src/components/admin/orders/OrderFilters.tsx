/** Search (debounced), status and UTC-day filters of the Orders list, and a reset when any is set. */
import { useEffect, useId, useState, type Dispatch } from 'react';
import type { OrdersListQuery } from '../../../lib/api/admin/orders.ts';
import { ORDER_STATUS_LABELS, ORDER_STATUSES } from '../../../shared/order-status.ts';
import { ORDERS_QUERY_MAX } from '../../../shared/schemas/order-admin.ts';
import { isFiltered, parseStatusFilter, type OrdersQueryAction } from './orders-list.ts';

/** Typing pauses this long before the list is asked again. */
const DEBOUNCE_MS = 300;

const fieldClass = 'mt-1 block w-full min-w-0 rounded-md border border-gray-300 bg-white px-3 py-2 text-sm text-gray-900 dark:border-white/20 dark:bg-[#0f151c] dark:text-gray-100 dark:[color-scheme:dark]';

export default function OrderFilters({ query, dispatch }: { query: OrdersListQuery; dispatch: Dispatch<OrdersQueryAction> }) {
  const id = useId();
  const [text, setText] = useState(query.q);
  useEffect(() => {
    const timer = setTimeout(() => dispatch({ type: 'search', q: text.trim() }), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, dispatch]);
  // A reset clears the box as well.
  useEffect(() => {
    if (query.q === '') setText((current) => (current.trim() === '' ? current : ''));
  }, [query.q]);

  return (
    <div className="grid grid-cols-1 gap-3 min-[360px]:grid-cols-2 md:grid-cols-[minmax(0,1fr)_9.5rem_9.5rem_9.5rem]" role="search">
      <div className="min-w-0 min-[360px]:col-span-2 md:col-span-1">
        <label htmlFor={`${id}-q`} className="block text-sm font-medium">Search orders</label>
        <input
          id={`${id}-q`}
          type="search"
          className={fieldClass}
          placeholder="Order id, customer name or email"
          maxLength={ORDERS_QUERY_MAX}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </div>
      <div className="min-w-0 min-[360px]:col-span-2 md:col-span-1">
        <label htmlFor={`${id}-status`} className="block text-sm font-medium">Status</label>
        <select id={`${id}-status`} className={fieldClass} value={query.status} onChange={(e) => dispatch({ type: 'status', status: parseStatusFilter(e.target.value) })}>
          <option value="">All</option>
          {ORDER_STATUSES.map((s) => (
            <option key={s} value={s}>{ORDER_STATUS_LABELS[s]}</option>
          ))}
        </select>
      </div>
      <div className="min-w-0">
        <label htmlFor={`${id}-from`} className="block text-sm font-medium">From</label>
        <input id={`${id}-from`} type="date" className={fieldClass} value={query.from} max={query.to || undefined} onChange={(e) => dispatch({ type: 'from', from: e.target.value })} />
      </div>
      <div className="min-w-0">
        <label htmlFor={`${id}-to`} className="block text-sm font-medium">To</label>
        <input id={`${id}-to`} type="date" className={fieldClass} value={query.to} min={query.from || undefined} onChange={(e) => dispatch({ type: 'to', to: e.target.value })} />
      </div>
      <p className="m-0 flex min-[360px]:col-span-2 flex-wrap items-center justify-between gap-2 text-xs text-gray-600 md:col-span-4 dark:text-gray-400">
        <span>Dates are days in UTC, both included.</span>
        {isFiltered(query) && (
          <button type="button" onClick={() => { setText(''); dispatch({ type: 'reset' }); }} className="rounded-md px-2 py-1 text-sm font-medium text-[var(--color-primary-ink)] underline-offset-2 hover:underline">
            Clear filters
          </button>
        )}
      </p>
    </div>
  );
}
