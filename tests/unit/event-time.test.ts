import { describe, expect, it } from 'vitest';
import {
  eventWhen,
  formatDayInZone,
  zoneLongName,
  zoneNote,
  formatInZone,
  formatTimeInZone,
  isoInZone,
  knownZone,
  offsetText,
  sameDayInZone,
  zoneAbbreviation,
  zoneCity,
  zonedClock,
} from '../../src/lib/events/event-time.ts';

// 16:00 UTC on 1 July 2026: 18:00 in Berlin (CEST), 09:00 in Los Angeles (PDT), 01:00 next day in Tokyo.
const SUMMER = '2026-07-01T16:00:00.000Z';
// 16:00 UTC on 15 January 2026: 17:00 in Berlin (CET), 08:00 in Los Angeles (PST).
const WINTER = '2026-01-15T16:00:00.000Z';

describe('an event time on its own zone’s clock', () => {
  it.each([
    [SUMMER, 'Europe/Berlin', 'Jul 1, 2026, 6:00 PM CEST'],
    [WINTER, 'Europe/Berlin', 'Jan 15, 2026, 5:00 PM CET'],
    [SUMMER, 'America/Los_Angeles', 'Jul 1, 2026, 9:00 AM PDT'],
    [WINTER, 'America/Los_Angeles', 'Jan 15, 2026, 8:00 AM PST'],
    [SUMMER, 'Europe/London', 'Jul 1, 2026, 5:00 PM BST'],
    [SUMMER, 'Asia/Tokyo', 'Jul 2, 2026, 1:00 AM GMT+9'],
    [SUMMER, 'UTC', 'Jul 1, 2026, 4:00 PM UTC'],
    ['2026-07-01T00:05:00.000Z', 'UTC', 'Jul 1, 2026, 12:05 AM UTC'],
    ['2026-07-01T12:30:00.000Z', 'UTC', 'Jul 1, 2026, 12:30 PM UTC'],
  ])('%s in %s reads %s', (iso, zone, text) => {
    expect(formatInZone(iso, zone)).toBe(text);
  });

  it('reads the zone’s wall clock, weekday and offset', () => {
    const clock = zonedClock(SUMMER, 'Europe/Berlin');
    expect(clock).toMatchObject({ year: 2026, month: 7, day: 1, hour: 18, minute: 0, weekday: 3, offsetMinutes: 120 });
  });

  it('gives the weekday and day, and the time alone', () => {
    expect(formatDayInZone(SUMMER, 'Asia/Tokyo')).toBe('Thursday, Jul 2, 2026');
    expect(formatDayInZone(SUMMER, 'America/Los_Angeles')).toBe('Wednesday, Jul 1, 2026');
    expect(formatTimeInZone(SUMMER, 'Europe/Oslo')).toBe('6:00 PM CEST');
  });

  it('writes ISO 8601 with the offset in force at that instant', () => {
    expect(isoInZone(SUMMER, 'Europe/Berlin')).toBe('2026-07-01T18:00:00+02:00');
    expect(isoInZone(WINTER, 'Europe/Berlin')).toBe('2026-01-15T17:00:00+01:00');
    expect(isoInZone(SUMMER, 'America/Los_Angeles')).toBe('2026-07-01T09:00:00-07:00');
    expect(isoInZone(SUMMER, 'Asia/Kolkata')).toBe('2026-07-01T21:30:00+05:30');
    expect(isoInZone(SUMMER, 'UTC')).toBe('2026-07-01T16:00:00+00:00');
    expect(Date.parse(isoInZone(SUMMER, 'Asia/Kolkata'))).toBe(Date.parse(SUMMER));
  });

  it('names abbreviations, offsets and cities', () => {
    expect(zoneAbbreviation(WINTER, 'America/New_York')).toBe('EST');
    expect(zoneAbbreviation(SUMMER, 'Europe/Paris')).toBe('CEST');
    expect(offsetText(-150)).toBe('-02:30');
    expect(offsetText(0)).toBe('Z');
    expect(zoneCity('America/Los_Angeles')).toBe('Los Angeles');
    expect(zoneCity('UTC')).toBe('UTC');
  });

  it('falls back to UTC for a missing or unknown zone, and to nothing for an invalid date', () => {
    expect(knownZone('Mars/Olympus')).toBe('UTC');
    expect(knownZone('')).toBe('UTC');
    expect(formatInZone(SUMMER, 'Mars/Olympus')).toBe('Jul 1, 2026, 4:00 PM UTC');
    expect(formatInZone('not a date', 'Europe/Berlin')).toBe('');
    expect(isoInZone('', 'UTC')).toBe('');
  });

  it('tells whether two instants share a day on the zone’s calendar', () => {
    expect(sameDayInZone('2026-07-01T20:00:00Z', '2026-07-01T23:00:00Z', 'UTC')).toBe(true);
    expect(sameDayInZone('2026-07-01T20:00:00Z', '2026-07-01T23:00:00Z', 'Europe/Berlin')).toBe(false);
  });
});

describe('the zone named for people', () => {
  it('uses the everyday name with the abbreviation, or the city where there is none', () => {
    expect(zoneNote(SUMMER, 'America/Los_Angeles')).toBe('Times in Pacific Time (PDT)');
    expect(zoneNote(SUMMER, 'Europe/Oslo')).toBe('Times in Central European Time (CEST)');
    expect(zoneNote(SUMMER, 'UTC')).toBe('Times in UTC');
    expect(zoneLongName(SUMMER, 'Mars/Olympus')).toBe('UTC');
  });
});

describe('when an event runs', () => {
  it('reads one day with a time range, in the zone', () => {
    expect(eventWhen('2026-07-01T16:00:00Z', '2026-07-01T19:00:00Z', 'Europe/Berlin')).toEqual({
      sameDay: true,
      day: 'Wednesday, Jul 1, 2026',
      time: '6:00 PM – 9:00 PM CEST',
    });
  });

  it('reads several days end to end', () => {
    expect(eventWhen('2026-07-01T16:00:00Z', '2026-07-03T19:00:00Z', 'America/Los_Angeles')).toEqual({
      sameDay: false,
      start: 'Wednesday, Jul 1, 2026, 9:00 AM PDT',
      end: 'Friday, Jul 3, 2026, 12:00 PM PDT',
    });
  });

  it('names both abbreviations when the clocks change during the event', () => {
    // Europe/Berlin leaves summer time at 03:00 CEST on 25 October 2026.
    expect(eventWhen('2026-10-24T22:00:00Z', '2026-10-25T03:00:00Z', 'Europe/Berlin')).toMatchObject({
      sameDay: true,
      time: '12:00 AM CEST – 4:00 AM CET',
    });
  });
});
