import { describe, expect, it } from 'vitest';
import { priceOrder } from '../../src/shared/commerce.ts';
import { checkoutLines, SHIPPING_LINE, TAX_LINE } from '../../src/server/modules/payments/stripe-checkout.ts';

const lines = [
  { name: 'Lantern', unitPriceCents: 1999, quantity: 2 },
  { name: 'Candle', unitPriceCents: 350, quantity: 3 },
];
const sum = (items: ReturnType<typeof checkoutLines>) =>
  items.reduce((total, l) => total + l.price_data.unit_amount * l.quantity, 0);

describe('checkoutLines', () => {
  it.each([
    ['no tax, free shipping', { taxRateBp: 0, taxInclusive: false, shippingCents: 0 }, []],
    ['no tax, flat shipping', { taxRateBp: 0, taxInclusive: false, shippingCents: 495 }, [SHIPPING_LINE]],
    ['tax added, shipping', { taxRateBp: 2000, taxInclusive: false, shippingCents: 495 }, [SHIPPING_LINE, TAX_LINE]],
    ['tax added at an odd rate', { taxRateBp: 825, taxInclusive: false, shippingCents: 0 }, [TAX_LINE]],
    ['tax included, shipping', { taxRateBp: 2000, taxInclusive: true, shippingCents: 495 }, [SHIPPING_LINE]],
  ])('with %s, charges exactly the priceOrder total', (_what, settings, extra) => {
    const totals = priceOrder(lines, settings);
    const items = checkoutLines({ currency: 'EUR', lines, totals });
    expect(sum(items)).toBe(totals.totalCents);
    expect(items.map((l) => l.price_data.product_data.name)).toEqual(['Lantern', 'Candle', ...extra]);
    expect(items.every((l) => l.price_data.currency === 'eur' && Number.isInteger(l.price_data.unit_amount))).toBe(
      true,
    );
  });

  it('gives the shipping and tax lines their amounts', () => {
    const totals = priceOrder(lines, { taxRateBp: 2000, taxInclusive: false, shippingCents: 495 });
    const items = checkoutLines({ currency: 'USD', lines, totals });
    expect(items.slice(2)).toEqual([
      { price_data: { currency: 'usd', unit_amount: 495, product_data: { name: 'Shipping' } }, quantity: 1 },
      { price_data: { currency: 'usd', unit_amount: totals.taxCents, product_data: { name: 'Tax' } }, quantity: 1 },
    ]);
  });

  it.each([
    ['a total that is not the lines', { subtotalCents: 5048, taxCents: 0, shippingCents: 0, totalCents: 5000 }],
    ['a subtotal that is not the lines', { subtotalCents: 4000, taxCents: 0, shippingCents: 1048, totalCents: 5048 }],
  ])('refuses %s rather than charge another amount', (_what, totals) => {
    expect(() => checkoutLines({ currency: 'USD', lines, totals })).toThrow(/add up/);
  });
});
