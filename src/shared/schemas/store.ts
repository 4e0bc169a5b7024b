/**
 * The store's settings: the body of PUT /api/admin/store and its rules. The admin's Store screen
 * checks the same before sending.
 */
import { BASIS_POINTS } from '../commerce.ts';
import { checkPriceBands, type PriceBands } from '../price-bands.ts';
import { isTimeZone, TIME_ZONE_INVALID } from '../time-zone.ts';
import { checkBody, type FieldCheck } from './refusal.ts';
import { formText } from './text.ts';
import { z } from './zod.ts';

/**
 * The currencies a store can charge in: ISO 4217 codes whose minor unit is the hundredth (prices are kept in cents,
 * so a currency without cents, like JPY, would be charged a hundred times over).
 */
export const SUPPORTED_CURRENCIES = [
  'USD',
  'EUR',
  'GBP',
  'CAD',
  'AUD',
  'NZD',
  'CHF',
  'SEK',
  'NOK',
  'DKK',
  'PLN',
  'CZK',
  'INR',
  'BRL',
  'MXN',
  'ZAR',
  'SGD',
  'HKD',
] as const;
export type SupportedCurrency = (typeof SUPPORTED_CURRENCIES)[number];

/** A flat shipping charge of at most 100,000.00. */
export const SHIPPING_CENTS_MAX = 10_000_000;
export const PAYMENT_INSTRUCTIONS_MAX = 2000;

const isSupported = (code: string): code is SupportedCurrency =>
  (SUPPORTED_CURRENCIES as readonly string[]).includes(code);

/** PUT /api/admin/store: every setting at once (the screen always sends the whole form). */
export const StoreSettingsUpdate = z
  .object({
    currency: z
      .string({ error: 'must be a currency code' })
      .trim()
      .transform((v) => v.toUpperCase())
      .refine(isSupported, `must be one of ${SUPPORTED_CURRENCIES.join(', ')}`),
    taxRateBp: z
      .number({ error: 'must be a number' })
      .int('must be a whole number of basis points')
      .min(0, 'must be at least 0')
      .max(BASIS_POINTS, `must be at most ${BASIS_POINTS} (100%)`),
    taxInclusive: z.boolean({ error: 'must be true or false' }),
    shippingCents: z
      .number({ error: 'must be a number' })
      .int('must be a whole number of cents')
      .min(0, 'must be at least 0')
      .max(SHIPPING_CENTS_MAX, `must be at most ${SHIPPING_CENTS_MAX}`),
    manualPaymentEnabled: z.boolean({ error: 'must be true or false' }),
    manualPaymentInstructions: formText(PAYMENT_INSTRUCTIONS_MAX, { multiline: true }),
    /** Left out, the store keeps its zone (clients made before the setting send none). */
    timeZone: z.string({ error: TIME_ZONE_INVALID }).trim().refine(isTimeZone, TIME_ZONE_INVALID).optional(),
    /** Left out, the store keeps its bands; checked by checkPriceBands, which names the bound at fault. */
    priceBandsCents: z.unknown().optional(),
  })
  .refine((v) => !v.manualPaymentEnabled || v.manualPaymentInstructions !== '', {
    path: ['manualPaymentInstructions'],
    error: 'are required while manual payment is on (tell customers how to pay)',
  });
export type StoreSettingsValues = Omit<z.output<typeof StoreSettingsUpdate>, 'priceBandsCents'> & {
  priceBandsCents?: PriceBands;
};

/**
 * The body checked: the first bad field and its sentence, '<Field> is required.' for a missing one; a bad price band
 * names its list or its bound ('priceBandsCents.shop.1').
 */
export function checkStoreSettings(body: unknown): FieldCheck<StoreSettingsValues> {
  const checked = checkBody(StoreSettingsUpdate, body);
  if (!checked.ok) return checked;
  const { priceBandsCents, ...rest } = checked.value;
  if (priceBandsCents === undefined) return { ok: true, value: rest };
  const bands = checkPriceBands(priceBandsCents);
  return bands.ok ? { ok: true, value: { ...rest, priceBandsCents: bands.value } } : bands;
}
