/**
 * Pure rules of the Store settings form: its values from the settings, the tax rate typed in percent, the shipping
 * charge and the price bands' amounts typed as amounts (all turned into the integers the API takes), the server's own
 * rules checked before sending (shared/schemas/store.ts, shared/price-bands.ts), and the body of PUT /api/admin/store.
 */
import { BASIS_POINTS, type StoreSettings } from '../../../shared/commerce.ts';
import {
  boundText,
  checkPriceBands,
  defaultPriceBands,
  PRICE_BAND_LISTS,
  PRICE_BANDS_FIELD,
  type PriceBandList,
  type PriceBands,
} from '../../../shared/price-bands.ts';
import { checkStoreSettings, SHIPPING_CENTS_MAX, type StoreSettingsValues } from '../../../shared/schemas/store.ts';
import { ruleOf } from '../../../shared/schemas/refusal.ts';

/** The form's fields as the inputs hold them. */
export interface StoreFormValues {
  currency: string;
  /** Percent as typed: '20', '8.25'. */
  taxRate: string;
  taxInclusive: boolean;
  /** An amount as typed: '4.50'. */
  shipping: string;
  manualPaymentEnabled: boolean;
  manualPaymentInstructions: string;
  /** IANA zone of the order times. */
  timeZone: string;
  /** Each Price filter's bounds as typed amounts, lowest first: ['50', '100', '500']. */
  priceBands: Record<PriceBandList, string[]>;
}

/** A price band list, or one of its amounts ('priceBands.shop.1', counted from 0). */
export type BandField = `priceBands.${PriceBandList}` | `priceBands.${PriceBandList}.${number}`;
/** A field an error is shown beside. */
export type StoreField = Exclude<keyof StoreFormValues, 'priceBands'> | BandField;

/** Bounds in cents as the amounts the form holds. */
export const bandTexts = (bands: PriceBands): Record<PriceBandList, string[]> => ({
  shop: bands.shop.map(boundText),
  search: bands.search.map(boundText),
});

/** The spec's bands as the form holds them (the card's 'Reset to defaults'). */
export const defaultBandTexts = (): Record<PriceBandList, string[]> => bandTexts(defaultPriceBands());

/** Basis points as percent, without trailing zeros: 825 → '8.25', 2000 → '20', 0 → '0'. */
export const basisPointsToPercent = (bp: number): string => String(Number((bp / 100).toFixed(2)));

/** Cents as an amount with two decimals: 450 → '4.50'. */
export const centsToAmountText = (cents: number): string => (cents / 100).toFixed(2);

/** A percent with at most two decimals as basis points ('8.25' → 825, '20' → 2000, '.5' → 50); null when it is not one. */
export function percentToBasisPoints(text: string): number | null {
  const match = /^(\d{1,3})?(?:[.,](\d{0,2}))?$/.exec(text.trim());
  if (!match || (match[1] === undefined && !match[2])) return null;
  return Number(match[1] ?? '0') * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** An amount with at most two decimals as cents ('4.5' → 450, '12' → 1200); null when it is not one. */
export function amountTextToCents(text: string): number | null {
  const match = /^(\d{1,9})?(?:[.,](\d{0,2}))?$/.exec(text.trim());
  if (!match || (match[1] === undefined && !match[2])) return null;
  return Number(match[1] ?? '0') * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** The form of the current settings. */
export function storeFormValues(settings: StoreSettings): StoreFormValues {
  return {
    currency: settings.currency,
    taxRate: basisPointsToPercent(settings.taxRateBp),
    taxInclusive: settings.taxInclusive,
    shipping: centsToAmountText(settings.shippingCents),
    manualPaymentEnabled: settings.payment.manual.enabled,
    manualPaymentInstructions: settings.payment.manual.instructions,
    timeZone: settings.timeZone,
    priceBands: bandTexts(settings.priceBandsCents),
  };
}

/** The API's field names, and the form field each stands for. */
const FORM_FIELD: Record<Exclude<keyof StoreSettingsValues, 'priceBandsCents'>, StoreField> = {
  currency: 'currency',
  taxRateBp: 'taxRate',
  taxInclusive: 'taxInclusive',
  shippingCents: 'shipping',
  manualPaymentEnabled: 'manualPaymentEnabled',
  manualPaymentInstructions: 'manualPaymentInstructions',
  timeZone: 'timeZone',
};

/** How each field is named at the start of its refusal. */
const LABELS: Record<Exclude<StoreField, BandField>, string> = {
  currency: 'The currency',
  taxRate: 'The tax rate',
  taxInclusive: 'Prices include tax',
  shipping: 'Shipping',
  manualPaymentEnabled: 'Manual payment',
  manualPaymentInstructions: 'The payment instructions',
  timeZone: 'The time zone',
};

/** The form field an API field name stands for ('priceBandsCents.shop.1' → 'priceBands.shop.1'), or null. */
export function formFieldOf(apiField: unknown): StoreField | null {
  if (typeof apiField !== 'string') return null;
  if (apiField in FORM_FIELD) return FORM_FIELD[apiField as keyof typeof FORM_FIELD];
  if (apiField === PRICE_BANDS_FIELD) return 'priceBands.shop';
  const band = /^priceBandsCents\.(shop|search)(\.\d+)?$/.exec(apiField);
  return band ? (`priceBands.${band[1] as PriceBandList}${band[2] ?? ''}` as BandField) : null;
}

/** A server refusal ('Tax rate bp must be at most 10000.') as a sentence about the form's field ('The tax rate must be at most 10000.'). */
export function refusalText(apiField: string, message: string): string {
  const field = formFieldOf(apiField);
  const rule = ruleOf(apiField, message);
  return field && rule && field in LABELS ? `${LABELS[field as keyof typeof LABELS]} ${rule}.` : message;
}

export type StoreFormCheck =
  { ok: true; body: StoreSettingsValues } | { ok: false; field: StoreField; message: string };

const LIST_NAMES: Record<PriceBandList, string> = { shop: 'shop', search: 'search' };

/** The typed amounts as bounds in cents, or the first amount that is not one or breaks the bands' rules. */
export function checkBandTexts(
  texts: Record<PriceBandList, readonly string[]>,
): { ok: true; value: PriceBands } | { ok: false; field: StoreField; message: string } {
  const cents = defaultPriceBands();
  for (const list of PRICE_BAND_LISTS) {
    const parsed: number[] = [];
    for (const [i, text] of texts[list].entries()) {
      const amount = amountTextToCents(text);
      if (amount === null)
        return {
          ok: false,
          field: `priceBands.${list}.${i}`,
          message: `Enter amount ${i + 1} of the ${LIST_NAMES[list]} price bands as an amount, e.g. 50 or 49.99.`,
        };
      parsed.push(amount);
    }
    cents[list] = parsed;
  }
  const checked = checkPriceBands(cents);
  if (checked.ok) return checked;
  return { ok: false, field: formFieldOf(checked.field) ?? 'priceBands.shop', message: checked.message };
}

/** The body of PUT /api/admin/store, or the first bad field; `stripeEnabled` says whether the store has another way to be paid. */
export function checkStoreForm(values: StoreFormValues, stripeEnabled: boolean): StoreFormCheck {
  const taxRateBp = percentToBasisPoints(values.taxRate);
  if (taxRateBp === null || taxRateBp > BASIS_POINTS) {
    return {
      ok: false,
      field: 'taxRate',
      message: 'Enter the tax rate as a percentage from 0 to 100, with at most two decimals (e.g. 8.25).',
    };
  }
  const shippingCents = amountTextToCents(values.shipping);
  if (shippingCents === null || shippingCents > SHIPPING_CENTS_MAX) {
    return {
      ok: false,
      field: 'shipping',
      message: `Enter the shipping charge as an amount from 0 to ${centsToAmountText(SHIPPING_CENTS_MAX)}, e.g. 4.50 (0 for free shipping).`,
    };
  }
  const priceBandsCents = checkBandTexts(values.priceBands);
  if (!priceBandsCents.ok) return priceBandsCents;
  if (!values.manualPaymentEnabled && !stripeEnabled) {
    return {
      ok: false,
      field: 'manualPaymentEnabled',
      message: 'Keep manual payment on until Stripe is configured: otherwise customers could not pay.',
    };
  }
  const check = checkStoreSettings({
    currency: values.currency,
    taxRateBp,
    taxInclusive: values.taxInclusive,
    shippingCents,
    manualPaymentEnabled: values.manualPaymentEnabled,
    manualPaymentInstructions: values.manualPaymentInstructions,
    timeZone: values.timeZone,
    priceBandsCents: priceBandsCents.value,
  });
  if (check.ok) return { ok: true, body: check.value };
  return { ok: false, field: formFieldOf(check.field) ?? 'currency', message: refusalText(check.field, check.message) };
}
