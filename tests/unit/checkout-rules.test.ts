/** The checkout form's pure rules: the address sent, refusals as sentences, the attempt key, the confirmation link. */
import { afterEach, describe, expect, it } from 'vitest';
import { attemptKey, endAttempt, refusalEndsAttempt } from '../../src/components/checkout/checkout-attempt.ts';
import {
  addressToSend,
  ADDRESS_FIELDS,
  confirmationPath,
  fieldRefusalText,
  orderFailure,
  refusedField,
  TEXTS,
} from '../../src/components/checkout/checkout-rules.ts';
import { SHIPPING_LIMITS } from '../../src/shared/schemas/checkout.ts';

const apiError = (status: number | undefined, data: unknown = null) =>
  Object.assign(new Error('failed'), { status, data });

describe('the shipping address', () => {
  it('asks for every field of the order request, the optional ones not required, with the server limits', () => {
    expect(ADDRESS_FIELDS.map((f) => f.name).sort()).toEqual(Object.keys(SHIPPING_LIMITS).sort());
    expect(ADDRESS_FIELDS.filter((f) => !f.required).map((f) => f.name)).toEqual(['line2', 'region']);
    for (const field of ADDRESS_FIELDS) expect(field.maxLength).toBe(SHIPPING_LIMITS[field.name]);
  });

  it('is sent trimmed', () => {
    const sent = addressToSend({
      name: ' Ada ',
      line1: '1 Main St ',
      line2: '  ',
      city: 'Leeds',
      region: '',
      postalCode: ' LS1 ',
      country: 'UK',
    });
    expect(sent).toEqual({
      name: 'Ada',
      line1: '1 Main St',
      line2: '',
      city: 'Leeds',
      region: '',
      postalCode: 'LS1',
      country: 'UK',
    });
  });
});

describe('a refused order', () => {
  it.each([
    ['shipping.postalCode', 'postalCode'],
    ['city', 'city'],
    ['email', 'email'],
    ['paymentMethod', 'paymentMethod'],
    ['lines', null],
    [42, null],
  ])('names the form field of %o', (field, expected) => {
    expect(refusedField(apiError(400, { message: 'x', field }))).toBe(expected);
  });

  it('marks a 400 on its field with a sentence', () => {
    expect(orderFailure(apiError(400, { message: 'Shipping city is required.', field: 'shipping.city' }))).toEqual({
      text: 'City is required.',
      field: 'city',
      backToCart: false,
      reverify: false,
    });
    expect(orderFailure(apiError(400, { message: 'Your cart is empty.', field: 'lines' }))).toMatchObject({
      text: 'Your cart is empty.',
      field: null,
    });
  });

  it('sends a 409 back to the cart with the server naming what ran out', () => {
    expect(orderFailure(apiError(409, { message: 'Only 1 of Lantern left' }))).toEqual({
      text: 'Only 1 of Lantern left',
      field: null,
      backToCart: true,
      reverify: false,
    });
    expect(orderFailure(apiError(409)).text).toBe(TEXTS.outOfStock);
  });

  it('asks a guest to verify the email again on a 401', () => {
    expect(orderFailure(apiError(401, { message: 'Verify your email first' }))).toEqual({
      text: 'Verify your email first',
      field: 'email',
      backToCart: false,
      reverify: true,
    });
  });

  it('tells that a retry is safe when no answer came or the server failed', () => {
    expect(orderFailure(apiError(undefined)).text).toBe(TEXTS.noAnswer);
    expect(orderFailure(new TypeError('fetch failed')).text).toBe(TEXTS.noAnswer);
    expect(orderFailure(apiError(503, { message: 'Service Unavailable' })).text).toBe(TEXTS.noAnswer);
  });

  it('keeps a rule that is a sentence of its own as it is', () => {
    expect(fieldRefusalText('email', 'Please enter a valid email address')).toBe('Please enter a valid email address');
    expect(fieldRefusalText('code', 'Code must be the 6-digit code from the email.')).toBe(
      'The code must be the 6-digit code from the email.',
    );
    expect(fieldRefusalText('line2', 'Shipping line 2 must be at most 200 characters.')).toBe(
      'Address line 2 must be at most 200 characters.',
    );
    expect(fieldRefusalText('email', 'That code is not right')).toBe('That code is not right');
  });
});

describe('the attempt key', () => {
  afterEach(endAttempt);

  it('is made once and kept until the attempt ends', () => {
    const key = attemptKey();
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(attemptKey()).toBe(key);
    endAttempt();
    expect(attemptKey()).not.toBe(key);
  });

  it.each([
    [undefined, false],
    [408, false],
    [429, false],
    [500, false],
    [503, false],
    [400, true],
    [401, true],
    [409, true],
  ])('after an answer of %o ends the attempt: %o', (status, ends) => {
    expect(refusalEndsAttempt(status)).toBe(ends);
  });
});

describe('the confirmation page', () => {
  it("opens a customer's order by id, and a guest's with the token", () => {
    expect(confirmationPath('b1c2')).toBe('/orders/view?id=b1c2&placed=1');
    expect(confirmationPath('b1c2', 'tok_EN-1')).toBe('/orders/view?id=b1c2&placed=1&token=tok_EN-1');
  });
});
