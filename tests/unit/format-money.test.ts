import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../src/lib/format/money.ts';

describe('formatMoney', () => {
  it.each([
    [1999, 'USD', '$19.99'],
    [123450, 'USD', '$1,234.50'],
    [4000, 'USD', '$40.00'],
    [0, 'USD', '$0.00'],
    [-1999, 'USD', '-$19.99'],
    [123450, 'EUR', '€1,234.50'],
    [5, 'GBP', '£0.05'],
    [-250000, 'GBP', '-£2,500.00'],
    // The yen has no minor unit: the stored hundredths are rounded to whole yen, half up.
    [150000, 'JPY', '¥1,500'],
    [150050, 'JPY', '¥1,501'],
    [150049, 'JPY', '¥1,500'],
    [0, 'JPY', '¥0'],
    [-150000, 'JPY', '-¥1,500'],
    [1200, 'chf', 'CHF\u00a012.00'],
    [Number.NaN, 'USD', ''],
  ])('%s in %s reads %s', (cents, currency, expected) => {
    expect(formatMoney(cents, currency)).toBe(expected);
  });

  it('keeps the cents of a whole amount, so the shop, search and admin lists read alike', () => {
    expect(formatMoney(4800, 'USD')).toBe('$48.00');
    expect(formatMoney(5900, 'EUR')).toBe('€59.00');
    expect(formatMoney(5900, 'JPY')).toBe('¥59');
  });

  it.each([
    [0, 'USD', 'Free'],
    [0, 'EUR', 'Free'],
    [0, 'JPY', 'Free'],
    [1999, 'EUR', '€19.99'],
    [150000, 'JPY', '¥1,500'],
    [Number.NaN, 'USD', ''],
  ])('%s in %s reads %s where a price of 0 is free (events, plans, search)', (cents, currency, expected) => {
    expect(formatMoney(cents, currency, { free: true })).toBe(expected);
  });
});

describe('formatMoney with stripIfInteger', () => {
  it.each([
    [5000, 'USD', '$50'],
    [5050, 'USD', '$50.50'],
    [150000, 'EUR', '€1,500'],
    [2000, 'SEK', 'SEK\u00a020'],
    [-5000, 'GBP', '-£50'],
    [150000, 'JPY', '¥1,500'],
  ])('%s in %s reads %s (a price band bound)', (cents, currency, expected) => {
    expect(formatMoney(cents, currency, { stripIfInteger: true })).toBe(expected);
  });
});

// The formatter is written out (see money.ts); Node's ICU is the reference it must match, for every currency it knows.
describe('formatMoney reads as Intl en-US currency', () => {
  const amounts = [0, 1, 5, 49, 50, 99, 100, 1999, 123456, 99999999, 1234567890, -1, -50, -123456];
  for (const currency of Intl.supportedValuesOf('currency')) {
    it(currency, () => {
      const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency });
      for (const cents of amounts) expect(formatMoney(cents, currency), `${cents}`).toBe(intl.format(cents / 100));
    });
  }
});
