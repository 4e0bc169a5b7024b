/** An order's status as a coloured pill; the colour only repeats what the text says. */
import { isOrderStatus, statusLabel, type OrderStatus } from '../../../shared/order-status.ts';

const TONES: Record<OrderStatus, { pill: string; dot: string }> = {
  pending: { pill: 'bg-amber-500/10 text-amber-800 dark:text-amber-300', dot: 'bg-amber-500' },
  paid: { pill: 'bg-sky-500/10 text-sky-800 dark:text-sky-300', dot: 'bg-sky-500' },
  shipped: { pill: 'bg-indigo-500/10 text-indigo-800 dark:text-indigo-300', dot: 'bg-indigo-500' },
  delivered: { pill: 'bg-emerald-500/10 text-emerald-800 dark:text-emerald-300', dot: 'bg-emerald-500' },
  cancelled: { pill: 'bg-gray-500/15 text-gray-700 dark:text-gray-300', dot: 'bg-gray-500' },
  refunded: { pill: 'bg-red-500/10 text-red-800 dark:text-red-300', dot: 'bg-red-500' },
};

export default function OrderStatusBadge({ status }: { status: string }) {
  const tone = isOrderStatus(status) ? TONES[status] : TONES.cancelled;
  return (
    <span
      className={`inline-flex items-center gap-1.5 whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ${tone.pill}`}
      data-status={status}
    >
      <span className={`h-1.5 w-1.5 rounded-full ${tone.dot}`} aria-hidden="true" />
      {statusLabel(status)}
    </span>
  );
}
