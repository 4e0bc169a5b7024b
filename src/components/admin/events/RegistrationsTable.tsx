/** One event's registrations in the order they came: who, how many seats, where they stand, and Cancel (a ticket order's seats are cancelled with the order). */
import { formatDateTime } from '../../../lib/format/dates.ts';
import type { AdminRegistration, RegistrationStatus } from '../../../shared/events.ts';
import ListTable, { Cell } from '../ui/ListTable.tsx';
import { DANGER_ACTION } from '../ui/row-actions.tsx';
import { StatusPill } from './StatusPill.tsx';

interface Props {
  registrations: AdminRegistration[];
  busy: boolean;
  onCancel: (registration: AdminRegistration) => void;
}

const th = 'px-3 py-2 font-semibold';
const STATUS: Record<RegistrationStatus, { label: string; tone: 'green' | 'amber' | 'gray' }> = {
  confirmed: { label: 'Confirmed', tone: 'green' },
  waiting: { label: 'Waiting', tone: 'amber' },
  cancelled: { label: 'Cancelled', tone: 'gray' },
};

export default function RegistrationsTable({ registrations, busy, onCancel }: Props) {
  return (
    <ListTable
      label="Registrations"
      headings={
        <>
          <th className={th}>Name</th>
          <th className={th}>Email</th>
          <th className={th}>Seats</th>
          <th className={th}>Status</th>
          <th className={th}>Registered</th>
          <th className={`${th} text-right`}>Actions</th>
        </>
      }
    >
      {registrations.map((r) => (
        <tr
          key={r._id}
          className="block border-b border-gray-200 py-3 first:pt-0 last:border-0 last:pb-0 lg:table-row lg:py-0 dark:border-white/10"
        >
          <Cell heading="Name">
            <span className="text-right font-semibold break-words lg:text-left">{r.name}</span>
          </Cell>
          <Cell heading="Email">
            <span className="min-w-0 text-right break-all lg:text-left">{r.email}</span>
          </Cell>
          <Cell heading="Seats">
            <span className="tabular-nums">{r.seats}</span>
          </Cell>
          <Cell heading="Status">
            <StatusPill tone={STATUS[r.status].tone}>{STATUS[r.status].label}</StatusPill>
          </Cell>
          <Cell heading="Registered">
            <time dateTime={r.createdAt} className="text-right tabular-nums whitespace-nowrap lg:text-left">
              {formatDateTime(r.createdAt)}
            </time>
          </Cell>
          <Cell heading="Actions" className="lg:text-right">
            {r.status === 'cancelled' ? (
              <span className="text-xs text-gray-600 dark:text-gray-400">
                {r.cancelledAt ? `Cancelled ${formatDateTime(r.cancelledAt)}` : 'Cancelled'}
              </span>
            ) : r.source === 'order' ? (
              // Bought seats go back by cancelling or refunding the order, on the Orders screen.
              <span className="text-xs text-gray-600 dark:text-gray-400">
                Tickets of order #{(r.orderId ?? '').slice(0, 8).toUpperCase()}
              </span>
            ) : (
              <button
                type="button"
                disabled={busy}
                className={DANGER_ACTION}
                aria-label={`Cancel the registration of ${r.name}`}
                onClick={() => onCancel(r)}
              >
                Cancel
              </button>
            )}
          </Cell>
        </tr>
      ))}
    </ListTable>
  );
}
