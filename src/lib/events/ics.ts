/**
 * An event as an iCalendar file (RFC 5545) for 'Add to calendar'.
 *
 * Times are written as UTC instants (DTSTART:20260701T160000Z), not as DTSTART;TZID=Europe/Berlin:…: RFC 5545 3.2.19
 * requires a VTIMEZONE component for every TZID, and clients that meet a bare IANA TZID disagree (Google and Apple
 * read it, Outlook may fall back to floating local time, an hour or more off). A UTC instant is read the same way
 * everywhere, and the calendar shows it on its own clock, as it does any zoned time. The event's zone and local
 * time are kept in the description, so the reader still sees "6:00 PM CEST (Berlin)".
 */

const CRLF = '\r\n';
/** RFC 5545 3.1: lines longer than 75 octets are folded. */
const MAX_OCTETS = 75;

/** TEXT value escaping (RFC 5545 3.3.11): backslash, semicolon, comma and newlines. */
export function escapeText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

const encoder = new TextEncoder();

/**
 * One content line folded into lines of at most 75 octets (UTF-8), each continuation starting with a space; a
 * character is never split across lines.
 */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // A continuation line's leading space counts toward its 75 octets.
    const limit = out.length === 0 ? MAX_OCTETS : MAX_OCTETS - 1;
    if (octets + size > limit) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  out.push(current);
  return out.join(`${CRLF} `);
}

/** A UTC instant as an iCalendar DATE-TIME in UTC form: '20260701T160000Z'; throws for an invalid date. */
export function icsUtc(iso: string | Date): string {
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  if (Number.isNaN(date.getTime())) throw new RangeError(`not a date: ${String(iso)}`);
  return date
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

export interface CalendarEvent {
  /** Stable across builds, unique to the event: the calendar updates the entry instead of adding a second. */
  uid: string;
  start: string;
  end: string;
  summary: string;
  description: string;
  location: string;
  url: string;
}

export interface CalendarOptions {
  /** Who made the file: '-//Northwind Studio//Events//EN'. */
  prodId: string;
  /** When the file was made (DTSTAMP). */
  stamp: Date;
}

/** The whole .ics text of one event: CRLF line ends, folded lines, escaped text. */
export function eventCalendar(event: CalendarEvent, options: CalendarOptions): string {
  const end = Date.parse(event.end) > Date.parse(event.start) ? event.end : event.start;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${escapeText(options.prodId)}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${icsUtc(options.stamp)}`,
    `DTSTART:${icsUtc(event.start)}`,
    `DTEND:${icsUtc(end)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    ...(event.url ? [`URL:${event.url}`] : []),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}
