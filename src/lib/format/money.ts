const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const WHOLE = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** '$1,234.50'; whole amounts without cents ('$40'); 0 reads 'Free' where asked. */
export function formatPrice(value: number, { free = false } = {}): string {
  if (!Number.isFinite(value)) return '';
  if (free && value === 0) return 'Free';
  return Number.isInteger(value) ? WHOLE.format(value) : USD.format(value);
}
