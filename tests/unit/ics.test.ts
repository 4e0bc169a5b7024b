import { describe, expect, it } from 'vitest';
import { escapeText, eventCalendar, foldLine, icsUtc } from '../../src/lib/events/ics.ts';

const unfold = (text: string) => text.replace(/\r\n /g, '');
const octets = (line: string) => new TextEncoder().encode(line).length;

const EVENT = {
  uid: 'e1@example.test',
  start: '2026-07-01T16:00:00.000Z',
  end: '2026-07-01T19:00:00.000Z',
  summary: 'Jazz; brass, and strings',
  description: 'Two sets.\nBring a chair, please; seats are few.',
  location: 'Quay 1, Brest',
  url: 'https://example.test/events/jazz',
};
const OPTIONS = { prodId: '-//Northwind Studio//Events//EN', stamp: new Date('2026-06-01T08:30:00Z') };

describe('iCalendar text', () => {
  it('escapes backslashes, semicolons, commas and newlines (RFC 5545 3.3.11)', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });

  it('folds lines at 75 octets with a leading space, never splitting a character', () => {
    const line = `DESCRIPTION:${'x'.repeat(200)}`;
    const folded = foldLine(line).split('\r\n');
    expect(folded.length).toBe(3);
    expect(folded.every((l) => octets(l) <= 75)).toBe(true);
    expect(folded.slice(1).every((l) => l.startsWith(' '))).toBe(true);
    expect(unfold(folded.join('\r\n'))).toBe(line);

    const wide = `SUMMARY:${'é'.repeat(80)}`;
    const parts = foldLine(wide).split('\r\n');
    expect(parts.every((l) => octets(l) <= 75)).toBe(true);
    expect(parts.join('').replace(/ /g, '')).toBe(wide);
    expect(foldLine('SHORT:line')).toBe('SHORT:line');
  });

  it('writes instants in UTC form', () => {
    expect(icsUtc('2026-07-01T16:00:00.000Z')).toBe('20260701T160000Z');
    expect(icsUtc(new Date('2026-01-02T03:04:05.678Z'))).toBe('20260102T030405Z');
    expect(() => icsUtc('soon')).toThrow(RangeError);
  });
});

describe('an event calendar', () => {
  const text = eventCalendar(EVENT, OPTIONS);
  const lines = unfold(text).split('\r\n');

  it('is one VEVENT in a VCALENDAR with CRLF line ends', () => {
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(lines.slice(0, 2)).toEqual(['BEGIN:VCALENDAR', 'VERSION:2.0']);
    expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(1);
    expect(lines.at(-2)).toBe('END:VCALENDAR');
    expect(lines).toContain('PRODID:-//Northwind Studio//Events//EN');
    expect(lines).toContain('UID:e1@example.test');
    expect(lines).toContain('DTSTAMP:20260601T083000Z');
  });

  it('starts and ends at the UTC instants of the event', () => {
    expect(lines).toContain('DTSTART:20260701T160000Z');
    expect(lines).toContain('DTEND:20260701T190000Z');
    expect(text).not.toContain('TZID');
  });

  it('escapes the text fields', () => {
    expect(lines).toContain('SUMMARY:Jazz\\; brass\\, and strings');
    expect(lines).toContain('DESCRIPTION:Two sets.\\nBring a chair\\, please\\; seats are few.');
    expect(lines).toContain('LOCATION:Quay 1\\, Brest');
    expect(lines).toContain('URL:https://example.test/events/jazz');
  });

  it('never ends before it starts, and leaves out empty fields', () => {
    const odd = unfold(
      eventCalendar({ ...EVENT, end: '2026-07-01T10:00:00.000Z', description: '', location: '' }, OPTIONS),
    );
    expect(odd).toContain('DTEND:20260701T160000Z');
    expect(odd).not.toContain('DESCRIPTION');
    expect(odd).not.toContain('LOCATION');
  });
});
