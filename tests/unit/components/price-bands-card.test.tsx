/**
 * The Store settings' Price bands card: the store's bands shown as amounts with the choices visitors get in the
 * store's currency, amounts added, edited, removed and reset, a bad amount marked on its input before sending, a
 * server refusal marked on the amount it names, and the bands sent with the rest of the settings.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import StoreSettingsForm from '../../../src/components/admin/store/StoreSettingsForm.tsx';
import { fetchAdminStore, updateAdminStore } from '../../../src/lib/api/admin/store.ts';
import type { StoreSettings } from '../../../src/shared/commerce.ts';
import type { StoreSettingsValues } from '../../../src/shared/schemas/store.ts';
import type { User } from '../../../src/shared/types.ts';
import { apiError } from './helpers/browser.ts';

// The screen past the admin check (covered by admin-gate.test.ts); its endpoint functions answer from memory.
vi.mock('../../../src/components/admin/ui/AdminGate.tsx', () => ({
  default: ({ children }: { children: (user: User) => ReactNode }) => children({ _id: 'a1', role: 'admin' } as User),
}));
vi.mock('../../../src/lib/api/admin/store.ts', () => ({ fetchAdminStore: vi.fn(), updateAdminStore: vi.fn() }));

const SETTINGS: StoreSettings = {
  currency: 'USD',
  taxRateBp: 0,
  taxInclusive: false,
  shippingCents: 0,
  timeZone: 'UTC',
  priceBandsCents: { shop: [5000, 10000, 50000], search: [5000, 10000] },
  payment: { manual: { enabled: true, instructions: 'Pay by transfer.' }, stripe: { enabled: false } },
};

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(fetchAdminStore).mockResolvedValue(SETTINGS);
  vi.mocked(updateAdminStore).mockImplementation((body: StoreSettingsValues) =>
    Promise.resolve({
      ...SETTINGS,
      currency: body.currency,
      priceBandsCents: body.priceBandsCents ?? SETTINGS.priceBandsCents,
    }),
  );
});

async function card() {
  render(<StoreSettingsForm />);
  return within(await screen.findByRole('region', { name: 'Price bands' }));
}
type Card = Awaited<ReturnType<typeof card>>;
const list = (c: Card, name: 'Shop' | 'Search') => within(c.getByRole('group', { name }));
const amount = (c: Card, name: 'Shop' | 'Search', n: number, currency = 'USD') =>
  list(c, name).getByLabelText<HTMLInputElement>(`Amount ${n} (${currency})`);
const amounts = (c: Card, name: 'Shop' | 'Search') =>
  list(c, name)
    .getAllByRole<HTMLInputElement>('textbox')
    .map((input) => input.value);
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save Store Settings' }));

describe('the Price bands card', () => {
  it("shows the store's amounts and the choices visitors get, in the currency chosen", async () => {
    const c = await card();
    expect(amounts(c, 'Shop')).toEqual(['50', '100', '500']);
    expect(amounts(c, 'Search')).toEqual(['50', '100']);
    expect(list(c, 'Shop').getByText(/^Visitors choose from/).textContent).toBe(
      'Visitors choose from: All Prices, Under $50, $50-$100, $100-$500, Over $500.',
    );
    expect(list(c, 'Search').getByText(/^Visitors choose from/).textContent).toBe(
      'Visitors choose from: All Prices, Free, Paid, Under $50, $50-$100, Over $100.',
    );
    fireEvent.change(screen.getByLabelText('Currency'), { target: { value: 'EUR' } });
    expect(list(c, 'Shop').getByText(/^Visitors choose from/).textContent).toBe(
      'Visitors choose from: All Prices, Under €50, €50-€100, €100-€500, Over €500.',
    );
    expect(amount(c, 'Shop', 1, 'EUR').value).toBe('50');
  });

  it('adds, edits and removes amounts and sends the bands in cents with the other settings', async () => {
    const c = await card();
    fireEvent.click(c.getByRole('button', { name: 'Add amount to shop bands' }));
    fireEvent.change(amount(c, 'Shop', 4), { target: { value: '1000' } });
    fireEvent.change(amount(c, 'Shop', 1), { target: { value: '19.99' } });
    fireEvent.click(c.getByRole('button', { name: 'Remove amount 2 of the shop price bands' }));
    expect(amounts(c, 'Shop')).toEqual(['19.99', '500', '1000']);
    expect(list(c, 'Shop').getByText(/^Visitors choose from/).textContent).toBe(
      'Visitors choose from: All Prices, Under $19.99, $19.99-$500, $500-$1,000, Over $1,000.',
    );
    save();
    await waitFor(() => expect(updateAdminStore).toHaveBeenCalledTimes(1));
    expect(vi.mocked(updateAdminStore).mock.calls[0]?.[0].priceBandsCents).toEqual({
      shop: [1999, 50000, 100000],
      search: [5000, 10000],
    });
    expect((await screen.findByRole('status')).textContent).toBe(
      'Store settings saved. The shop shows the new figures once the site is rebuilt.',
    );
    expect(amounts(c, 'Shop')).toEqual(['19.99', '500', '1000']);
  });

  it('marks and focuses an amount out of order before sending; editing it lets go', async () => {
    const c = await card();
    fireEvent.change(amount(c, 'Search', 2), { target: { value: '40' } });
    expect(list(c, 'Search').queryByText(/^Visitors choose from/)).toBeNull();
    save();
    const message =
      'Amount 2 of the search price bands (40) must be more than amount 1 (50): the bands go up from the lowest price and cannot overlap.';
    expect(screen.getByRole('alert').textContent).toBe(message);
    const input = amount(c, 'Search', 2);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent).toBe(message);
    await waitFor(() => expect(document.activeElement).toBe(input));
    expect(updateAdminStore).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: '60' } });
    expect(input.getAttribute('aria-invalid')).toBeNull();
  });

  it('refuses an amount that is no amount on its input', async () => {
    const c = await card();
    fireEvent.change(amount(c, 'Shop', 3), { target: { value: 'lots' } });
    save();
    expect(
      list(c, 'Shop').getByText('Enter amount 3 of the shop price bands as an amount, e.g. 50 or 49.99.'),
    ).toBeTruthy();
    expect(amount(c, 'Shop', 3).getAttribute('aria-invalid')).toBe('true');
    expect(updateAdminStore).not.toHaveBeenCalled();
  });

  it('marks the amount a server refusal names', async () => {
    vi.mocked(updateAdminStore).mockRejectedValue(
      apiError(400, {
        message: 'Amount 1 of the search price bands must be more than 0.',
        field: 'priceBandsCents.search.0',
      }),
    );
    const c = await card();
    save();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Amount 1 of the search price bands must be more than 0.',
    );
    expect(amount(c, 'Search', 1).getAttribute('aria-invalid')).toBe('true');
    expect(amount(c, 'Shop', 1).getAttribute('aria-invalid')).toBeNull();
  });

  it('keeps one amount at least and seven at most, and resets to the defaults', async () => {
    vi.mocked(fetchAdminStore).mockResolvedValue({
      ...SETTINGS,
      priceBandsCents: { shop: [100], search: [1, 2, 3, 4, 5, 6, 7] },
    });
    const c = await card();
    expect(c.getByRole<HTMLButtonElement>('button', { name: 'Remove amount 1 of the shop price bands' }).disabled).toBe(
      true,
    );
    expect(c.getByRole<HTMLButtonElement>('button', { name: 'Add amount to search bands' }).disabled).toBe(true);
    expect(list(c, 'Search').getByText('8 of at most 8 bands')).toBeTruthy();
    fireEvent.click(c.getByRole('button', { name: 'Reset price bands to defaults' }));
    expect(amounts(c, 'Shop')).toEqual(['50', '100', '500']);
    expect(amounts(c, 'Search')).toEqual(['50', '100']);
    expect(c.getByRole<HTMLButtonElement>('button', { name: 'Add amount to search bands' }).disabled).toBe(false);
  });
});
