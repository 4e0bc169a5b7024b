/** An event's registrations as CSV, through the analytics CSV writer (no cell is read as a formula). */
import type { EventRegistrationList } from '../../../shared/events.ts';
import { slugify } from '../../../shared/slug.ts';
import { toCsv } from '../analytics/analytics-csv.ts';
import { orderReference } from '../orders/orders-mails.ts';

/** One row per registration, oldest first, the header first; a ticket buyer's row names the order. */
export function registrationsCsv(list: EventRegistrationList): string {
  return toCsv([
    ['Name', 'Email', 'Seats', 'Status', 'Registered at (UTC)', 'Cancelled at (UTC)', 'Signed in', 'Order'],
    ...list.results.map((r) => [
      r.name,
      r.email,
      r.seats,
      r.status,
      r.createdAt,
      r.cancelledAt ?? '',
      r.userId ? 'yes' : 'no',
      r.orderId ? orderReference(r.orderId) : '',
    ]),
  ]);
}

/** The download's name: 'registrations-harbour-jazz-night.csv'. */
export const registrationsCsvName = (list: EventRegistrationList) =>
  `registrations-${slugify(list.event.slug || list.event.name) || 'event'}.csv`;
