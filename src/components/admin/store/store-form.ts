/**
 * Pure rules of the Store settings form: its values from the settings, the tax rate typed in percent and the shipping
 * charge typed as an amount (both turned into the integers the API takes), the server's own rules checked before
 * sending (shared/schemas/store.ts), and the body of PUT /api/admin/store.
 */
import { BASIS_POINTS, type StoreSettings } from '../../../shared/commerce.ts';
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
}

export type StoreField = keyof StoreFormValues;

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
  };
}

/** The API's field names, and the form field each stands for. */
const FORM_FIELD: Record<keyof StoreSettingsValues, StoreField> = {
  currency: 'currency',
  taxRateBp: 'taxRate',
  taxInclusive: 'taxInclusive',
  shippingCents: 'shipping',
  manualPaymentEnabled: 'manualPaymentEnabled',
  manualPaymentInstructions: 'manualPaymentInstructions',
  timeZone: 'timeZone',
};

/** How each field is named at the start of its refusal. */
const LABELS: Record<StoreField, string> = {
  currency: 'The currency',
  taxRate: 'The tax rate',
  taxInclusive: 'Prices include tax',
  shipping: 'Shipping',
  manualPaymentEnabled: 'Manual payment',
  manualPaymentInstructions: 'The payment instructions',
  timeZone: 'The time zone',
};

/** The form field an API field name stands for, or null. */
export const formFieldOf = (apiField: unknown): StoreField | null =>
  typeof apiField === 'string' && apiField in FORM_FIELD ? FORM_FIELD[apiField as keyof StoreSettingsValues] : null;

/** A server refusal ('Tax rate bp must be at most 10000.') as a sentence about the form's field ('The tax rate must be at most 10000.'). */
export function refusalText(apiField: string, message: string): string {
  const field = formFieldOf(apiField);
  const rule = ruleOf(apiField, message);
  return field && rule ? `${LABELS[field]} ${rule}.` : message;
}

export type StoreFormCheck =
  { ok: true; body: StoreSettingsValues } | { ok: false; field: StoreField; message: string };

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
  });
  if (check.ok) return { ok: true, body: check.value };
  return { ok: false, field: formFieldOf(check.field) ?? 'currency', message: refusalText(check.field, check.message) };
}
