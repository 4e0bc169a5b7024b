/**
 * One order in a modal dialog: its items, customer, totals and history (newest last), and the status change control.
 * A change shows the order as the server answers it and tells the screen, which reloads the list; a refusal (the
 * order changed meanwhile) reads the order again. Escape or Close closes it.
 */
import { useCallback, useId, useState, type ReactNode } from 'react';
import { errorMessage } from '../../../lib/api/auth.ts';
import { changeAdminOrderStatus, fetchAdminOrder } from '../../../lib/api/admin/orders.ts';
import { formatDateTime } from '../../../lib/format/dates.ts';
import { statusLabel, type OrderStatus } from '../../../shared/order-status.ts';
import type { AdminOrderChange, AdminOrderDetail } from '../../../shared/orders-admin.ts';
import { LoadError, PanelLoading } from '../dashboard/Panel.tsx';
import { useRemote } from '../dashboard/use-remote.ts';
import ModalDialog from '../ui/ModalDialog.tsx';
import type { Notice } from '../ui/PagedList.tsx';
import OrderStatusBadge from './OrderStatusBadge.tsx';
import OrderStatusForm from './OrderStatusForm.tsx';
import { formatMoney } from '../../../lib/format/money.ts';
import { taxRateLabel } from '../../../shared/commerce.ts';
import { addressLines, paymentMethodLabel } from '../../orders/order-view.ts';
import { shortOrderId } from './orders-list.ts';

interface Props {
  orderId: string;
  onChanged: (answer: AdminOrderChange) => void;
  onClose: () => void;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="min-w-0 border-t border-gray-200 pt-4 dark:border-white/10">
      <h3 className="m-0 mb-2 text-sm font-semibold uppercase tracking-wide text-gray-500 dark:text-gray-400">
        {title}
      </h3>
      {children}
    </section>
  );
}

function OrderBody({
  order,
  busy,
  onChange,
}: {
  order: AdminOrderDetail;
  busy: boolean;
  onChange: (status: OrderStatus, note: string) => void;
}) {
  const money = (cents: number) => formatMoney(cents, order.currency);
  const address = addressLines(order.shipping);
  return (
    <div className="flex flex-col gap-4">
      <p className="m-0 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-gray-700 dark:text-gray-300">
        <OrderStatusBadge status={order.status} />
        <span>
          Placed <time dateTime={order.createdAt}>{formatDateTime(order.createdAt, order.timeZone)}</time>
        </span>
      </p>
      <Section title="Customer">
        <p className="m-0 break-words font-medium">{order.customer.name || 'Guest'}</p>
        {order.customer.email ? (
          <a
            href={`mailto:${order.customer.email}`}
            className="break-all text-sm text-[var(--color-primary-ink)] underline-offset-2 hover:underline"
          >
            {order.customer.email}
          </a>
        ) : (
          <p className="m-0 text-sm text-gray-600 dark:text-gray-400">
            No email address: status changes are not emailed.
          </p>
        )}
      </Section>
      <Section title="Items">
        <ul className="m-0 flex list-none flex-col gap-2 p-0" aria-label="Items">
          {order.items.map((item) => (
            <li key={item._id} className="flex items-start justify-between gap-3 text-sm">
              <span className="min-w-0 break-words">
                <span className="font-medium">{item.name}</span>
                <span className="block text-xs text-gray-600 tabular-nums dark:text-gray-400">
                  {item.quantity} × {money(item.unit_price_cents)}
                </span>
              </span>
              <span className="shrink-0 font-medium tabular-nums">{money(item.line_total_cents)}</span>
            </li>
          ))}
        </ul>
        <dl className="m-0 mt-3 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 border-t border-dashed border-gray-200 pt-3 text-sm dark:border-white/10">
          <dt className="text-gray-600 dark:text-gray-400">Subtotal</dt>
          <dd className="m-0 text-right tabular-nums">{money(order.subtotal_cents)}</dd>
          {order.shipping_cents > 0 && (
            <>
              <dt className="text-gray-600 dark:text-gray-400">Shipping</dt>
              <dd className="m-0 text-right tabular-nums">{money(order.shipping_cents)}</dd>
            </>
          )}
          {order.tax_cents > 0 && (
            <>
              <dt className="text-gray-600 dark:text-gray-400">
                {order.taxInclusive
                  ? `Tax included (${taxRateLabel(order.taxRateBp)})`
                  : `Tax (${taxRateLabel(order.taxRateBp)})`}
              </dt>
              <dd className="m-0 text-right tabular-nums">{money(order.tax_cents)}</dd>
            </>
          )}
          <dt className="font-semibold">Total</dt>
          <dd className="m-0 text-right font-semibold tabular-nums" data-order-total>
            {money(order.total_cents)}
          </dd>
        </dl>
      </Section>
      <Section title="Ship to">
        {address.length > 0 ? (
          <address className="m-0 whitespace-pre-line break-words text-sm not-italic">{address.join('\n')}</address>
        ) : (
          <p className="m-0 text-sm text-gray-600 dark:text-gray-400">No shipping address on this order.</p>
        )}
      </Section>
      <Section title="Payment">
        <p className="m-0 text-sm">{paymentMethodLabel(order.paymentMethod)}</p>
        {order.paymentRef && (
          <p className="m-0 mt-1 break-all text-xs text-gray-600 dark:text-gray-400">Reference: {order.paymentRef}</p>
        )}
      </Section>
      <Section title="History">
        <ol className="m-0 flex list-none flex-col gap-2 p-0" aria-label="Status history">
          {order.history.map((entry) => (
            <li key={entry._id} className="border-l-2 border-gray-300 pl-3 text-sm dark:border-white/20">
              <span className="font-medium">
                {entry.from
                  ? `${statusLabel(entry.from)} → ${statusLabel(entry.to)}`
                  : `Placed (${statusLabel(entry.to)})`}
              </span>
              <span className="block text-xs text-gray-600 dark:text-gray-400">
                <time dateTime={entry.at}>{formatDateTime(entry.at, order.timeZone)}</time>
                {entry.actor.name && ` · ${entry.actor.name}`}
              </span>
              {entry.note && (
                <span className="block break-words text-xs italic text-gray-700 dark:text-gray-300">{entry.note}</span>
              )}
            </li>
          ))}
        </ol>
      </Section>
      <Section title="Change status">
        <OrderStatusForm order={order} busy={busy} onChange={onChange} />
      </Section>
    </div>
  );
}

export default function OrderDetailDialog({ orderId, onChanged, onClose }: Props) {
  const titleId = useId();
  const load = useCallback(() => fetchAdminOrder(orderId), [orderId]);
  const { remote, reload, set } = useRemote<AdminOrderDetail>(load, 'Could not load the order.');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);

  const change = async (status: OrderStatus, note: string) => {
    setBusy(true);
    setNotice(null);
    try {
      const answer = await changeAdminOrderStatus(orderId, note ? { status, note } : { status });
      set(answer.order);
      setNotice({
        tone: 'ok',
        text: answer.notified ? `${answer.message}. The customer was emailed.` : `${answer.message}.`,
      });
      onChanged(answer);
    } catch (error) {
      setNotice({ tone: 'error', text: errorMessage(error, 'The status could not be changed. Please try again.') });
      // Refused because the order changed meanwhile: show it as it now is.
      void reload(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <ModalDialog
      open
      busy={busy}
      onCancel={onClose}
      labelledBy={titleId}
      className="max-h-[calc(100dvh-2rem)] w-[min(36rem,calc(100vw-1.5rem))] overflow-y-auto p-0"
    >
      <div className="sticky top-0 z-1 flex items-center justify-between gap-3 border-b border-gray-200 bg-white px-4 py-3 sm:px-6 dark:border-white/10 dark:bg-[#111821]">
        <h2 id={titleId} className="m-0 text-lg font-bold">
          Order {shortOrderId(orderId)}
        </h2>
        <button
          type="button"
          onClick={onClose}
          disabled={busy}
          className="rounded-md border border-gray-300 px-3 py-1.5 text-sm font-medium hover:bg-gray-100 disabled:opacity-60 dark:border-white/20 dark:hover:bg-white/10"
        >
          Close
        </button>
      </div>
      <div className="px-4 py-4 sm:px-6">
        <p
          role="status"
          className={`m-0 break-words text-sm ${notice ? 'mb-4' : ''} ${notice?.tone === 'error' ? 'font-medium text-red-700 dark:text-red-300' : 'text-emerald-700 dark:text-emerald-300'}`}
        >
          {notice?.text}
        </p>
        {remote.state === 'loading' && <PanelLoading label="Loading the order" />}
        {remote.state === 'error' && <LoadError message={remote.message} onRetry={() => void reload()} />}
        {remote.state === 'ready' && (
          <OrderBody order={remote.data} busy={busy} onChange={(status, note) => void change(status, note)} />
        )}
      </div>
    </ModalDialog>
  );
}
