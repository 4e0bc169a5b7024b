/**
 * The status change control of an order: only the statuses the state machine allows next, an optional note for the
 * history and the customer's mail, and a confirmation before a cancel or refund (they cannot be undone).
 */
import { useId, useState } from 'react';
import {
  CONFIRMED_STATUSES,
  isOrderStatus,
  ORDER_STATUS_LABELS,
  type OrderStatus,
} from '../../../shared/order-status.ts';
import type { AdminOrderDetail } from '../../../shared/orders-admin.ts';
import { ORDER_NOTE_MAX } from '../../../shared/schemas/order-admin.ts';
import ConfirmDialog from '../ui/ConfirmDialog.tsx';
import { shortOrderId } from './orders-list.ts';

interface Props {
  order: AdminOrderDetail;
  busy: boolean;
  onChange: (status: OrderStatus, note: string) => void;
}

const fieldClass =
  'mt-1 block w-full min-w-0 rounded-md border border-gray-300 bg-white px-3 py-2 text-sm text-gray-900 dark:border-white/20 dark:bg-[#0f151c] dark:text-gray-100';

const CONFIRM_TEXT: Partial<Record<OrderStatus, { title: string; label: string; body: string }>> = {
  cancelled: {
    title: 'Cancel this order?',
    label: 'Cancel order',
    body: 'cannot be changed again once cancelled. The customer is told by email.',
  },
  refunded: {
    title: 'Refund this order?',
    label: 'Refund order',
    body: 'cannot be changed again once refunded. The customer is told by email.',
  },
};

export default function OrderStatusForm({ order, busy, onChange }: Props) {
  const id = useId();
  const first = order.nextStatuses[0] ?? '';
  const [status, setStatus] = useState<OrderStatus | ''>(first);
  const [note, setNote] = useState('');
  const [confirming, setConfirming] = useState(false);
  // A new status (after a change, or another order) offers its own next statuses.
  const shownFor = `${order._id} ${order.status} ${first}`;
  const [offered, setOffered] = useState(shownFor);
  if (offered !== shownFor) {
    setOffered(shownFor);
    setStatus(first);
    setNote('');
  }

  if (order.nextStatuses.length === 0) {
    return (
      <p className="m-0 text-sm text-gray-600 dark:text-gray-400">
        This order is {order.status === 'cancelled' || order.status === 'refunded' ? order.status : 'final'}: its status
        cannot change any more.
      </p>
    );
  }
  const apply = () => {
    if (status) onChange(status, note.trim());
  };
  const confirm = status ? CONFIRM_TEXT[status] : undefined;
  return (
    <form
      className="flex flex-col gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        if (!status || busy) return;
        if (CONFIRMED_STATUSES.includes(status)) setConfirming(true);
        else apply();
      }}
    >
      <div>
        <label htmlFor={`${id}-status`} className="block text-sm font-medium">
          New status
        </label>
        <select
          id={`${id}-status`}
          className={fieldClass}
          value={status}
          disabled={busy}
          onChange={(e) => setStatus(isOrderStatus(e.target.value) ? e.target.value : '')}
        >
          {order.nextStatuses.map((s) => (
            <option key={s} value={s}>
              {ORDER_STATUS_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-note`} className="block text-sm font-medium">
          Note <span className="font-normal text-gray-500 dark:text-gray-400">(optional, sent to the customer)</span>
        </label>
        <textarea
          id={`${id}-note`}
          className={`${fieldClass} min-h-16`}
          rows={2}
          maxLength={ORDER_NOTE_MAX}
          value={note}
          disabled={busy}
          onChange={(e) => setNote(e.target.value)}
        />
      </div>
      <div>
        <button
          type="submit"
          disabled={busy || !status}
          className="brand-button w-full px-4 py-2 font-semibold disabled:opacity-60 sm:w-auto sm:px-6"
        >
          {busy ? 'Updating...' : 'Update status'}
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={confirm?.title ?? ''}
        confirmLabel={confirm?.label ?? ''}
        busyLabel="Updating..."
        busy={busy}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          apply();
        }}
      >
        {`Order ${shortOrderId(order._id)} ${confirm?.body ?? ''}`}
      </ConfirmDialog>
    </form>
  );
}
