/**
 * /orders: the signed-in customer's own orders, newest first, each with its reference, status, date
 * and total in the currency it was charged in. A visitor without a session signs in first and comes back here.
 */
import { fetchMyOrders } from '../../lib/api/orders.ts';
import { formatDate } from '../../lib/format/dates.ts';
import { formatMoney } from '../../lib/format/money.ts';
import type { CustomerOrderSummary } from '../../shared/orders-customer.ts';
import LoadFailure from '../account/LoadFailure.tsx';
import { useSignedInLoad } from '../account/use-signed-in-load.ts';
import OrderStatusBadge from '../admin/orders/OrderStatusBadge.tsx';
import Spinner from '../admin/ui/Spinner.tsx';
import { itemCountLabel } from './order-view.ts';

const card = 'rounded-2xl border border-gray-200 bg-white shadow-sm dark:border-white/10 dark:bg-[#111821]';

function OrderRow({ order }: { order: CustomerOrderSummary }) {
  const href = `/orders/view?${new URLSearchParams({ id: order._id })}`;
  return (
    <li className="relative grid grid-cols-[1fr_auto] items-center gap-x-4 gap-y-1 px-4 py-4 hover:bg-gray-500/5 sm:grid-cols-[minmax(7rem,1fr)_minmax(7rem,1fr)_5rem_7rem_minmax(6rem,auto)] sm:px-6">
      <a
        href={href}
        className="font-semibold text-[var(--color-primary-ink)] no-underline after:absolute after:inset-0 hover:underline"
        aria-label={`Order ${order.reference}`}
      >
        {order.reference}
      </a>
      <span className="justify-self-end sm:order-4 sm:justify-self-start">
        <OrderStatusBadge status={order.status} />
      </span>
      <span className="text-sm text-gray-600 dark:text-gray-400 sm:order-2">
        <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time>
        <span className="sm:hidden"> · {itemCountLabel(order.itemCount)}</span>
      </span>
      <span className="hidden text-sm text-gray-600 tabular-nums sm:order-3 sm:block dark:text-gray-400">
        {order.itemCount}
      </span>
      <span className="justify-self-end font-semibold tabular-nums sm:order-5" data-total>
        {formatMoney(order.total_cents, order.currency)}
      </span>
    </li>
  );
}

export default function CustomerOrders() {
  const { load, read } = useSignedInLoad(fetchMyOrders, 'Your orders could not be loaded. Please try again.');

  if (load.state === 'leaving') return null;
  if (load.state === 'loading') return <Spinner compact label="Loading your orders" />;
  if (load.state === 'error') return <LoadFailure message={load.message} onRetry={read} />;
  if (load.data.length === 0) {
    return (
      <div className={`${card} px-6 py-12 text-center`}>
        <p className="m-0 text-lg font-semibold">No orders found.</p>
        <p className="m-0 mt-2 text-gray-600 dark:text-gray-400">Orders you place while signed in appear here.</p>
        <a href="/shop" className="brand-button mt-5 inline-block px-4 py-2 font-semibold no-underline">
          Browse the shop
        </a>
      </div>
    );
  }
  return (
    <div className={card}>
      <div
        className="hidden grid-cols-[minmax(7rem,1fr)_minmax(7rem,1fr)_5rem_7rem_minmax(6rem,auto)] gap-x-4 border-b border-gray-200 px-6 py-3 text-xs font-semibold uppercase tracking-wide text-gray-500 sm:grid dark:border-white/10 dark:text-gray-400"
        aria-hidden="true"
      >
        <span>Order</span>
        <span>Date</span>
        <span>Items</span>
        <span>Status</span>
        <span className="text-right">Total</span>
      </div>
      <ul className="m-0 list-none divide-y divide-gray-200 p-0 dark:divide-white/10" aria-label="Your orders">
        {load.data.map((order) => (
          <OrderRow key={order._id} order={order} />
        ))}
      </ul>
    </div>
  );
}
