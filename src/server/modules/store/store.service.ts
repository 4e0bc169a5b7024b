/**
 * The store's settings: what GET /api/store answers, and the admin's change of them, committed with
 * its audit entry, then a site rebuild asked for (pages show prices, and the Price filters' bands, in the store's
 * currency).
 */
import type { StoreSettings } from '../../../shared/commerce.ts';
import { parseStoredPriceBands, storedPriceBands } from '../../../shared/price-bands.ts';
import type { StoreSettingsValues } from '../../../shared/schemas/store.ts';
import type { Db } from '../../db/connection.ts';
import type { Deps } from '../../deps.ts';
import { fieldError } from '../../http/errors.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import type { AuthUser } from '../auth/user-dto.ts';
import type { Payments } from '../payments/payment-provider.ts';
import { findStoreRow, saveStoreRow, type StoreRow } from './store.repository.ts';

/** The migration's defaults, for a database whose row is missing. */
const DEFAULT_ROW: Omit<StoreRow, 'id' | 'updated_at'> = {
  currency: 'USD',
  tax_rate_bp: 0,
  tax_inclusive: false,
  shipping_cents: 0,
  manual_payment_enabled: true,
  manual_payment_instructions: '',
  time_zone: 'UTC',
  price_bands: null,
};

/** The settings row, or the defaults. Booleans read back as 0/1. */
export async function readStore(db: Db): Promise<Omit<StoreRow, 'id' | 'updated_at'>> {
  return (await findStoreRow(db)) ?? DEFAULT_ROW;
}

/** The row as GET /api/store answers it; Stripe is on when the server has its keys. */
export function storeSettingsFromRow(
  row: Omit<StoreRow, 'id' | 'updated_at'>,
  payments: Pick<Payments, 'stripe'>,
): StoreSettings {
  return {
    currency: row.currency,
    taxRateBp: row.tax_rate_bp,
    taxInclusive: Boolean(row.tax_inclusive),
    shippingCents: row.shipping_cents,
    timeZone: row.time_zone,
    priceBandsCents: parseStoredPriceBands(row.price_bands),
    payment: {
      manual: { enabled: Boolean(row.manual_payment_enabled), instructions: row.manual_payment_instructions },
      stripe: { enabled: payments.stripe !== undefined },
    },
  };
}

/** GET /api/store. */
export async function getStoreSettings(db: Db, payments: Pick<Payments, 'stripe'>): Promise<StoreSettings> {
  return storeSettingsFromRow(await readStore(db), payments);
}

/** Which settings changed, for the audit line ('Store settings updated: currency, taxRateBp'). */
function changedFields(before: StoreSettings, after: StoreSettingsValues): string[] {
  const was: Record<keyof StoreSettingsValues, unknown> = {
    currency: before.currency,
    taxRateBp: before.taxRateBp,
    taxInclusive: before.taxInclusive,
    shippingCents: before.shippingCents,
    manualPaymentEnabled: before.payment.manual.enabled,
    manualPaymentInstructions: before.payment.manual.instructions,
    timeZone: before.timeZone,
    priceBandsCents: before.priceBandsCents,
  };
  // The bands are lists: compared by their stored form.
  const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);
  return (Object.keys(was) as (keyof StoreSettingsValues)[]).filter(
    (key) => after[key] !== undefined && !same(was[key], after[key]),
  );
}

/**
 * PUT /api/admin/store: refuses a store that could take no payment at all; answers the settings as they now are, and
 * whether any of them changed (what the shop shows).
 */
export async function updateStoreSettings(
  db: Db,
  deps: Pick<Deps, 'payments'>,
  actor: AuthUser,
  values: StoreSettingsValues,
): Promise<{ settings: StoreSettings; changed: boolean }> {
  if (!values.manualPaymentEnabled && deps.payments.stripe === undefined) {
    throw fieldError(
      400,
      'Manual payment cannot be off while Stripe is not configured (the store would take no payment).',
      'manualPaymentEnabled',
    );
  }
  const changed = await db.transaction().execute(async (trx) => {
    const before = storeSettingsFromRow((await findStoreRow(trx)) ?? DEFAULT_ROW, deps.payments);
    const fields = changedFields(before, values);
    await saveStoreRow(trx, {
      currency: values.currency,
      tax_rate_bp: values.taxRateBp,
      tax_inclusive: values.taxInclusive,
      shipping_cents: values.shippingCents,
      manual_payment_enabled: values.manualPaymentEnabled,
      manual_payment_instructions: values.manualPaymentInstructions,
      ...(values.timeZone === undefined ? {} : { time_zone: values.timeZone }),
      ...(values.priceBandsCents === undefined ? {} : { price_bands: storedPriceBands(values.priceBandsCents) }),
      updated_at: new Date().toISOString(),
    });
    await recordAudit(trx, actor, {
      action: 'store.update',
      target: { type: 'store', id: '' },
      summary: fields.length > 0 ? `Store settings updated: ${fields.join(', ')}` : 'Store settings saved unchanged',
    });
    return fields.length > 0;
  });
  return { settings: await getStoreSettings(db, deps.payments), changed };
}
