import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDuration } from '../../src/lib/format/dates.ts';
import { formatPrice } from '../../src/lib/format/money.ts';
import { formatCount } from '../../src/lib/format/numbers.ts';

describe('formatPrice', () => {
  it.each([
    [40, {}, '$40'],
    [1234.5, {}, '$1,234.50'],
    [0, {}, '$0'],
    [0, { free: true }, 'Free'],
    [19.99, { free: true }, '$19.99'],
    [Number.NaN, {}, ''],
  ])('%s with %o reads %s', (value, options, expected) => {
    expect(formatPrice(value, options)).toBe(expected);
  });
});

// The formatters are written out (see money.ts); Node's ICU is the reference they must match.
const INTL_USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const INTL_WHOLE = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
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

describe('formatPrice reads as Intl en-US currency', () => {
  const amounts = [
    0.01, 0.125, 0.5, 0.995, 1, 9.99, 10.005, 19.999, 100, 999.995, 1000, 1000.5, 12345.678, 999999.99, 1e6,
    123456789.12, 1e15, -0.5, -1234.5, -40,
  ];
  for (let i = 0; i < 400; i++)
    amounts.push(Math.round(Math.sin(i + 1) * 10 ** (i % 9) * 1000) / 1000, Math.sin(i) * 10 ** (i % 7));
  amounts.push(
    1e-7,
    5e-3,
    4.9999e-3,
    1e21,
    1.5e22,
    Number.MAX_SAFE_INTEGER,
    2 ** 60,
    1.2345678901234566e25,
    3e-9,
    0.0049999,
  );
  it.each(amounts)('%s', (value) => {
    expect(formatPrice(value)).toBe((Number.isInteger(value) ? INTL_WHOLE : INTL_USD).format(value));
  });
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
