import { describe, expect, it } from 'vitest';
import { amountToCents, centsToAmount } from '../../src/shared/money.ts';

describe('money in cents', () => {
  it.each([
    [0, 0],
    [19.99, 1999],
    [0.1 + 0.2, 30],
    [1.005, 101],
    [801.135, 80114],
    [12.5, 1250],
    [-2.675, -268],
    [1e9, 1e11],
  ])('%s becomes %s cents, rounding half away from zero', (amount, cents) => {
    expect(amountToCents(amount)).toBe(cents);
  });

  it('gives back the amount of every cent value up to a million dollars', () => {
    for (let cents = 0; cents <= 100_000_000; cents += 9_973) expect(amountToCents(centsToAmount(cents))).toBe(cents);
  });
});
