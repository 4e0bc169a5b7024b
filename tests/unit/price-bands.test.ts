/** The price band rules shared by the server, the admin's card and the filters: checks, bands, labels, storage. */
import { describe, expect, it } from 'vitest';
import {
  checkPriceBands,
  checkPriceBounds,
  DEFAULT_PRICE_BANDS,
  isDefaultPriceBands,
  matchesPriceBand,
  parseStoredPriceBands,
  priceBandOf,
  priceBandOptions,
  storedPriceBands,
} from '../../src/shared/price-bands.ts';
import { checkStoreSettings } from '../../src/shared/schemas/store.ts';

const SPEC_SHOP = DEFAULT_PRICE_BANDS.shop;

describe('which band a price belongs to', () => {
  it.each<[number, string]>([
    [0, 'under-50'],
    [4999, 'under-50'],
    [5000, '50-100'],
    [7500, '50-100'],
    [10000, '50-100'],
    [10001, '100-500'],
    [50000, '100-500'],
    [50001, 'over-500'],
    [99_999_999, 'over-500'],
  ])("with the spec's shop bands, %i cents is in %s", (cents, band) => {
    expect(priceBandOf(cents, SPEC_SHOP)).toBe(band);
  });

  it.each<[readonly number[], number, string]>([
    [[5000], 4999, 'under-50'],
    [[5000], 5000, 'over-50'],
    [[5000], 5001, 'over-50'],
    [[999, 2000], 999, '9.99-20'],
    [[999, 2000], 2000, '9.99-20'],
    [[999, 2000], 2001, 'over-20'],
    [[5050, 6000, 7000], 6000, '50.5-60'],
    [[5050, 6000, 7000], 6001, '60-70'],
    [[5050, 6000, 7000], 7000, '60-70'],
  ])('with bounds %o, %i cents is in %s', (bounds, cents, band) => {
    expect(priceBandOf(cents, bounds)).toBe(band);
  });

  it('puts every price in exactly one band', () => {
    const bounds = [100, 250, 999, 1000, 5000];
    for (let cents = 0; cents <= 6000; cents += 1) {
      const bands = priceBandOptions(bounds, 'USD').filter((option) => priceBandOf(cents, bounds) === option.value);
      expect(bands, `${cents}`).toHaveLength(1);
    }
  });

  it.each<[number | undefined, string, boolean]>([
    [49.99, 'under-50', true],
    [50, '50-100', true],
    [100, '50-100', true],
    [100.01, '100-500', true],
    [500, '100-500', true],
    [500.01, 'over-500', true],
    [50, 'under-50', false],
    [undefined, 'all', true],
    [undefined, 'under-50', false],
    [Number.NaN, 'under-50', false],
    [12, 'no-such-band', false],
  ])('a price of %o in major units matches %s: %o', (price, choice, matches) => {
    expect(matchesPriceBand(price, choice, SPEC_SHOP)).toBe(matches);
  });
});

describe('labels in the store currency', () => {
  it.each<[readonly number[], string, string[]]>([
    [SPEC_SHOP, 'USD', ['Under $50', '$50-$100', '$100-$500', 'Over $500']],
    [DEFAULT_PRICE_BANDS.search, 'USD', ['Under $50', '$50-$100', 'Over $100']],
    [SPEC_SHOP, 'EUR', ['Under €50', '€50-€100', '€100-€500', 'Over €500']],
    [[999, 150000], 'GBP', ['Under £9.99', '£9.99-£1,500', 'Over £1,500']],
    [[5050], 'CHF', ['Under CHF\u00a050.50', 'Over CHF\u00a050.50']],
    [[2000], 'SEK', ['Under SEK\u00a020', 'Over SEK\u00a020']],
  ])('bounds %o in %s read %o', (bounds, currency, labels) => {
    expect(priceBandOptions(bounds, currency).map((option) => option.label)).toEqual(labels);
  });

  it('keep the values of a band whatever the currency, so links made before a change keep working', () => {
    expect(priceBandOptions(SPEC_SHOP, 'EUR').map((option) => option.value)).toEqual(
      priceBandOptions(SPEC_SHOP, 'USD').map((option) => option.value),
    );
    expect(priceBandOptions(SPEC_SHOP, 'USD').map((option) => option.value)).toEqual([
      'under-50',
      '50-100',
      '100-500',
      'over-500',
    ]);
  });
});

describe('checkPriceBounds', () => {
  it.each<[unknown, number[]]>([
    [[5000], [5000]],
    [
      [1, 2, 3, 4, 5, 6, 7],
      [1, 2, 3, 4, 5, 6, 7],
    ],
    [[100_000_000], [100_000_000]],
  ])('takes %o', (bounds, value) => {
    expect(checkPriceBounds('shop', bounds)).toEqual({ ok: true, value });
  });

  it.each<[unknown, string, string]>([
    ['50', 'priceBandsCents.shop', 'The shop price bands must be a list of amounts in cents.'],
    [null, 'priceBandsCents.shop', 'The shop price bands must be a list of amounts in cents.'],
    [[], 'priceBandsCents.shop', 'The shop price bands need at least one amount to split prices at.'],
    [[1, 2, 3, 4, 5, 6, 7, 8], 'priceBandsCents.shop', 'The shop price filter can have at most 8 bands (7 amounts).'],
    [[5000, '100'], 'priceBandsCents.shop.1', 'Amount 2 of the shop price bands must be a number of cents.'],
    [
      [Number.POSITIVE_INFINITY],
      'priceBandsCents.shop.0',
      'Amount 1 of the shop price bands must be a number of cents.',
    ],
    [[12.5], 'priceBandsCents.shop.0', 'Amount 1 of the shop price bands must be a whole number of cents.'],
    [[-100], 'priceBandsCents.shop.0', 'Amount 1 of the shop price bands must be more than 0.'],
    [[0], 'priceBandsCents.shop.0', 'Amount 1 of the shop price bands must be more than 0.'],
    [[100_000_001], 'priceBandsCents.shop.0', 'Amount 1 of the shop price bands must be at most 1000000.'],
    [
      [5000, 10000, 7500],
      'priceBandsCents.shop.2',
      'Amount 3 of the shop price bands (75) must be more than amount 2 (100): the bands go up from the lowest price and cannot overlap.',
    ],
    [
      [5000, 5000],
      'priceBandsCents.shop.1',
      'Amount 2 of the shop price bands (50) must be more than amount 1 (50): the bands go up from the lowest price and cannot overlap.',
    ],
  ])('refuses %o on %s', (bounds, field, message) => {
    expect(checkPriceBounds('shop', bounds)).toEqual({ ok: false, field, message });
  });

  it('checks both lists of the bands, the shop first', () => {
    expect(checkPriceBands({ shop: [100], search: [200, 300] })).toEqual({
      ok: true,
      value: { shop: [100], search: [200, 300] },
    });
    expect(checkPriceBands({ shop: [100], search: [] })).toMatchObject({ ok: false, field: 'priceBandsCents.search' });
    expect(checkPriceBands({ shop: 'x', search: [] })).toMatchObject({ ok: false, field: 'priceBandsCents.shop' });
    expect(checkPriceBands([100])).toMatchObject({ ok: false, field: 'priceBandsCents' });
  });
});

describe('the store settings body', () => {
  const VALID = {
    currency: 'EUR',
    taxRateBp: 0,
    taxInclusive: false,
    shippingCents: 0,
    manualPaymentEnabled: true,
    manualPaymentInstructions: 'Pay by transfer.',
  };

  it('takes bands or none (the store keeps its own), and names the bound at fault', () => {
    const bands = { shop: [2000], search: [1000, 2000] };
    expect(checkStoreSettings({ ...VALID, priceBandsCents: bands })).toEqual({
      ok: true,
      value: { ...VALID, priceBandsCents: bands },
    });
    expect(checkStoreSettings(VALID)).toEqual({ ok: true, value: VALID });
    expect(checkStoreSettings({ ...VALID, priceBandsCents: { shop: [2000, 1000], search: [1] } })).toMatchObject({
      ok: false,
      field: 'priceBandsCents.shop.1',
    });
    // The other fields are checked first, as before the bands.
    expect(checkStoreSettings({ ...VALID, currency: 'XYZ', priceBandsCents: 5 })).toMatchObject({ field: 'currency' });
  });
});

describe('storage', () => {
  it.each<[string | null | undefined, object]>([
    [null, DEFAULT_PRICE_BANDS],
    [undefined, DEFAULT_PRICE_BANDS],
    ['', DEFAULT_PRICE_BANDS],
    ['not json', DEFAULT_PRICE_BANDS],
    ['[1, 2]', DEFAULT_PRICE_BANDS],
    ['{"shop":[100,200],"search":[300]}', { shop: [100, 200], search: [300] }],
    // A list that breaks the rules (written by hand into the database) reads as the spec's, the other list stays.
    ['{"shop":[200,100],"search":[300]}', { shop: DEFAULT_PRICE_BANDS.shop, search: [300] }],
    ['{"shop":[100]}', { shop: [100], search: DEFAULT_PRICE_BANDS.search }],
  ])('reads %o as %o', (stored, bands) => {
    expect(parseStoredPriceBands(stored)).toEqual(bands);
  });

  it("stores the spec's bands as null and any other as JSON that reads back the same", () => {
    expect(
      storedPriceBands({ shop: [...DEFAULT_PRICE_BANDS.shop], search: [...DEFAULT_PRICE_BANDS.search] }),
    ).toBeNull();
    const own = { shop: [100, 200], search: [...DEFAULT_PRICE_BANDS.search] };
    expect(isDefaultPriceBands(own)).toBe(false);
    expect(parseStoredPriceBands(storedPriceBands(own))).toEqual(own);
  });
});
