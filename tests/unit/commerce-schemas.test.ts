/** Checkout's and the store's input rules (src/shared/schemas/checkout.ts, store.ts): what passes, and which field a refusal names. */
import { describe, expect, it } from 'vitest';
import { cartLines, checkOrderRequest, IDEMPOTENCY_KEY, QuoteRequest } from '../../src/shared/schemas/checkout.ts';
import { checkStoreSettings } from '../../src/shared/schemas/store.ts';

const SHIPPING = { name: 'Pat', line1: '1 Main St', city: 'Town', postalCode: '123', country: 'US' };
const ORDER = { lines: [{ productId: 'p1', quantity: 1 }], shipping: SHIPPING, paymentMethod: 'manual' };

describe('cart lines', () => {
  it('add up lines naming the same product, keeping the first order', () => {
    expect(
      cartLines.parse([
        { productId: 'a', quantity: 2 },
        { productId: 'b', quantity: 1 },
        { productId: 'a', quantity: 3 },
      ]),
    ).toEqual([
      { productId: 'a', quantity: 5 },
      { productId: 'b', quantity: 1 },
    ]);
  });

  it.each([
    [[{ productId: 'a', quantity: 0 }]],
    [[{ productId: 'a', quantity: 2.5 }]],
    [[{ productId: 'a', quantity: 100 }]],
    [
      [
        { productId: 'a', quantity: 50 },
        { productId: 'a', quantity: 50 },
      ],
    ],
    [[{ productId: '', quantity: 1 }]],
    [[{ productId: 7, quantity: 1 }]],
    [Array.from({ length: 51 }, (_, k) => ({ productId: `p${k}`, quantity: 1 }))],
  ])('refuse %j', (lines) => {
    expect(QuoteRequest.safeParse({ lines }).success).toBe(false);
  });

  it('take an empty cart for a quote', () => {
    expect(QuoteRequest.parse({ lines: [] })).toEqual({ lines: [] });
  });
});

describe('checkOrderRequest', () => {
  it('fills the optional address fields and keeps the guest fields', () => {
    const checked = checkOrderRequest({ ...ORDER, email: ' Guest@Example.COM ', checkoutToken: 'a'.repeat(43) });
    expect(checked).toEqual({
      ok: true,
      value: {
        lines: ORDER.lines,
        shipping: { ...SHIPPING, line2: '', region: '' },
        paymentMethod: 'manual',
        email: 'guest@example.com',
        checkoutToken: 'a'.repeat(43),
      },
    });
  });

  it.each([
    [{ ...ORDER, lines: [] }, 'lines', 'Your cart is empty.'],
    [{ ...ORDER, shipping: { ...SHIPPING, city: ' ' } }, 'shipping.city', 'Shipping city is required.'],
    [
      { ...ORDER, shipping: { ...SHIPPING, postalCode: 'x'.repeat(21) } },
      'shipping.postalCode',
      'Shipping postal code must be at most 20 characters.',
    ],
    [{ lines: ORDER.lines, paymentMethod: 'manual' }, 'shipping', 'Shipping is required.'],
    [{ ...ORDER, paymentMethod: 'cash' }, 'paymentMethod', 'Payment method must be manual or stripe.'],
    [{ ...ORDER, checkoutToken: 'short' }, 'checkoutToken', 'Checkout token must be the token from the email check.'],
    ['text', 'body', 'The body must be a JSON object'],
  ])('refuses %j naming %s', (body, field, message) => {
    expect(checkOrderRequest(body)).toEqual({ ok: false, field, message });
  });
});

describe('the Idempotency-Key', () => {
  it('is 8 to 100 safe characters', () => {
    expect(IDEMPOTENCY_KEY.test('0b7d6a52-2f5e-4a7e-9d7b-2c1f2a3b4c5d')).toBe(true);
    expect(IDEMPOTENCY_KEY.test('1234567')).toBe(false);
    expect(IDEMPOTENCY_KEY.test('x'.repeat(101))).toBe(false);
    expect(IDEMPOTENCY_KEY.test('abc def ghi')).toBe(false);
  });
});

describe('checkStoreSettings', () => {
  const VALID = {
    currency: 'gbp',
    taxRateBp: 825,
    taxInclusive: false,
    shippingCents: 0,
    manualPaymentEnabled: false,
    manualPaymentInstructions: '',
  };

  it('upper-cases the currency and lets manual payment go without instructions while it is off', () => {
    expect(checkStoreSettings(VALID)).toEqual({ ok: true, value: { ...VALID, currency: 'GBP' } });
  });

  it.each([
    [{ ...VALID, currency: 'JPY' }, 'currency'],
    [{ ...VALID, taxRateBp: 10_001 }, 'taxRateBp'],
    [{ ...VALID, taxRateBp: 1.5 }, 'taxRateBp'],
    [{ ...VALID, shippingCents: 10_000_001 }, 'shippingCents'],
    [{ ...VALID, manualPaymentEnabled: true }, 'manualPaymentInstructions'],
    [{ ...VALID, taxInclusive: undefined }, 'taxInclusive'],
  ])('refuses %j naming %s', (body, field) => {
    const checked = checkStoreSettings(body);
    expect(checked.ok ? '' : checked.field).toBe(field);
  });
});
