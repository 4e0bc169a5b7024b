/** The events with their registrations: confirmed seats against capacity, the waiting list, and a way into each. */
import { formatDateTime } from '../../../lib/format/dates.ts';
import type { EventRegistrationSummary } from '../../../shared/events.ts';
import ListTable, { Cell } from '../ui/ListTable.tsx';
import { PRIMARY_ACTION } from '../ui/row-actions.tsx';
import { StatusPill } from './StatusPill.tsx';

interface Props {
  events: EventRegistrationSummary[];
  onOpen: (event: EventRegistrationSummary) => void;
}

const th = 'px-3 py-2 font-semibold';

/** '18 / 20', '860 (no limit)'. */
export const seatsText = (e: Pick<EventRegistrationSummary, 'confirmedSeats' | 'capacity'>) =>
  e.capacity > 0 ? `${e.confirmedSeats} / ${e.capacity}` : `${e.confirmedSeats} (no limit)`;

export default function EventsTable({ events, onOpen }: Props) {
  return (
    <ListTable
      label="Events and their registrations"
      headings={
        <>
          <th className={th}>Event</th>
          <th className={th}>Starts</th>
          <th className={th}>Confirmed / capacity</th>
          <th className={th}>Waiting</th>
          <th className={`${th} text-right`}>Actions</th>
        </>
      }
    >
      {events.map((e) => (
        <tr
          key={e._id}
          className="block border-b border-gray-200 py-3 first:pt-0 last:border-0 last:pb-0 lg:table-row lg:py-0 dark:border-white/10"
        >
          <Cell heading="Event">
            <span className="flex min-w-0 flex-col items-end gap-1 text-right lg:items-start lg:text-left">
              <span className="font-semibold break-words">{e.name}</span>
              <span className="flex flex-wrap justify-end gap-1.5 lg:justify-start">
                {!e.published && <StatusPill tone="gray">Draft</StatusPill>}
                {e.free ? <StatusPill tone="green">Free</StatusPill> : <StatusPill tone="sky">Paid</StatusPill>}
              </span>
            </span>
          </Cell>
          <Cell heading="Starts">
            <time dateTime={e.start_date} className="text-right tabular-nums lg:text-left">
              {formatDateTime(e.start_date, e.timeZone)}
            </time>
          </Cell>
          <Cell heading="Confirmed / capacity">
            <span className="tabular-nums">{seatsText(e)}</span>
          </Cell>
          <Cell heading="Waiting">
            <span className="tabular-nums">
              {e.waiting === 0 ? 'None' : `${e.waiting} (${e.waitingSeats} ${e.waitingSeats === 1 ? 'seat' : 'seats'})`}
            </span>
          </Cell>
          <Cell heading="Actions" className="lg:text-right">
            <button
              type="button"
              className={PRIMARY_ACTION}
              aria-label={`Registrations of ${e.name}`}
              onClick={() => onOpen(e)}
            >
              Registrations
            </button>
          </Cell>
        </tr>
      ))}
    </ListTable>
  );
}
