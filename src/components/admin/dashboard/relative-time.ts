/** 'just now', '5 minutes ago', 'yesterday', '3 days ago' for an ISO time; '' when it is not a time. */
const STEPS: readonly [unit: Intl.RelativeTimeFormatUnit, seconds: number][] = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

let format: Intl.RelativeTimeFormat | undefined;

export function relativeTime(iso: string, now = Date.now()): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return '';
  const seconds = Math.round((at - now) / 1000);
  // A clock a little ahead of the server's still reads 'just now', not 'in 3 seconds'.
  if (Math.abs(seconds) < 45) return 'just now';
  // Created on first use: the admin islands are the only ones that pay for Intl's data (numbers.ts).
  format ??= new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  for (const [unit, size] of STEPS) {
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  }
  return format.format(Math.round(seconds / 60) || Math.sign(seconds), 'minute');
}
