import { describe, expect, it } from 'vitest';
import { storedCartCount } from '../../src/lib/browser/cart-count.ts';
import {
  addLine,
  countItems,
  lineLimit,
  parseCartLines,
  quantityOf,
  removeLine,
  setLine,
} from '../../src/lib/cart/cart-lines.ts';
import { MAX_CART_LINES, MAX_LINE_QUANTITY, type CartLine } from '../../src/shared/commerce.ts';

const line = (productId: string, quantity: number): CartLine => ({ productId, quantity });
const many = (n: number) => Array.from({ length: n }, (_, i) => line(`p${i}`, 1));

describe('parseCartLines', () => {
  it.each<[string, string | null, CartLine[]]>([
    ['nothing stored', null, []],
    ['text that is not JSON', '{oops', []],
    ['JSON that is not a list', '{"productId":"a","quantity":1}', []],
    [
      'a well-formed cart',
      '[{"productId":"a","quantity":2},{"productId":"b-2","quantity":1}]',
      [line('a', 2), line('b-2', 1)],
    ],
    [
      'lines without a usable quantity',
      '[{"productId":"a","quantity":0},{"productId":"b","quantity":-3},{"productId":"c","quantity":1.5},{"productId":"d","quantity":"2"},{"productId":"e"}]',
      [],
    ],
    [
      'lines without a plausible product id',
      '[{"productId":"","quantity":1},{"productId":"a b","quantity":1},{"productId":7,"quantity":1},null,"x",[1]]',
      [],
    ],
    ['a quantity beyond the line limit', '[{"productId":"a","quantity":500}]', [line('a', MAX_LINE_QUANTITY)]],
    [
      'a product listed twice',
      '[{"productId":"a","quantity":2},{"productId":"b","quantity":1},{"productId":"a","quantity":3}]',
      [line('a', 5), line('b', 1)],
    ],
    ['extra fields such as a price', '[{"productId":"a","quantity":1,"price":0.01}]', [line('a', 1)]],
  ])('%s', (_, text, expected) => {
    expect(parseCartLines(text)).toEqual(expected);
  });

  it(`keeps only the first ${MAX_CART_LINES} products`, () => {
    const stored = JSON.stringify([...many(MAX_CART_LINES + 5), line('p0', 2)]);
    const lines = parseCartLines(stored);
    expect(lines).toHaveLength(MAX_CART_LINES);
    expect(lines[0]).toEqual(line('p0', 3));
    expect(lines.at(-1)?.productId).toBe(`p${MAX_CART_LINES - 1}`);
  });
});

describe('lineLimit', () => {
  it.each([
    [5, 5],
    [0, 0],
    [-2, 0],
    [2.7, 2],
    [500, MAX_LINE_QUANTITY],
    [Number.POSITIVE_INFINITY, MAX_LINE_QUANTITY],
    [Number.NaN, MAX_LINE_QUANTITY],
  ])('stock %s allows %s', (stock, limit) => {
    expect(lineLimit(stock)).toBe(limit);
  });
});

describe('addLine', () => {
  it('adds a new line, then more of the same product to it', () => {
    const one = addLine([], 'a', 1, 10);
    expect(one).toEqual([line('a', 1)]);
    expect(addLine(one, 'a', 2, 10)).toEqual([line('a', 3)]);
  });

  it('caps the line at the stock and at MAX_LINE_QUANTITY', () => {
    expect(addLine([line('a', 2)], 'a', 5, 3)).toEqual([line('a', 3)]);
    expect(addLine([], 'a', 150, 1000)).toEqual([line('a', MAX_LINE_QUANTITY)]);
  });

  it('changes nothing for a product out of stock, a line already at its limit, or a quantity below one', () => {
    const cart = [line('a', 3)];
    expect(addLine(cart, 'b', 1, 0)).toBe(cart);
    expect(addLine(cart, 'a', 1, 3)).toBe(cart);
    // The stock fell below what the cart holds: adding does not lower the line (the server's quote says so).
    expect(addLine(cart, 'a', 1, 2)).toBe(cart);
    expect(addLine(cart, 'a', 0, 10)).toBe(cart);
    expect(addLine(cart, 'a', Number.NaN, 10)).toBe(cart);
  });

  it(`adds no new product to a cart of ${MAX_CART_LINES} lines, but still to a line in it`, () => {
    const full = many(MAX_CART_LINES);
    expect(addLine(full, 'new', 1, 10)).toBe(full);
    expect(quantityOf(addLine(full, 'p3', 1, 10), 'p3')).toBe(2);
  });
});

describe('setLine', () => {
  it('sets the quantity, capped at the stock, keeping the lines in order', () => {
    const cart = [line('a', 1), line('b', 1)];
    expect(setLine(cart, 'a', 4, 10)).toEqual([line('a', 4), line('b', 1)]);
    expect(setLine(cart, 'a', 40, 6)).toEqual([line('a', 6), line('b', 1)]);
    expect(setLine(cart, 'c', 2, 10)).toEqual([line('a', 1), line('b', 1), line('c', 2)]);
  });

  it('removes the line at 0 or less, and at a stock of 0', () => {
    const cart = [line('a', 1), line('b', 1)];
    expect(setLine(cart, 'a', 0, 10)).toEqual([line('b', 1)]);
    expect(setLine(cart, 'a', -4, 10)).toEqual([line('b', 1)]);
    expect(setLine(cart, 'a', 3, 0)).toEqual([line('b', 1)]);
  });

  it('answers the same cart when nothing changes', () => {
    const cart = [line('a', 2)];
    expect(setLine(cart, 'a', 2, 10)).toBe(cart);
    expect(setLine(cart, 'z', 0, 10)).toBe(cart);
    expect(setLine(cart, 'not an id', 1, 10)).toBe(cart);
  });
});

describe('removeLine and countItems', () => {
  it('removes only the product named', () => {
    const cart = [line('a', 1), line('b', 2)];
    expect(removeLine(cart, 'a')).toEqual([line('b', 2)]);
    expect(removeLine(cart, 'z')).toBe(cart);
  });

  it('counts every item of every line', () => {
    expect(countItems([])).toBe(0);
    expect(countItems([line('a', 2), line('b', 3)])).toBe(5);
  });
});

// The header counts the stored cart without importing these rules (lib/browser/cart-count.ts): it must agree with them
// on every cart the store writes (one line per product) and on broken storage.
describe('the header count agrees with the cart rules', () => {
  it.each([
    null,
    '',
    'not json',
    '{}',
    '"cart"',
    '[]',
    '[null, 3, "x"]',
    '[{"productId":"a","quantity":2},{"productId":"b","quantity":3}]',
    '[{"productId":"a","quantity":500},{"productId":"b","quantity":0},{"productId":"c","quantity":1.5},{"productId":"d","quantity":"2"},{"quantity":4}]',
    JSON.stringify(many(60).map((l) => ({ ...l, quantity: 2 }))),
  ])('%s', (text) => {
    expect(storedCartCount(text)).toBe(countItems(parseCartLines(text)));
  });
});
