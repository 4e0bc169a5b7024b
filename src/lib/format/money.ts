// Written out instead of Intl.NumberFormat (see numbers.ts); the unit tests hold it to Intl's en-US currency format.
import { grouped, plain } from './numbers.ts';

/**
 * A positive amount to two decimals, rounding half up on its shortest decimal form as Intl does ('801.135' gives
 * '801.14', where toFixed would round the binary value below it down).
 */
function toCents(amount: number): [whole: string, cents: string] {
  const [whole = '0', fraction = ''] = plain(amount).split('.');
  if (fraction.length <= 2) return [whole, fraction.padEnd(2, '0')];
  const digits = (BigInt(whole + fraction.slice(0, 2)) + (fraction[2]! >= '5' ? 1n : 0n)).toString().padStart(3, '0');
  return [digits.slice(0, -2), digits.slice(-2)];
}

/** '$1,234.50'; whole amounts without cents ('$40'); 0 reads 'Free' where asked. */
export function formatPrice(value: number, { free = false } = {}): string {
  if (!Number.isFinite(value)) return '';
  if (free && value === 0) return 'Free';
  const sign = value < 0 ? '-' : '';
  if (Number.isInteger(value)) return `${sign}$${grouped(plain(Math.abs(value)))}`;
  const [whole, cents] = toCents(Math.abs(value));
  return `${sign}$${grouped(whole)}.${cents}`;
}
