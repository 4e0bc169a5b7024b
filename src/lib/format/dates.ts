// The one date and time formatter. A time is always written with its zone named, so the pre-rendered HTML and the
// hydrated island agree whatever the reader's zone: an event's in the venue's zone, an order's in the store's (Store
// settings), anything else (sessions, activity) in UTC. UTC is written out instead of Intl.DateTimeFormat for the
// reason in numbers.ts; another zone needs Intl's time zone data (event-time.ts). The unit tests hold the output to
// Intl's en-US format.
import { formatInZone } from '../events/event-time.ts';

export { formatDuration } from './duration.ts';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

const time = (value: string | null | undefined) => (value ? Date.parse(value) : Number.NaN);

/** 'Nov 22, 2026' for a UTC instant; years before 1 read as Intl's era years do (1 BC is 1). */
function day(date: Date): string {
  const year = date.getUTCFullYear();
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${year > 0 ? year : 1 - year}`;
}

/** 'Nov 22, 2026', or '' for a missing or invalid date. */
export function formatDate(value: string | null | undefined): string {
  const t = time(value);
  return Number.isNaN(t) ? '' : day(new Date(t));
}

/**
 * 'Nov 22, 2026, 6:00 PM UTC', or '' for a missing or invalid date. With an IANA `zone` (an event's venue), on that
 * zone's clocks and named by its abbreviation: 'Jul 1, 2026, 6:00 PM CEST'; an unknown zone reads as UTC.
 */
export function formatDateTime(value: string | null | undefined, zone = 'UTC'): string {
  const t = time(value);
  if (Number.isNaN(t)) return '';
  if (zone !== 'UTC' && value) return formatInZone(value, zone);
  const date = new Date(t);
  const hours = date.getUTCHours();
  const minutes = String(date.getUTCMinutes()).padStart(2, '0');
  return `${day(date)}, ${hours % 12 || 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'} UTC`;
}
