/** Demo event starts: a wall-clock hour in the event's zone, on the day counted on the seeding machine's calendar. */
import { describe, expect, it } from 'vitest';
import { eventStart, localZone, startInZone } from '../../src/server/seed/seed-time.ts';
import { utcToZoned } from '../../src/shared/time-zone.ts';

const LA = 'America/Los_Angeles';

describe('startInZone', () => {
  it('starts at the hour on the clocks of the event zone', () => {
    const now = new Date('2026-11-24T10:00:00Z');
    expect(startInZone(now, 3, 9, LA, LA).toISOString()).toBe('2026-11-27T17:00:00.000Z');
    expect(startInZone(now, 3, 10, 'Europe/Berlin', 'Europe/Berlin').toISOString()).toBe('2026-11-27T09:00:00.000Z');
  });

  it("keeps tomorrow's evening event tomorrow for a machine in another zone", () => {
    // 19:00 in Portland is 03:00 the next day in UTC: the Portland date one earlier lands on UTC's tomorrow.
    const now = new Date('2026-11-24T10:00:00Z');
    const start = startInZone(now, 1, 19, LA, 'UTC');
    expect(start.toISOString()).toBe('2026-11-25T03:00:00.000Z');
    expect(utcToZoned(start.toISOString(), LA)).toBe('2026-11-24T19:00');
    // A Portland machine late in its evening (already the 25th in UTC) counts from its own 24th.
    expect(startInZone(new Date('2026-11-25T06:30:00Z'), 1, 19, LA, LA).toISOString()).toBe('2026-11-26T03:00:00.000Z');
  });

  it('follows daylight saving time in the event zone', () => {
    const summer = startInZone(new Date('2026-07-01T12:00:00Z'), 2, 18, 'Europe/Oslo', 'Europe/Oslo');
    const winter = startInZone(new Date('2026-12-01T12:00:00Z'), 2, 18, 'Europe/Oslo', 'Europe/Oslo');
    expect(summer.toISOString()).toBe('2026-07-03T16:00:00.000Z');
    expect(winter.toISOString()).toBe('2026-12-03T17:00:00.000Z');
    // Across the change itself: 29 March 2026, clocks in Berlin go forward at 02:00.
    expect(startInZone(new Date('2026-03-27T12:00:00Z'), 3, 10, 'Europe/Berlin', 'Europe/Berlin').toISOString()).toBe(
      '2026-03-30T08:00:00.000Z',
    );
  });
});

describe('eventStart', () => {
  const zone = localZone();
  const at = (hours: number, minutes: number, seconds = 0, ms = 0) =>
    new Date(2026, 10, 30, hours, minutes, seconds, ms);

  it("keeps today's hour while it is ahead, and later days at their hour", () => {
    expect(eventStart(at(10, 15, 30, 500), 0, 12, zone, zone)).toEqual(at(12, 0));
    expect(eventStart(at(14, 20), 2, 12, zone, zone)).toEqual(new Date(2026, 11, 2, 12, 0));
  });

  it("moves today's past hour to the next whole hour but one, within today", () => {
    expect(eventStart(at(14, 20, 10, 250), 0, 12, zone, zone)).toEqual(at(16, 0));
    expect(eventStart(at(22, 5), 0, 12, zone, zone)).toEqual(at(23, 59));
  });

  it('starts on a whole minute ahead of a seeding late in the day (no milliseconds for calendars to drop)', () => {
    const start = eventStart(at(23, 46, 51, 615), 0, 12, zone, zone);
    expect(start).toEqual(at(23, 59));
    const last = eventStart(at(23, 59, 30, 5), 0, 12, zone, zone);
    expect(last.getTime()).toBeGreaterThan(at(23, 59, 30, 5).getTime());
    expect(last.getTime() % 60_000).toBe(0);
  });
});
