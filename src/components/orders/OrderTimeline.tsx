/** An order's status history as a timeline, oldest first: the statuses it went through and when. */
import { formatDateTime } from '../../lib/format/dates.ts';
import { statusLabel } from '../../shared/order-status.ts';
import type { CustomerOrderHistoryEntry } from '../../shared/orders-customer.ts';

export default function OrderTimeline({
  history,
  timeZone,
}: {
  history: readonly CustomerOrderHistoryEntry[];
  /** The store's zone, named beside each time. */
  timeZone: string;
}) {
  return (
    <ol className="m-0 list-none p-0" aria-label="Status history">
      {history.map((entry, index) => {
        const last = index === history.length - 1;
        return (
          <li
            key={`${entry.status}-${entry.at}`}
            className="relative flex gap-3 pb-4 last:pb-0"
            aria-current={last ? 'step' : undefined}
          >
            {!last && (
              <span
                className="absolute left-[0.4375rem] top-4 h-full w-0.5 bg-[color-mix(in_srgb,var(--color-primary)_45%,transparent)]"
                aria-hidden="true"
              />
            )}
            <span
              className={`relative mt-1 h-4 w-4 shrink-0 rounded-full border-2 ${last ? 'border-[var(--color-primary)] bg-[var(--color-primary)]' : 'border-[var(--color-primary)] bg-white dark:bg-[#111821]'}`}
              aria-hidden="true"
            />
            <span className="min-w-0 text-sm">
              <span className={`block ${last ? 'font-semibold' : 'font-medium'}`}>
                {index === 0 ? `Placed (${statusLabel(entry.status)})` : statusLabel(entry.status)}
              </span>
              <time dateTime={entry.at} className="block text-xs text-gray-600 dark:text-gray-400">
                {formatDateTime(entry.at, timeZone)}
              </time>
            </span>
          </li>
        );
      })}
    </ol>
  );
}
