/** The Store settings form's pure rules: percent and amounts as typed, the body sent, refusals as sentences. */
import { describe, expect, it } from 'vitest';
import {
  amountTextToCents,
  basisPointsToPercent,
  centsToAmountText,
  checkStoreForm,
  formFieldOf,
  percentToBasisPoints,
  refusalText,
  storeFormValues,
  type StoreFormValues,
} from '../../src/components/admin/store/store-form.ts';
import type { StoreSettings } from '../../src/shared/commerce.ts';

const SETTINGS: StoreSettings = {
  currency: 'EUR',
  taxRateBp: 825,
  taxInclusive: true,
  shippingCents: 450,
  timeZone: 'America/Chicago',
  priceBandsCents: { shop: [5000, 10000, 50000], search: [999, 2000] },
  payment: { manual: { enabled: true, instructions: 'IBAN DE00 0000' }, stripe: { enabled: false } },
};
const form = (changes: Partial<StoreFormValues> = {}): StoreFormValues => ({
  ...storeFormValues(SETTINGS),
  ...changes,
});

describe('percent and amounts', () => {
  it.each([
    ['20', 2000],
    ['8.25', 825],
    ['8,25', 825],
    ['0', 0],
    ['.5', 50],
    ['7.', 700],
    ['100', 10000],
    [' 12.5 ', 1250],
    ['', null],
    ['.', null],
    ['8.255', null],
    ['-1', null],
    ['1e2', null],
    ['abc', null],
    ['1000', null],
  ])('percent %o is %o basis points', (text, bp) => {
    expect(percentToBasisPoints(text)).toBe(bp);
  });

  it.each([
    ['4.50', 450],
    ['4.5', 450],
    ['12', 1200],
    ['0', 0],
    ['0.07', 7],
    ['1,99', 199],
    ['', null],
    ['4.505', null],
    ['-3', null],
    ['$4', null],
    ['1 000', null],
  ])('amount %o is %o cents', (text, cents) => {
    expect(amountTextToCents(text)).toBe(cents);
  });

  it('writes stored figures back as the admin types them', () => {
    expect([
      basisPointsToPercent(2000),
      basisPointsToPercent(825),
      basisPointsToPercent(50),
      basisPointsToPercent(0),
    ]).toEqual(['20', '8.25', '0.5', '0']);
    expect([centsToAmountText(450), centsToAmountText(0), centsToAmountText(123456)]).toEqual([
      '4.50',
      '0.00',
      '1234.56',
    ]);
    expect(storeFormValues(SETTINGS)).toEqual({
      currency: 'EUR',
      taxRate: '8.25',
      taxInclusive: true,
      shipping: '4.50',
      manualPaymentEnabled: true,
      manualPaymentInstructions: 'IBAN DE00 0000',
      timeZone: 'America/Chicago',
      priceBands: { shop: ['50', '100', '500'], search: ['9.99', '20'] },
    });
  });
});

describe('checkStoreForm', () => {
  it('sends the settings in basis points and cents', () => {
    expect(checkStoreForm(form({ taxRate: '20', shipping: '5' }), false)).toEqual({
      ok: true,
      body: {
        currency: 'EUR',
        taxRateBp: 2000,
        taxInclusive: true,
        shippingCents: 500,
        manualPaymentEnabled: true,
        manualPaymentInstructions: 'IBAN DE00 0000',
        timeZone: 'America/Chicago',
        priceBandsCents: { shop: [5000, 10000, 50000], search: [999, 2000] },
      },
    });
  });

  it.each<[string, Partial<StoreFormValues>, boolean, string]>([
    ['a tax rate above 100%', { taxRate: '100.01' }, false, 'taxRate'],
    ['a tax rate with three decimals', { taxRate: '8.125' }, false, 'taxRate'],
    ['a negative shipping charge', { shipping: '-1' }, false, 'shipping'],
    [
      'manual payment off while Stripe is not configured',
      { manualPaymentEnabled: false },
      false,
      'manualPaymentEnabled',
    ],
    [
      'no instructions while manual payment is on',
      { manualPaymentInstructions: '  ' },
      true,
      'manualPaymentInstructions',
    ],
    ['a currency the store cannot charge in', { currency: 'JPY' }, false, 'currency'],
    ['a time zone the runtime does not know', { timeZone: 'Atlantis/Capital' }, false, 'timeZone'],
    [
      'a band amount that is no amount',
      { priceBands: { shop: ['50', 'ten'], search: ['50'] } },
      false,
      'priceBands.shop.1',
    ],
    [
      'a band amount with three decimals',
      { priceBands: { shop: ['50'], search: ['1.005'] } },
      false,
      'priceBands.search.0',
    ],
    ['an empty band amount', { priceBands: { shop: ['50', ''], search: ['50'] } }, false, 'priceBands.shop.1'],
    ['band amounts out of order', { priceBands: { shop: ['100', '50'], search: ['50'] } }, false, 'priceBands.shop.1'],
    [
      'the same band amount twice',
      { priceBands: { shop: ['50'], search: ['50', '50.00'] } },
      false,
      'priceBands.search.1',
    ],
    ['a band amount of 0', { priceBands: { shop: ['0', '50'], search: ['50'] } }, false, 'priceBands.shop.0'],
    ['no band amount at all', { priceBands: { shop: [], search: ['50'] } }, false, 'priceBands.shop'],
    [
      'eight band amounts',
      { priceBands: { shop: ['1', '2', '3', '4', '5', '6', '7', '8'], search: ['50'] } },
      false,
      'priceBands.shop',
    ],
  ])('refuses %s on its field', (_name, changes, stripe, field) => {
    const check = checkStoreForm(form(changes), stripe);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.field).toBe(field);
  });

  it('lets manual payment go off once Stripe is configured', () => {
    expect(checkStoreForm(form({ manualPaymentEnabled: false }), true).ok).toBe(true);
  });
});

describe('server refusals', () => {
  it('name the form field and read as a sentence', () => {
    expect(formFieldOf('taxRateBp')).toBe('taxRate');
    expect(formFieldOf('shippingCents')).toBe('shipping');
    expect(formFieldOf('timeZone')).toBe('timeZone');
    expect(formFieldOf('body')).toBeNull();
    expect(formFieldOf('priceBandsCents')).toBe('priceBands.shop');
    expect(formFieldOf('priceBandsCents.search')).toBe('priceBands.search');
    expect(formFieldOf('priceBandsCents.shop.3')).toBe('priceBands.shop.3');
    expect(formFieldOf('priceBandsCents.other.3')).toBeNull();
    expect(refusalText('priceBandsCents.shop.1', 'Amount 2 of the shop price bands must be more than 0.')).toBe(
      'Amount 2 of the shop price bands must be more than 0.',
    );
    expect(refusalText('taxRateBp', 'Tax rate bp must be at most 10000 (100%).')).toBe(
      'The tax rate must be at most 10000 (100%).',
    );
    expect(refusalText('body', 'Body must be a JSON object.')).toBe('Body must be a JSON object.');
  });
});
