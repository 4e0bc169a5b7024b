/** /orders: the signed-in customer's orders in the currency each was charged in; signed out, sign in first. */
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import CustomerOrders from '../../../src/components/orders/CustomerOrders.tsx';
import { $token } from '../../../src/lib/stores/session.ts';
import type { CustomerOrderSummary } from '../../../src/shared/orders-customer.ts';
import {
  consoleMessages,
  requestsOf,
  stubLocation,
  watchConsoleErrors,
  type StubbedLocation,
} from './helpers/browser.ts';

const TOKEN = 'tok_ABCDEFGHIJKLMNOPQRSTUVWXYZ012345';
const ORDERS: CustomerOrderSummary[] = [
  {
    _id: 'o2',
    reference: '#0B2C3D4E',
    status: 'shipped',
    createdAt: '2026-11-23T10:00:00.000Z',
    total: 12.5,
    total_cents: 1250,
    currency: 'EUR',
    itemCount: 2,
  },
  {
    _id: 'o1',
    reference: '#0A1B2C3D',
    status: 'pending',
    createdAt: '2026-11-20T10:00:00.000Z',
    total: 1234.5,
    total_cents: 123450,
    currency: 'USD',
    itemCount: 1,
  },
];

let nav: StubbedLocation;
let consoleError: ReturnType<typeof watchConsoleErrors>;

function stubOrders(status: number, body: unknown): Mock<typeof fetch> {
  const fetchMock = vi.fn<typeof fetch>(() =>
    Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

beforeEach(() => {
  nav = stubLocation('/orders');
  consoleError = watchConsoleErrors();
});

afterEach(() => {
  const logged = consoleMessages(consoleError);
  $token.set(null);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  expect(logged).toEqual([]);
});

describe('CustomerOrders', () => {
  it('sends a signed-out visitor to sign in and come back, without asking the API', async () => {
    const network = stubOrders(200, { results: [] });
    render(<CustomerOrders />);
    await waitFor(() => expect(nav.replace).toHaveBeenCalledWith('/login?next=%2Forders'));
    expect(network).not.toHaveBeenCalled();
  });

  it("says 'No orders found.' when the customer has none", async () => {
    $token.set(TOKEN);
    const network = stubOrders(200, { results: [] });
    render(<CustomerOrders />);
    expect(await screen.findByText('No orders found.')).toBeTruthy();
    expect(requestsOf(network)).toEqual(['GET /api/orders']);
    expect(new Headers(network.mock.calls[0]?.[1]?.headers).get('Authorization')).toBe(`Bearer ${TOKEN}`);
  });

  it('lists each order with its reference, status, date and total in its own currency, linked to its page', async () => {
    $token.set(TOKEN);
    stubOrders(200, { results: ORDERS });
    render(<CustomerOrders />);
    const rows = await screen.findAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      '#0B2C3D4EShippedNov 23, 2026 · 2 items2€12.50',
      '#0A1B2C3DPendingNov 20, 2026 · 1 item1$1,234.50',
    ]);
    expect(screen.getByRole('link', { name: 'Order #0B2C3D4E' }).getAttribute('href')).toBe('/orders/view?id=o2');
  });

  it('drops a session the server no longer knows and asks to sign in again', async () => {
    $token.set(TOKEN);
    localStorage.setItem('token', TOKEN);
    stubOrders(401, { message: 'Unauthorized' });
    render(<CustomerOrders />);
    await waitFor(() => expect(nav.replace).toHaveBeenCalledWith('/login?next=%2Forders'));
    expect(localStorage.getItem('token')).toBeNull();
    expect($token.get()).toBeNull();
  });
});
