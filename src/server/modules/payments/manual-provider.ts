/** Manual payment (bank transfer or pay on delivery): nothing to call; the customer gets the admin's instructions. */
import type { PaymentProvider } from './payment-provider.ts';

export const manualProvider: PaymentProvider = {
  method: 'manual',
  start: (_request, instructions) => Promise.resolve({ method: 'manual', instructions, ref: '' }),
};
