/**
 * A store's price bands for the shop's and the search's Price filters. A list is its ascending bounds in cents:
 * [5000, 10000, 50000] cuts prices into 'Under $50', '$50-$100', '$100-$500' and 'Over $500'. Bounds rather than
 * from/to pairs, so bands can never overlap or leave a gap. Each price belongs to exactly one band: a bound belongs to
 * the band below it, except the first, which opens the second band (50 and 100 are '$50-$100', 500 is '$100-$500').
 */
import { formatMoney } from '../lib/format/money.ts';
import { amountToCents } from './money.ts';

/** The filters whose bands a store sets. */
export const PRICE_BAND_LISTS = ['shop', 'search'] as const;
export type PriceBandList = (typeof PRICE_BAND_LISTS)[number];

/** Each list's ascending bounds in cents. */
export type PriceBands = Record<PriceBandList, number[]>;

/** The spec's bands, what a new store (and one that never changed them) shows. */
export const DEFAULT_PRICE_BANDS: Readonly<Record<PriceBandList, readonly number[]>> = {
  shop: [5000, 10000, 50000],
  search: [5000, 10000],
};

/** The most bands one filter offers: a longer select is no longer a quick choice. */
export const MAX_PRICE_BANDS = 8;
/** The highest bound, the highest price a product can have (1,000,000 in major units). */
export const PRICE_BOUND_MAX_CENTS = 100_000_000;

/** Where a list is named in a refusal. */
const LIST_NAMES: Record<PriceBandList, string> = { shop: 'shop', search: 'search' };

/** A fresh copy of the spec's bands. */
export const defaultPriceBands = (): PriceBands => ({
  shop: [...DEFAULT_PRICE_BANDS.shop],
  search: [...DEFAULT_PRICE_BANDS.search],
});

/** Whether every list holds the spec's bounds. */
export const isDefaultPriceBands = (bands: PriceBands): boolean =>
  PRICE_BAND_LISTS.every((list) => sameBounds(bands[list], DEFAULT_PRICE_BANDS[list]));

const sameBounds = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((bound, i) => bound === b[i]);

/** A refused list: the field at fault ('priceBandsCents.shop.1' for a bound, 'priceBandsCents.shop' for the list) and why. */
export interface PriceBandsRefusal {
  ok: false;
  field: string;
  message: string;
}
export type PriceBandsCheck = { ok: true; value: PriceBands } | PriceBandsRefusal;

/** The field name of the bands in the store settings' body. */
export const PRICE_BANDS_FIELD = 'priceBandsCents';

/** A bound as the admin types it: 5000 → '50', 999 → '9.99', 5050 → '50.5'. */
export const boundText = (cents: number): string => String(cents / 100);

/** One list's bounds checked: whole cents above 0, at most the highest price, each above the one before. */
export function checkPriceBounds(
  list: PriceBandList,
  bounds: unknown,
): { ok: true; value: number[] } | PriceBandsRefusal {
  const name = LIST_NAMES[list];
  const field = `${PRICE_BANDS_FIELD}.${list}`;
  if (!Array.isArray(bounds))
    return { ok: false, field, message: `The ${name} price bands must be a list of amounts in cents.` };
  if (bounds.length === 0)
    return { ok: false, field, message: `The ${name} price bands need at least one amount to split prices at.` };
  if (bounds.length > MAX_PRICE_BANDS - 1)
    return {
      ok: false,
      field,
      message: `The ${name} price filter can have at most ${MAX_PRICE_BANDS} bands (${MAX_PRICE_BANDS - 1} amounts).`,
    };
  for (const [i, bound] of (bounds as unknown[]).entries()) {
    const at = { ok: false as const, field: `${field}.${i}` };
    const which = `Amount ${i + 1} of the ${name} price bands`;
    if (typeof bound !== 'number' || !Number.isFinite(bound))
      return { ...at, message: `${which} must be a number of cents.` };
    if (!Number.isInteger(bound)) return { ...at, message: `${which} must be a whole number of cents.` };
    if (bound <= 0) return { ...at, message: `${which} must be more than 0.` };
    if (bound > PRICE_BOUND_MAX_CENTS)
      return { ...at, message: `${which} must be at most ${boundText(PRICE_BOUND_MAX_CENTS)}.` };
    const before = i > 0 ? (bounds as number[])[i - 1] : undefined;
    if (before !== undefined && bound <= before)
      return {
        ...at,
        message: `${which} (${boundText(bound)}) must be more than amount ${i} (${boundText(before)}): the bands go up from the lowest price and cannot overlap.`,
      };
  }
  return { ok: true, value: [...(bounds as number[])] };
}

/** The store's bands as sent: an object with each list's bounds, every list checked (checkPriceBounds). */
export function checkPriceBands(input: unknown): PriceBandsCheck {
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    return {
      ok: false,
      field: PRICE_BANDS_FIELD,
      message: 'The price bands must be an object with a shop list and a search list of amounts in cents.',
    };
  const value = defaultPriceBands();
  for (const list of PRICE_BAND_LISTS) {
    const checked = checkPriceBounds(list, (input as Record<string, unknown>)[list]);
    if (!checked.ok) return checked;
    value[list] = checked.value;
  }
  return { ok: true, value };
}

/** The bands as stored (JSON, or null for the spec's); a list that does not pass its check reads as the spec's. */
export function parseStoredPriceBands(stored: string | null | undefined): PriceBands {
  const bands = defaultPriceBands();
  if (!stored) return bands;
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored);
  } catch {
    return bands;
  }
  if (typeof parsed !== 'object' || parsed === null) return bands;
  for (const list of PRICE_BAND_LISTS) {
    const checked = checkPriceBounds(list, (parsed as Record<string, unknown>)[list]);
    if (checked.ok) bands[list] = checked.value;
  }
  return bands;
}

/** The bands to store: null while they are the spec's, so a store that never changed them keeps following them. */
export const storedPriceBands = (bands: PriceBands): string | null =>
  isDefaultPriceBands(bands) ? null : JSON.stringify({ shop: bands.shop, search: bands.search });

/** One band: the value a link carries, and its edges in cents (a missing edge is open). */
export interface PriceBand {
  /** From its bounds, whatever the currency, so a shared link keeps working: 'under-50', '50-100', 'over-500'. */
  readonly value: string;
  readonly fromCents?: number;
  /** Whether a price equal to fromCents is in this band (only the second band's is). */
  readonly includesFrom: boolean;
  readonly toCents?: number;
}

/** The bands the bounds cut prices into, lowest first. */
export function priceBandsOf(bounds: readonly number[]): PriceBand[] {
  const bands = bounds.map((to, i): PriceBand => {
    const from = bounds[i - 1];
    return from === undefined
      ? { value: `under-${boundText(to)}`, includesFrom: false, toCents: to }
      : { value: `${boundText(from)}-${boundText(to)}`, fromCents: from, includesFrom: i === 1, toCents: to };
  });
  const last = bounds.at(-1);
  if (last !== undefined)
    bands.push({ value: `over-${boundText(last)}`, fromCents: last, includesFrom: bounds.length === 1 });
  return bands;
}

/** Whether a price in cents lies in the band. */
export function inPriceBand(cents: number, band: PriceBand): boolean {
  if (!Number.isFinite(cents)) return false;
  if (band.fromCents !== undefined && (band.includesFrom ? cents < band.fromCents : cents <= band.fromCents))
    return false;
  if (band.toCents === undefined) return true;
  // The first band stops below its bound, which opens the next band; the others take their upper bound.
  return band.fromCents === undefined ? cents < band.toCents : cents <= band.toCents;
}

/** The value of the one band a price in cents lies in, or undefined for what is not a price. */
export const priceBandOf = (cents: number, bounds: readonly number[]): string | undefined =>
  priceBandsOf(bounds).find((band) => inPriceBand(cents, band))?.value;

/** A band in the store's currency: 'Under $50', '$50-$100', 'Over $500', '€9.99-€20'. */
export function priceBandLabel(band: PriceBand, currency: string): string {
  const money = (cents: number) => formatMoney(cents, currency, { stripIfInteger: true });
  if (band.fromCents === undefined) return `Under ${money(band.toCents ?? 0)}`;
  if (band.toCents === undefined) return `Over ${money(band.fromCents)}`;
  return `${money(band.fromCents)}-${money(band.toCents)}`;
}

/** The bands as a filter's options, lowest first: value and label. */
export const priceBandOptions = (bounds: readonly number[], currency: string) =>
  priceBandsOf(bounds).map((band) => ({ value: band.value, label: priceBandLabel(band, currency) }));

/** Whether a price in major units (the API's `price`) passes the filter's choice; 'all' takes anything, even no price. */
export function matchesPriceBand(price: number | null | undefined, choice: string, bounds: readonly number[]): boolean {
  if (choice === 'all') return true;
  return typeof price === 'number' && Number.isFinite(price) && priceBandOf(amountToCents(price), bounds) === choice;
}
