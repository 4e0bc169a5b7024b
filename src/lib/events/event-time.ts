/**
 * An event's times on the clocks of its own zone ('Jul 1, 2026, 6:00 PM CEST'), whatever the reader's zone: the
 * build and the browser print the same text. Assembled from Intl's parts, never Intl's whole string, whose spaces
 * (U+202F before AM/PM) differ between ICU versions.
 */

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const OFFSET_NAME = /^(?:GMT|UTC)(?:[+-]\d|$)/;

/** The wall clock of a zone at one instant. */
export interface ZonedClock {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
  /** 0-23 */
  hour: number;
  minute: number;
  second: number;
  /** 0 (Sunday) - 6 */
  weekday: number;
  /** Offset from UTC in minutes, positive east of Greenwich. */
  offsetMinutes: number;
}

const clockFormats = new Map<string, Intl.DateTimeFormat>();
const nameFormats = new Map<string, Intl.DateTimeFormat>();

function clockFormat(zone: string): Intl.DateTimeFormat {
  let format = clockFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    clockFormats.set(zone, format);
  }
  return format;
}

/** A zone the runtime knows, or 'UTC' (an event stored before zones were kept, or a name this runtime lacks). */
export function knownZone(zone: string | undefined): string {
  if (!zone) return 'UTC';
  try {
    clockFormat(zone);
    return zone;
  } catch {
    return 'UTC';
  }
}

/** The clock of `zone` at the instant `iso`; null for an invalid date. */
export function zonedClock(iso: string, zone: string): ZonedClock | null {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return null;
  const parts = clockFormat(knownZone(zone)).formatToParts(new Date(ms));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const clock = {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour') % 24,
    minute: get('minute'),
    second: get('second'),
  };
  const wall = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second);
  const offsetMinutes = Math.round((wall - Math.floor(ms / 1000) * 1000) / 60_000);
  return { ...clock, weekday: new Date(wall).getUTCDay(), offsetMinutes };
}

function zoneName(iso: string, zone: string, locale: string, style: 'short' | 'longGeneric' = 'short'): string {
  const key = `${locale} ${style} ${zone}`;
  let format = nameFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: style });
    nameFormats.set(key, format);
  }
  return format.formatToParts(new Date(iso)).find((p) => p.type === 'timeZoneName')?.value ?? '';
}

/** '+02:00' for 120 minutes, 'Z' for none. */
export function offsetText(minutes: number): string {
  if (minutes === 0) return 'Z';
  const abs = Math.abs(minutes);
  return `${minutes < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/**
 * The zone's abbreviation at that instant: 'PDT', 'CEST', 'BST', 'UTC'; 'GMT+9' where no letters are in common use.
 * US English names American zones, British English European ones; the first that is not an offset wins.
 */
export function zoneAbbreviation(iso: string, zone: string): string {
  const known = knownZone(zone);
  if (Number.isNaN(Date.parse(iso))) return '';
  if (known === 'UTC' || known === 'Etc/UTC') return 'UTC';
  const american = zoneName(iso, known, 'en-US');
  if (!OFFSET_NAME.test(american)) return american;
  const british = zoneName(iso, known, 'en-GB');
  return OFFSET_NAME.test(british) || british === '' ? american : british;
}

/** The city part of an IANA zone, for people: 'America/Los_Angeles' → 'Los Angeles'; 'UTC' stays. */
export function zoneCity(zone: string): string {
  return (knownZone(zone).split('/').pop() ?? zone).replace(/_/g, ' ');
}

const clockTime = (c: ZonedClock) =>
  `${c.hour % 12 || 12}:${String(c.minute).padStart(2, '0')} ${c.hour < 12 ? 'AM' : 'PM'}`;

/** 'Jul 1, 2026, 6:00 PM CEST' on the clocks of `zone`, or '' for an invalid date. */
export function formatInZone(iso: string, zone: string): string {
  const c = zonedClock(iso, zone);
  if (!c) return '';
  return `${MONTHS[c.month - 1]} ${c.day}, ${c.year}, ${clockTime(c)} ${zoneAbbreviation(iso, zone)}`;
}

/** 'Wednesday, Jul 1, 2026' on the clocks of `zone`, or ''. */
export function formatDayInZone(iso: string, zone: string): string {
  const c = zonedClock(iso, zone);
  return c ? `${WEEKDAYS[c.weekday]}, ${MONTHS[c.month - 1]} ${c.day}, ${c.year}` : '';
}

/** '6:00 PM CEST' on the clocks of `zone`, or ''. */
export function formatTimeInZone(iso: string, zone: string): string {
  const c = zonedClock(iso, zone);
  return c ? `${clockTime(c)} ${zoneAbbreviation(iso, zone)}` : '';
}

/** The instant as ISO 8601 with the zone's offset then: '2026-07-01T18:00:00+02:00' (schema.org dates); '' if invalid. */
export function isoInZone(iso: string, zone: string): string {
  const c = zonedClock(iso, zone);
  if (!c) return '';
  const two = (n: number) => String(n).padStart(2, '0');
  const offset = c.offsetMinutes === 0 ? '+00:00' : offsetText(c.offsetMinutes);
  return `${String(c.year).padStart(4, '0')}-${two(c.month)}-${two(c.day)}T${two(c.hour)}:${two(c.minute)}:${two(c.second)}${offset}`;
}

/** Whether both instants fall on the same day of the zone's calendar. */
export function sameDayInZone(a: string, b: string, zone: string): boolean {
  const x = zonedClock(a, zone);
  const y = zonedClock(b, zone);
  return !!x && !!y && x.year === y.year && x.month === y.month && x.day === y.day;
}

/**
 * When an event runs, on its zone's clocks: one day reads { day: 'Wednesday, Jul 1, 2026', time: '6:00 PM – 9:00 PM
 * CEST' }; several days read each end in full ('Wednesday, Jul 1, 2026, 6:00 PM CEST').
 */
export function eventWhen(
  start: string,
  end: string,
  zone: string,
): { sameDay: true; day: string; time: string } | { sameDay: false; start: string; end: string } {
  const fromName = zoneAbbreviation(start, zone);
  const toName = zoneAbbreviation(end, zone);
  const from = zonedClock(start, zone);
  const to = zonedClock(end, zone);
  if (from && to && sameDayInZone(start, end, zone)) {
    const time =
      fromName === toName
        ? `${clockTime(from)} – ${clockTime(to)} ${toName}`
        : `${clockTime(from)} ${fromName} – ${clockTime(to)} ${toName}`;
    return { sameDay: true, day: formatDayInZone(start, zone), time };
  }
  const full = (iso: string) =>
    zonedClock(iso, zone) ? `${formatDayInZone(iso, zone)}, ${formatTimeInZone(iso, zone)}` : '';
  return { sameDay: false, start: full(start), end: full(end) };
}

/** The zone's everyday name: 'Pacific Time', 'Central European Time'; its city where ICU has no such name. */
export function zoneLongName(iso: string, zone: string): string {
  const known = knownZone(zone);
  if (known === 'UTC' || known === 'Etc/UTC' || Number.isNaN(Date.parse(iso))) return 'UTC';
  const name = zoneName(iso, known, 'en-US', 'longGeneric');
  return name && !OFFSET_NAME.test(name) ? name : `${zoneCity(known)} time`;
}

/** The line under an event's times: 'Times in Pacific Time (PDT)'; 'Times in UTC'. */
export function zoneNote(iso: string, zone: string): string {
  const long = zoneLongName(iso, zone);
  return long === 'UTC' ? 'Times in UTC' : `Times in ${long} (${zoneAbbreviation(iso, zone)})`;
}
