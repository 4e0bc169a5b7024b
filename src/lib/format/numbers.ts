// Numbers are written out instead of formatted with Intl.NumberFormat: a browser's first Intl formatter loads ICU data
// on the main thread (25 ms on the bench machine, four times that under Lighthouse's throttling), and islands format
// while they hydrate. The unit tests hold the output to Intl's en-US format.

/** Digits grouped by thousands with commas: '1234567' → '1,234,567'. */
export const grouped = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** A positive number's shortest decimal form without an exponent: 1.5e+22 → '15000000000000000000000', 1e-7 → '0.0000001'. */
export function plain(amount: number): string {
  const [mantissa = '', exponent = '0'] = String(amount).split('e');
  const [int = '', fraction = ''] = mantissa.split('.');
  const point = int.length + Number(exponent);
  const digits = int + fraction;
  if (point <= 0) return `0.${'0'.repeat(-point)}${digits}`;
  return point >= digits.length ? digits.padEnd(point, '0') : `${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** A count as a whole number with thousands separators: 12345 → '12,345'; '' when it is not a finite number. */
export function formatCount(value: number): string {
  if (!Number.isFinite(value)) return '';
  const whole = Math.round(value);
  return `${whole < 0 ? '-' : ''}${grouped(plain(Math.abs(whole)))}`;
}
