/**
 * Money is stored as integer minor units (cents), never floats; the API's `price` and `total` fields stay amounts in
 * major units (dollars) as the spec's shapes have them. These two are the only conversions.
 */

/** 1999 → 19.99. Exact for every integer of cents a price can hold. */
export const centsToAmount = (cents: number): number => cents / 100;

/**
 * 19.99 → 1999, half away from zero at the cent as the amount is written: 1.005 is 100.4999… cents as a double, so a
 * millionth of a cent is added first (the same rule as the migration that moved stored amounts to cents).
 */
export const amountToCents = (amount: number): number =>
  Math.sign(amount) * Math.round(Math.abs(amount) * 100 + 0.000001) || 0;
