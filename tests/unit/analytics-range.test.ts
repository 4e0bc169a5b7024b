/** The analytics date range: real days, defaults, order and length checks, every day filled in. */
import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysCovered,
  daysOf,
  fillDays,
  isDay,
  isEmptyReport,
  lastDays,
  MAX_RANGE_DAYS,
  RANGE_MESSAGES,
  resolveRange,
  totalsOf,
  utcDay,
  ZERO_FIGURES,
} from '../../src/shared/analytics.ts';
import { checkAnalyticsQuery, checkExportQuery, TABLE_MESSAGE } from '../../src/shared/schemas/analytics.ts';

const TODAY = '2026-11-24';

describe('a day', () => {
  it.each([
    ['2026-11-24', true],
    ['2024-02-29', true],
    ['2026-02-29', false],
    ['2026-13-01', false],
    ['2026-11-31', false],
    ['2026-11-00', false],
    ['2026-1-5', false],
    ['20261124', false],
    ['2026-11-24T00:00:00Z', false],
    [' 2026-11-24', false],
    ['1969-12-31', false],
    ['', false],
  ])('%j is a real day: %s', (text, expected) => {
    expect(isDay(text)).toBe(expected);
  });

  it('is counted in UTC, and moves across months, years and leap days', () => {
    expect(utcDay(new Date('2026-11-24T23:59:59.999Z'))).toBe('2026-11-24');
    expect(utcDay(new Date('2026-11-25T00:30:00+01:00'))).toBe('2026-11-24');
    expect(addDays('2026-11-30', 1)).toBe('2026-12-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
  });

  it('ranges count both ends', () => {
    expect(daysCovered('2026-11-24', '2026-11-24')).toBe(1);
    expect(daysCovered('2026-01-01', '2026-12-31')).toBe(365);
    expect(daysCovered('2026-11-25', '2026-11-24')).toBe(0);
    expect(daysOf('2026-02-27', '2026-03-02')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(daysOf('2026-03-02', '2026-03-01')).toEqual([]);
    expect(lastDays(7, TODAY)).toEqual({ start: '2026-11-18', end: TODAY });
  });
});

describe('the range asked for', () => {
  it('defaults to the last 30 days ending today', () => {
    expect(resolveRange({}, TODAY)).toEqual({ ok: true, start: '2026-10-26', end: TODAY });
  });

  it('with only an end is the 30 days up to it; with only a start runs to today', () => {
    expect(resolveRange({ end: '2026-03-01' }, TODAY)).toEqual({ ok: true, start: '2026-01-31', end: '2026-03-01' });
    expect(resolveRange({ start: '2026-11-01' }, TODAY)).toEqual({ ok: true, start: '2026-11-01', end: TODAY });
  });

  it('may be a single day, or 366 days, but not 367', () => {
    expect(resolveRange({ start: TODAY, end: TODAY }, TODAY)).toEqual({ ok: true, start: TODAY, end: TODAY });
    expect(resolveRange({ start: '2024-01-01', end: '2024-12-31' }, TODAY)).toEqual({
      ok: true,
      start: '2024-01-01',
      end: '2024-12-31',
    });
    expect(daysCovered('2024-01-01', '2024-12-31')).toBe(MAX_RANGE_DAYS);
    expect(resolveRange({ start: '2023-12-31', end: '2024-12-31' }, TODAY)).toEqual({
      ok: false,
      field: 'start',
      message: RANGE_MESSAGES.length,
    });
  });

  it('is refused naming the field: a date that is no day, an end before the start', () => {
    expect(resolveRange({ start: '2026-02-30' }, TODAY)).toEqual({
      ok: false,
      field: 'start',
      message: RANGE_MESSAGES.start,
    });
    expect(resolveRange({ end: 'yesterday' }, TODAY)).toEqual({ ok: false, field: 'end', message: RANGE_MESSAGES.end });
    expect(resolveRange({ start: '2026-11-10', end: '2026-11-09' }, TODAY)).toEqual({
      ok: false,
      field: 'end',
      message: RANGE_MESSAGES.order,
    });
    expect(resolveRange({ start: '2026-12-01' }, TODAY)).toEqual({
      ok: false,
      field: 'end',
      message: RANGE_MESSAGES.order,
    });
  });

  it('reads a query string: empty values are the defaults, arrays and long text are refused', () => {
    expect(checkAnalyticsQuery({ start: '', end: '' }, TODAY)).toEqual({
      ok: true,
      value: { start: '2026-10-26', end: TODAY },
    });
    expect(checkAnalyticsQuery({ start: '2026-11-01', end: '2026-11-02' }, TODAY)).toEqual({
      ok: true,
      value: { start: '2026-11-01', end: '2026-11-02' },
    });
    expect(checkAnalyticsQuery({ end: 'x'.repeat(50) }, TODAY)).toEqual({
      ok: false,
      field: 'end',
      message: RANGE_MESSAGES.end,
    });
    expect(checkAnalyticsQuery({ start: '2026-11-1' }, TODAY)).toEqual({
      ok: false,
      field: 'start',
      message: RANGE_MESSAGES.start,
    });
  });

  it('of an export also names its table', () => {
    expect(checkExportQuery({ table: 'content' }, TODAY)).toEqual({
      ok: true,
      value: { start: '2026-10-26', end: TODAY, table: 'content' },
    });
    expect(checkExportQuery({}, TODAY)).toEqual({ ok: false, field: 'table', message: TABLE_MESSAGE });
    expect(checkExportQuery({ table: 'users' }, TODAY)).toEqual({ ok: false, field: 'table', message: TABLE_MESSAGE });
    expect(checkExportQuery({ table: 'daily', start: 'nope' }, TODAY)).toEqual({
      ok: false,
      field: 'start',
      message: RANGE_MESSAGES.start,
    });
  });
});

describe('the days of a report', () => {
  it('are every day of the range in order, zeros where nothing is known, figures of one day added up', () => {
    const days = fillDays('2026-11-01', '2026-11-03', [
      { day: '2026-11-03', views: 5 },
      { day: '2026-11-01', orders: 2, revenueCents: 1999 },
      { day: '2026-11-03', visitors: 2 },
      { day: '2026-10-31', views: 100 },
      { day: '2026-11-04', signups: 1 },
    ]);
    expect(days).toEqual([
      { day: '2026-11-01', ...ZERO_FIGURES, orders: 2, revenueCents: 1999 },
      { day: '2026-11-02', ...ZERO_FIGURES },
      { day: '2026-11-03', ...ZERO_FIGURES, views: 5, visitors: 2 },
    ]);
    expect(totalsOf(days)).toEqual({ views: 5, visitors: 2, orders: 2, revenueCents: 1999, signups: 0 });
  });

  it('are empty only when nothing at all happened', () => {
    const empty = { totals: { ...ZERO_FIGURES }, topContent: [], referrers: [] };
    expect(isEmptyReport(empty)).toBe(true);
    expect(isEmptyReport({ ...empty, totals: { ...ZERO_FIGURES, signups: 1 } })).toBe(false);
    expect(isEmptyReport({ ...empty, referrers: [{ host: '', views: 1 }] })).toBe(false);
  });
});
