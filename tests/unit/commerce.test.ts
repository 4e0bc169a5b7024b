/** The one pricing rule (src/shared/commerce.ts): subtotal, tax added or included (half up to the cent), flat shipping. */
import { describe, expect, it } from 'vitest';
import { priceOrder, taxRateLabel, type PricingSettings } from '../../src/shared/commerce.ts';

const settings = (overrides: Partial<PricingSettings> = {}): PricingSettings => ({
  taxRateBp: 0,
  taxInclusive: false,
  shippingCents: 0,
  ...overrides,
});
const line = (unitPriceCents: number, quantity = 1) => ({ unitPriceCents, quantity });

describe('priceOrder', () => {
  it('prices an empty cart at nothing, shipping included', () => {
    expect(priceOrder([], settings({ taxRateBp: 2000, shippingCents: 500 }))).toEqual({
      subtotalCents: 0,
      taxCents: 0,
      shippingCents: 0,
      totalCents: 0,
    });
  });

  it('sums unit price times quantity, with no tax when the rate is 0', () => {
    expect(priceOrder([line(1999, 2), line(550, 3)], settings())).toEqual({
      subtotalCents: 5648,
      taxCents: 0,
      shippingCents: 0,
      totalCents: 5648,
    });
  });

  it('adds the tax on the subtotal (never on shipping) and the flat shipping', () => {
    // 3998 × 20 % = 799.6 → 800; shipping 500 is not taxed.
    expect(priceOrder([line(1999, 2)], settings({ taxRateBp: 2000, shippingCents: 500 }))).toEqual({
      subtotalCents: 3998,
      taxCents: 800,
      shippingCents: 500,
      totalCents: 5298,
    });
  });

  it.each([
    // [subtotal, rate bp, added tax]: exact halves go up (banker's rounding would give 12 and 10), the rest to the nearest cent.
    [125, 1000, 13],
    [105, 1000, 11],
    [5, 1000, 1],
    [4, 1000, 0],
    [6, 1000, 1],
    [1000, 825, 83], // 82.5 → 83
    [999, 825, 82], // 82.4175 → 82
  ])('rounds an added tax half up: %i cents at %i bp is %i cents', (subtotal, rate, tax) => {
    const totals = priceOrder([line(subtotal)], settings({ taxRateBp: rate }));
    expect(totals.taxCents).toBe(tax);
    expect(totals.totalCents).toBe(subtotal + tax);
  });

  it('takes an included tax out of the subtotal without changing the total', () => {
    // 1200 at 20 % included: 1000 net, 200 tax.
    expect(priceOrder([line(1200)], settings({ taxRateBp: 2000, taxInclusive: true, shippingCents: 300 }))).toEqual({
      subtotalCents: 1200,
      taxCents: 200,
      shippingCents: 300,
      totalCents: 1500,
    });
    // 1000 at 20 % included: net 833.33 → 833, so the tax is 167.
    expect(priceOrder([line(1000)], settings({ taxRateBp: 2000, taxInclusive: true })).taxCents).toBe(167);
  });

  it('rounds the net of an included tax half up', () => {
    // 101 at 100 % included: net 50.5 → 51, tax 50 (rounding the net down would make it 51).
    expect(priceOrder([line(101)], settings({ taxRateBp: 10_000, taxInclusive: true })).taxCents).toBe(50);
  });

  it('ignores a negative rate or shipping and truncates fractions of a basis point', () => {
    expect(priceOrder([line(1000)], settings({ taxRateBp: -500, shippingCents: -100 }))).toEqual({
      subtotalCents: 1000,
      taxCents: 0,
      shippingCents: 0,
      totalCents: 1000,
    });
    expect(priceOrder([line(1000)], settings({ taxRateBp: 1000.9 })).taxCents).toBe(100);
  });

  it('always answers whole cents that add up', () => {
    for (let n = 0; n < 500; n++) {
      const lines = Array.from({ length: 1 + (n % 4) }, (_, k) =>
        line(1 + ((n * 7919 + k * 104_729) % 250_000), 1 + ((n + k) % 5)),
      );
      for (const taxInclusive of [false, true]) {
        const s = settings({ taxRateBp: (n * 37) % 3000, taxInclusive, shippingCents: (n * 13) % 2000 });
        const t = priceOrder(lines, s);
        for (const value of Object.values(t)) expect(Number.isInteger(value)).toBe(true);
        expect(t.subtotalCents).toBe(lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0));
        expect(t.totalCents).toBe(t.subtotalCents + t.shippingCents + (taxInclusive ? 0 : t.taxCents));
        expect(t.taxCents).toBeGreaterThanOrEqual(0);
        if (taxInclusive) expect(t.taxCents).toBeLessThanOrEqual(t.subtotalCents);
      }
    }
  });
});

describe('taxRateLabel', () => {
  it.each([
    [2000, '20%'],
    [825, '8.25%'],
    [1250, '12.5%'],
    [1, '0.01%'],
    [0, '0%'],
    [10_000, '100%'],
  ])('writes %i bp as %s', (bp, label) => {
    expect(taxRateLabel(bp)).toBe(label);
  });
});
