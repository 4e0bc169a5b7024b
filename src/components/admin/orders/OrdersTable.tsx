/**
 * The orders of one page: a table from 1024 px, below that each row stacks into a labelled card (one DOM for both, so
 * nothing is ever wider than the screen). Each row opens the order; its id is the button for keyboard users.
 */
import { formatDate, formatDateTime } from '../../../lib/format/dates.ts';
import type { AdminOrderSummary } from '../../../shared/orders-admin.ts';
import ListTable, { Cell } from '../ui/ListTable.tsx';
import OrderStatusBadge from './OrderStatusBadge.tsx';
import { formatMoney } from '../../../lib/format/money.ts';
import { shortOrderId } from './orders-list.ts';

interface Props {
  orders: AdminOrderSummary[];
  /** The store's zone: a row's full time (its tooltip) is on its clocks. */
  timeZone: string;
  /** The order open in the detail dialog (its row is marked). */
  openId: string | null;
  onOpen: (order: AdminOrderSummary) => void;
}

const HEADINGS = ['Order', 'Customer', 'Date', 'Items', 'Total', 'Status'] as const;
function OrderRow({
  order,
  timeZone,
  open,
  onOpen,
}: {
  order: AdminOrderSummary;
  timeZone: string;
  open: boolean;
  onOpen: Props['onOpen'];
}) {
  const ref = shortOrderId(order._id);
  return (
    <tr
      onClick={() => onOpen(order)}
      data-order-id={order._id}
      className={`block cursor-pointer border-b border-gray-200 px-1 py-3 last:border-0 hover:bg-gray-50 lg:table-row lg:px-0 lg:py-0 dark:border-white/10 dark:hover:bg-white/5 ${open ? 'bg-[color-mix(in_srgb,var(--color-primary)_8%,transparent)]' : ''}`}
    >
      <Cell heading="Order">
        <button
          type="button"
          onClick={(e) => {
            e.stopPropagation();
            onOpen(order);
          }}
          aria-label={`Open order ${ref}`}
          className="rounded font-mono text-sm font-semibold text-[var(--color-primary-ink)] underline-offset-2 hover:underline"
        >
          {ref}
        </button>
      </Cell>
      <Cell heading="Customer">
        <span className="min-w-0 text-right lg:text-left">
          <span className="block break-words font-medium">{order.customer.name || 'Guest'}</span>
          {order.customer.email && (
            <span className="block break-all text-xs text-gray-600 dark:text-gray-400">{order.customer.email}</span>
          )}
        </span>
      </Cell>
      <Cell heading="Date">
        <time
          dateTime={order.createdAt}
          title={formatDateTime(order.createdAt, timeZone)}
          className="whitespace-nowrap tabular-nums text-gray-700 dark:text-gray-300"
        >
          {formatDate(order.createdAt)}
        </time>
      </Cell>
      <Cell heading="Items" className="lg:text-right">
        <span className="tabular-nums">{order.itemCount}</span>
      </Cell>
      <Cell heading="Total" className="lg:text-right">
        <span className="font-semibold tabular-nums">{formatMoney(order.total_cents, order.currency)}</span>
      </Cell>
      <Cell heading="Status">
        <OrderStatusBadge status={order.status} />
      </Cell>
    </tr>
  );
}

export default function OrdersTable({ orders, timeZone, openId, onOpen }: Props) {
  return (
    <ListTable
      label="Orders"
      headings={HEADINGS.map((heading) => (
        <th
          key={heading}
          scope="col"
          className={`px-3 pb-2 font-semibold ${heading === 'Items' || heading === 'Total' ? 'text-right' : ''}`}
        >
          {heading}
        </th>
      ))}
    >
      {orders.map((order) => (
        <OrderRow key={order._id} order={order} timeZone={timeZone} open={order._id === openId} onOpen={onOpen} />
      ))}
    </ListTable>
  );
}
