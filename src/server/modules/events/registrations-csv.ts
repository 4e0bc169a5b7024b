/** An event's registrations as CSV, through the analytics CSV writer (no cell is read as a formula). */
import type { EventRegistrationList } from '../../../shared/events.ts';
import { slugify } from '../../../shared/slug.ts';
import { toCsv } from '../analytics/analytics-csv.ts';

/** One row per registration, oldest first, the header first. */
export function registrationsCsv(list: EventRegistrationList): string {
  return toCsv([
    ['Name', 'Email', 'Seats', 'Status', 'Registered at (UTC)', 'Cancelled at (UTC)', 'Signed in'],
    ...list.results.map((r) => [
      r.name,
      r.email,
      r.seats,
      r.status,
      r.createdAt,
      r.cancelledAt ?? '',
      r.userId ? 'yes' : 'no',
    ]),
  ]);
}

/** The download's name: 'registrations-harbour-jazz-night.csv'. */
export const registrationsCsvName = (list: EventRegistrationList) =>
  `registrations-${slugify(list.event.slug || list.event.name) || 'event'}.csv`;
