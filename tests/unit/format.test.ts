import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDuration } from '../../src/lib/format/dates.ts';
import { formatPrice } from '../../src/lib/format/money.ts';

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
