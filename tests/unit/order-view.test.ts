/** The customer's order pages: the confirmation link's query, never trusted, and the order as written. */
import { describe, expect, it } from 'vitest';
import {
  addressLines,
  itemCountLabel,
  paymentMethodLabel,
  readOrderViewQuery,
} from '../../src/components/orders/order-view.ts';

describe('readOrderViewQuery', () => {
  it.each([
    ['?id=3f2a-77&placed=1', { id: '3f2a-77', token: null, guestLink: false, placed: true }],
    [
      '?id=3f2a&token=AbCdEfGhIjKlMnOpQr_-',
      { id: '3f2a', token: 'AbCdEfGhIjKlMnOpQr_-', guestLink: true, placed: false },
    ],
    ['?placed=yes&id=', { id: null, token: null, guestLink: false, placed: false }],
    ['?id=../admin&token=short', { id: null, token: null, guestLink: true, placed: false }],
    ['?id=a%20b&token=%3Cscript%3E0123456789abcdef', { id: null, token: null, guestLink: true, placed: false }],
    ['', { id: null, token: null, guestLink: false, placed: false }],
  ])('reads %o', (search, expected) => {
    expect(readOrderViewQuery(search)).toEqual(expected);
  });
});

describe('an order as written', () => {
  it('writes the address as on a parcel, leaving out empty parts', () => {
    expect(
      addressLines({
        name: 'Ada Lovelace',
        line1: '12 St James Sq',
        line2: '',
        city: 'London',
        region: '',
        postalCode: 'SW1Y 4JH',
        country: 'United Kingdom',
      }),
    ).toEqual(['Ada Lovelace', '12 St James Sq', 'London SW1Y 4JH', 'United Kingdom']);
    expect(
      addressLines({
        name: 'Grace',
        line1: '1 Navy Way',
        line2: 'Apt 2',
        city: 'Arlington',
        region: 'VA',
        postalCode: '22202',
        country: 'US',
      }),
    ).toEqual(['Grace', '1 Navy Way', 'Apt 2', 'Arlington, VA 22202', 'US']);
  });

  it('names payment methods and counts items', () => {
    expect(paymentMethodLabel('manual')).toBe('Bank transfer or pay on delivery');
    expect(paymentMethodLabel('stripe')).toBe('Card (Stripe)');
    expect(paymentMethodLabel('cheque')).toBe('cheque');
    expect(itemCountLabel(1)).toBe('1 item');
    expect(itemCountLabel(3)).toBe('3 items');
  });
});
