/** Times of demo rows, relative to the moment of seeding. */
import { utcToZoned, zonedToUtc } from '../../shared/time-zone.ts';

export const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

export function startOfDay(now: Date): Date {
  const day = new Date(now);
  day.setHours(0, 0, 0, 0);
  return day;
}

/** ISO time `ageDays` before now; ages under a day are kept within today so the "Today" filters have hits. */
export function ago(now: Date, ageDays: number): string {
  const time = now.getTime() - ageDays * DAY_MS;
  return new Date(ageDays < 1 ? Math.max(time, startOfDay(now).getTime()) : time).toISOString();
}

/** The IANA zone of this process's clocks (the seeding machine's "today"). */
export const localZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/**
 * The start of an event `days` after `now`'s day on the seeding machine's calendar (`viewZone`), at `hour` o'clock on
 * the clocks of the event's own `zone`. Of the zone's calendar days around that day, the one whose start falls on it is
 * taken, so "tomorrow's" event is tomorrow for the people at the seeding machine even when the zones' dates differ.
 */
export function startInZone(now: Date, days: number, hour: number, zone: string, viewZone: string = localZone()): Date {
  const today = utcToZoned(now.toISOString(), viewZone).slice(0, 10);
  const target = addDays(today, days);
  const at = (day: string) => zonedToUtc(`${day}T${String(hour).padStart(2, '0')}:00`, zone);
  for (const offset of [0, -1, 1]) {
    const start = at(addDays(target, offset));
    if (start && utcToZoned(start, viewZone).slice(0, 10) === target) return new Date(start);
  }
  // Unreachable for real zones (some neighbouring day always fits); the target day in the event's zone otherwise.
  return new Date(at(target) ?? `${target}T00:00:00Z`);
}

/** 'YYYY-MM-DD' plus `days` calendar days. */
function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * Later events start at their hour in their own zone. Today's does too when that hour is still ahead today; otherwise
 * it starts in an hour or two (but still today), so the "Today" filter always has an upcoming event. Always on a whole
 * minute, as an admin enters it: calendars and schema.org dates carry no milliseconds.
 */
export function eventStart(now: Date, startInDays: number, startHour: number, zone: string, viewZone?: string): Date {
  const planned = startInZone(now, startInDays, startHour, zone, viewZone);
  if (startInDays > 0) return planned;
  const lastStart = startOfDay(now);
  lastStart.setHours(23, 59, 0, 0);
  if (planned.getTime() > now.getTime() && planned.getTime() <= lastStart.getTime()) return planned;
  const soon = new Date(now.getTime() + 2 * HOUR_MS);
  soon.setMinutes(0, 0, 0);
  const nextMinute = Math.floor(now.getTime() / MINUTE_MS + 1) * MINUTE_MS;
  return new Date(Math.max(Math.min(soon.getTime(), lastStart.getTime()), nextMinute));
}
