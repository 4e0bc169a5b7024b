// The one price formatter: every price the site, the admin and the mails show goes through formatMoney, in the store's
// currency. Written out instead of Intl.NumberFormat (see numbers.ts); the unit tests hold it to Intl's en-US
// currency format for every currency Intl knows.
import { grouped } from './numbers.ts';

/** The symbols en-US writes for a currency; any other is written as its code ('SEK 12.00'). */
const SYMBOLS: Readonly<Record<string, string>> = {
  AUD: 'A$',
  BRL: 'R$',
  CAD: 'CA$',
  CNY: 'CN¥',
  EUR: '€',
  GBP: '£',
  HKD: 'HK$',
  ILS: '₪',
  INR: '₹',
  JPY: '¥',
  KRW: '₩',
  MXN: 'MX$',
  NZD: 'NZ$',
  PHP: '₱',
  TWD: 'NT$',
  USD: '$',
  VND: '₫',
  XAF: 'FCFA',
  XCD: 'EC$',
  XCG: 'Cg.',
  XOF: 'F\u202fCFA',
  XPF: 'CFPF',
};
/** Currencies en-US writes without a minor unit (the yen) or with three decimals (the dinar); every other has two. */
const NO_DECIMALS = new Set(
  'AFN ALL BIF CLP COP DJF GNF HUF IDR IQD IRR ISK JPY KMF KPW KRW LAK LBP MGA MMK PKR PYG RWF SLL SOS SYP UGX VND VUV XAF XOF XPF YER'.split(
    ' ',
  ),
);
const THREE_DECIMALS = new Set('BHD JOD KWD LYD OMR TND'.split(' '));

/** The digits of |cents| / 100 with the currency's decimals, rounding half up as Intl does; a whole amount bare when asked. */
function digitsOf(cents: number, currency: string, stripIfInteger: boolean): string {
  const whole = Math.floor(cents / 100);
  if (NO_DECIMALS.has(currency)) return grouped(String(whole + (cents % 100 >= 50 ? 1 : 0)));
  if (stripIfInteger && cents % 100 === 0) return grouped(String(whole));
  const fraction = String(cents % 100).padStart(2, '0');
  return `${grouped(String(whole))}.${fraction}${THREE_DECIMALS.has(currency) ? '0' : ''}`;
}

/**
 * An amount in the store's minor units (hundredths of the currency, as every price is stored: 1999 is 19.99) in
 * the store's currency, as en-US writes it: '$19.99', '€1,234.50', '¥1,500' (the yen has no minor unit, so 150000
 * reads ¥1,500), 'SEK 12.00'; 'Free' for 0 when `free` is asked (an event or a plan); a whole amount without its
 * cents when `stripIfInteger` is asked, as Intl's trailingZeroDisplay of that name ('$50', a price band's bound);
 * '' for what is not a number.
 */
export function formatMoney(cents: number, currency: string, { free = false, stripIfInteger = false } = {}): string {
  if (!Number.isFinite(cents)) return '';
  if (free && Math.round(cents) === 0) return 'Free';
  const code = currency.trim().toUpperCase();
  const whole = Math.round(Math.abs(cents));
  const sign = cents < 0 ? '-' : '';
  const symbol = SYMBOLS[code] ?? code;
  // A symbol that does not end in a currency sign is set apart from the digits, as Intl does ('CHF 5.00', 'FCFA 5').
  const gap = /\p{S}$/u.test(symbol) ? '' : '\u00a0';
  return `${sign}${symbol}${gap}${digitsOf(whole, code, stripIfInteger)}`;
}
