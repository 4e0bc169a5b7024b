/** GET /api/store: the currency prices are shown in, tax and shipping, and how an order can be paid. */
import type { StoreSettings } from '../../shared/commerce.ts';
import { defaultPriceBands } from '../../shared/price-bands.ts';
import { api } from './client.ts';

/** What a fresh store has (the store_settings defaults): what the pages fall back to when the API cannot answer. */
export const DEFAULT_STORE: StoreSettings = {
  currency: 'USD',
  taxRateBp: 0,
  taxInclusive: false,
  shippingCents: 0,
  timeZone: 'UTC',
  priceBandsCents: defaultPriceBands(),
  payment: { manual: { enabled: true, instructions: '' }, stripe: { enabled: false } },
};

/** The store's settings; at build time a failure is logged and the defaults are used, so the page still renders. */
export async function fetchStore(): Promise<StoreSettings> {
  try {
    return await api<StoreSettings>('/api/store');
  } catch (error) {
    console.error('Failed to load store settings:', error instanceof Error ? error.message : error);
    return DEFAULT_STORE;
  }
}
