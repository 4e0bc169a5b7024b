import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDuration } from '../../src/lib/format/dates.ts';
import { formatCount } from '../../src/lib/format/numbers.ts';

// The formatters are written out (see numbers.ts); Node's ICU is the reference they must match.
const INTL_DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
const INTL_DATE_TIME = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'UTC',
  timeZoneName: 'short',
});

describe('formatCount reads as Intl en-US for whole numbers', () => {
  const counts = [
    0,
    1,
    12,
    999,
    1000,
    12345,
    999999,
    1000000,
    2 ** 31,
    Number.MAX_SAFE_INTEGER,
    2 ** 60,
    1e21,
    -5,
    -12345,
  ];
  it.each(counts)('%s', (value) => {
    expect(formatCount(value)).toBe(new Intl.NumberFormat('en-US').format(value));
  });

  it('rounds a fraction to the whole count and answers empty for what is not a number', () => {
    expect(formatCount(1234.6)).toBe('1,235');
    expect(formatCount(Number.NaN)).toBe('');
    expect(formatCount(Number.POSITIVE_INFINITY)).toBe('');
  });
});

describe('dates read as Intl en-US in UTC', () => {
  const instants = [
    '2026-11-22T00:00:00Z',
    '2026-11-22T00:05:00Z',
    '2026-11-22T11:59:59Z',
    '2026-11-22T12:00:00Z',
    '2026-11-22T12:30:00Z',
    '2026-11-22T23:59:00Z',
    '1970-01-01T00:00:00Z',
    '2000-02-29T13:07:00Z',
    '2026-11-22T18:00:00+05:30',
    '0005-01-01T00:00:00Z',
    '-000100-06-15T09:00:00Z',
    '+012345-03-01T00:00:00Z',
  ];
  for (let i = 0; i < 240; i++)
    instants.push(new Date(Date.UTC(1990, 0, 1) + i * 37 * 86_400_000 + i * 3_761_000).toISOString());
  it.each(instants)('%s', (value) => {
    expect(formatDate(value)).toBe(INTL_DATE.format(Date.parse(value)));
    expect(formatDateTime(value)).toBe(INTL_DATE_TIME.format(Date.parse(value)));
  });
});

describe('dates', () => {
  it('formats in UTC so build and browser agree, and says so for times', () => {
    expect(formatDate('2026-11-22T23:30:00Z')).toBe('Nov 22, 2026');
    expect(formatDateTime('2026-11-22T16:00:00Z')).toBe('Nov 22, 2026, 4:00 PM UTC');
  });

  it("writes a time in the zone given (an event's venue) and names that zone", () => {
    expect(formatDateTime('2026-07-01T16:00:00Z', 'Europe/Paris')).toBe('Jul 1, 2026, 6:00 PM CEST');
    expect(formatDateTime('2026-12-01T13:30:00Z', 'Europe/Paris')).toBe('Dec 1, 2026, 2:30 PM CET');
    expect(formatDateTime('2026-07-01T16:00:00Z', 'America/New_York')).toBe('Jul 1, 2026, 12:00 PM EDT');
    // The venue's day, not UTC's: 23:30 UTC is already the next morning in Tokyo.
    expect(formatDateTime('2026-07-01T23:30:00Z', 'Asia/Tokyo')).toMatch(/^Jul 2, 2026, 8:30 AM (JST|GMT\+9)$/);
  });

  it('writes orders and every other time in UTC, named, and an unknown zone as UTC too', () => {
    expect(formatDateTime('2026-07-01T16:00:00Z')).toBe('Jul 1, 2026, 4:00 PM UTC');
    expect(formatDateTime('2026-07-01T16:00:00Z', 'UTC')).toBe('Jul 1, 2026, 4:00 PM UTC');
    expect(formatDateTime('2026-07-01T16:00:00Z', 'Mars/Olympus')).toBe('Jul 1, 2026, 4:00 PM UTC');
    expect(formatDateTime('not a date', 'Europe/Paris')).toBe('');
  });

  it('answers empty for missing or invalid dates', () => {
    expect(formatDate('')).toBe('');
    expect(formatDate('not a date')).toBe('');
    expect(formatDateTime(undefined)).toBe('');
  });

  it.each([
    [0, '0:00'],
    [59, '0:59'],
    [61, '1:01'],
    [3600, '1:00:00'],
    [3725, '1:02:05'],
    [-5, '0:00'],
  ])('formats %s seconds as %s', (seconds, expected) => {
    expect(formatDuration(seconds)).toBe(expected);
  });
});
