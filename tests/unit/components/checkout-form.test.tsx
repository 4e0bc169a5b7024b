/**
 * The checkout island against a stubbed network: a guest proves the email with the mailed code
 * before the order can go, and one Idempotency-Key goes with every try of one attempt (a retry after a lost answer
 * is the same order), a new one only after the server refused the order outright.
 */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, assert, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import CheckoutForm from '../../../src/components/checkout/CheckoutForm.tsx';
import { endAttempt } from '../../../src/components/checkout/checkout-attempt.ts';
import { $cart } from '../../../src/lib/stores/cart.ts';
import type { StoreSettings } from '../../../src/shared/commerce.ts';
import type { PlacedOrder, Quote } from '../../../src/shared/orders-customer.ts';
import { consoleMessages, stubLocation, watchConsoleErrors, type StubbedLocation } from './helpers/browser.ts';

const STORE: StoreSettings = {
  currency: 'USD',
  taxRateBp: 0,
  taxInclusive: false,
  shippingCents: 500,
  timeZone: 'UTC',
  priceBandsCents: { shop: [5000, 10000, 50000], search: [5000, 10000] },
  payment: {
    manual: { enabled: true, instructions: 'Pay by bank transfer to IBAN XX00 1234.' },
    stripe: { enabled: false },
  },
};
const QUOTE: Quote = {
  currency: 'USD',
  taxRateBp: 0,
  taxInclusive: false,
  subtotalCents: 3000,
  taxCents: 0,
  shippingCents: 500,
  totalCents: 3500,
  problems: [],
  lines: [
    {
      productId: 'p1',
      slug: 'lantern',
      name: 'Lantern',
      image: '',
      unitPriceCents: 1000,
      quantity: 2,
      lineTotalCents: 2000,
      stock: 5,
      available: true,
    },
    {
      productId: 'p2',
      slug: 'mug',
      name: 'Mug',
      image: '',
      unitPriceCents: 1000,
      quantity: 1,
      lineTotalCents: 1000,
      stock: 5,
      available: true,
    },
  ],
};
const CHECKOUT_TOKEN = 'T'.repeat(43);
const PLACED: PlacedOrder = {
  order: { _id: 'order-1' } as PlacedOrder['order'],
  accessToken: 'guest_access_token_0123456789',
  payment: { method: 'manual', instructions: STORE.payment.manual.instructions },
};

type Answer = { status: number; body?: unknown } | 'network-error';

interface Net {
  fetch: Mock<typeof fetch>;
  /** Answers for POST /api/orders, one per call, in order. */
  orders: Answer[];
  verify: Answer[];
}

const json = (status: number, body: unknown) =>
  new Response(status === 204 ? null : JSON.stringify(body ?? {}), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

const urlOf = (input: RequestInfo | URL) =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;

function stubNetwork(): Net {
  const net: Net = { fetch: vi.fn<typeof fetch>(), orders: [], verify: [] };
  // Promise.try: a network error thrown below reaches the caller as a rejection, as fetch gives it.
  net.fetch.mockImplementation((input, init) =>
    Promise.try(() => {
      const url = new URL(urlOf(input), 'http://localhost');
      const method = (init?.method ?? 'GET').toUpperCase();
      const answer = (next: Answer | undefined) => {
        if (next === 'network-error') throw new TypeError('fetch failed');
        return json(next?.status ?? 500, next?.body);
      };
      switch (`${method} ${url.pathname}`) {
        case 'GET /api/store':
          return json(200, STORE);
        case 'POST /api/checkout/quote':
          return json(200, QUOTE);
        case 'POST /api/checkout/code':
          return json(202, { message: 'We sent a 6-digit code to that address. Enter it to continue.' });
        case 'POST /api/checkout/verify':
          return answer(net.verify.shift());
        case 'POST /api/orders':
          return answer(net.orders.shift());
        default:
          return json(404, { message: 'Not found' });
      }
    }),
  );
  vi.stubGlobal('fetch', net.fetch);
  return net;
}

/** The requests to one path: their JSON bodies and Idempotency-Key headers. */
function sent(net: Net, path: string) {
  return net.fetch.mock.calls
    .filter(([input]) => new URL(urlOf(input), 'http://localhost').pathname === path)
    .map(([, init]) => {
      const body = init?.body ?? 'null';
      assert(typeof body === 'string', 'a JSON body');
      return {
        body: JSON.parse(body) as Record<string, unknown>,
        key: new Headers(init?.headers).get('Idempotency-Key'),
      };
    });
}

let net: Net;
let nav: StubbedLocation;
let consoleError: ReturnType<typeof watchConsoleErrors>;

beforeEach(() => {
  nav = stubLocation('/checkout');
  net = stubNetwork();
  consoleError = watchConsoleErrors();
  $cart.set([
    { productId: 'p1', quantity: 2 },
    { productId: 'p2', quantity: 1 },
  ]);
});

afterEach(() => {
  const logged = consoleMessages(consoleError);
  endAttempt();
  $cart.set([]);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  expect(logged).toEqual([]);
});

const placeButton = () => screen.getByRole('button', { name: /^Place order/ });

async function verifyAsGuest(email = 'ada@example.com') {
  net.verify.push({
    status: 200,
    body: { checkoutToken: CHECKOUT_TOKEN, expiresAt: new Date(Date.now() + 3_600_000).toISOString() },
  });
  fireEvent.change(await screen.findByLabelText('Email'), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
  fireEvent.change(await screen.findByLabelText('Code from the email'), { target: { value: '123456' } });
  fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
  await screen.findByText(email);
}

function fillAddress() {
  const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
  fill('Full name', 'Ada Lovelace');
  fill('Address line 1', '12 St James Sq');
  fill('City', 'London');
  fill('Postal code', 'SW1Y 4JH');
  fill('Country', 'United Kingdom');
}

async function renderReady() {
  render(<CheckoutForm />);
  // The server's total on the button: the quote and the payment methods are in.
  await waitFor(() => expect(placeButton().textContent).toBe('Place order · $35.00'));
}

describe('the guest step', () => {
  it('mails a code to the email, refuses a wrong code and verifies the right one', async () => {
    net.verify.push({ status: 400, body: { message: 'That code is not right' } });
    await renderReady();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: ' ada@example.com ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));

    const code = await screen.findByLabelText('Code from the email');
    expect(sent(net, '/api/checkout/code')).toEqual([{ body: { email: 'ada@example.com' }, key: null }]);
    expect(screen.getByText(/We emailed a 6-digit code to/).textContent).toContain('ada@example.com');
    fireEvent.change(code, { target: { value: '12-34 5x9' } });
    expect((code as HTMLInputElement).value).toBe('123459');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('That code is not right')).toBeTruthy();
    expect(code.getAttribute('aria-invalid')).toBe('true');

    net.verify.push({
      status: 200,
      body: { checkoutToken: CHECKOUT_TOKEN, expiresAt: new Date(Date.now() + 3_600_000).toISOString() },
    });
    fireEvent.change(code, { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('ada@example.com')).toBeTruthy();
    expect(screen.getByText(/verified/)).toBeTruthy();
    expect(sent(net, '/api/checkout/verify').map((r) => r.body)).toEqual([
      { email: 'ada@example.com', code: '123459' },
      { email: 'ada@example.com', code: '654321' },
    ]);
  });

  it('places no order before the email is verified', async () => {
    await renderReady();
    fillAddress();
    fireEvent.click(placeButton());
    expect(await screen.findByText('Verify your email first')).toBeTruthy();
    expect(sent(net, '/api/orders')).toEqual([]);
  });
});

describe('placing the order', () => {
  it('keeps one Idempotency-Key across a retry after a lost answer, then goes to the confirmation', async () => {
    net.orders.push('network-error', { status: 200, body: PLACED });
    await renderReady();
    await verifyAsGuest();
    fillAddress();

    fireEvent.click(placeButton());
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Trying again never places a second order');
    expect($cart.get()).toHaveLength(2);

    fireEvent.click(placeButton());
    await waitFor(() =>
      expect(nav.assign).toHaveBeenCalledWith('/orders/view?id=order-1&placed=1&token=guest_access_token_0123456789'),
    );
    const tries = sent(net, '/api/orders');
    expect(tries).toHaveLength(2);
    const [first, second] = tries;
    assert(first && second, 'two tries');
    expect(first.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.key).toBe(first.key);
    expect(first.body).toEqual({
      lines: [
        { productId: 'p1', quantity: 2 },
        { productId: 'p2', quantity: 1 },
      ],
      shipping: {
        name: 'Ada Lovelace',
        line1: '12 St James Sq',
        line2: '',
        city: 'London',
        region: '',
        postalCode: 'SW1Y 4JH',
        country: 'United Kingdom',
      },
      paymentMethod: 'manual',
      email: 'ada@example.com',
      checkoutToken: CHECKOUT_TOKEN,
    });
    // No price or total ever leaves the browser.
    expect(JSON.stringify(first.body)).not.toMatch(/cents|price|total/i);
    expect($cart.get()).toEqual([]);
  });

  it('sends a double click as one request, the button disabled while it is out', async () => {
    let release!: () => void;
    net.orders.push({ status: 201, body: PLACED });
    await renderReady();
    await verifyAsGuest();
    fillAddress();
    const gate = new Promise<void>((resolve) => (release = resolve));
    const original = net.fetch.getMockImplementation();
    assert(original, 'the network stub');
    net.fetch.mockImplementation(async (input, init) => {
      if (urlOf(input).endsWith('/api/orders')) await gate;
      return original(input, init);
    });

    const button = placeButton();
    fireEvent.click(button);
    fireEvent.click(button);
    // A submit that slips past the disabled button (a fast second press) is stopped too.
    fireEvent.submit(screen.getByRole('form', { name: 'Checkout' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Placing your order...' })).toHaveProperty('disabled', true),
    );
    // The async act(): the order's answer settles before it returns.
    await act(() => {
      release();
      return Promise.resolve();
    });
    await waitFor(() => expect(nav.assign).toHaveBeenCalledTimes(1));
    expect(sent(net, '/api/orders')).toHaveLength(1);
  });

  it('starts a new attempt after the server refused the order for stock, and says what ran out', async () => {
    net.orders.push({ status: 409, body: { message: 'Only 1 of Lantern left' } }, { status: 201, body: PLACED });
    await renderReady();
    await verifyAsGuest();
    fillAddress();

    fireEvent.click(placeButton());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Only 1 of Lantern left');
    expect(screen.getByRole('link', { name: 'Back to your cart' }).getAttribute('href')).toBe('/cart');

    fireEvent.click(placeButton());
    await waitFor(() => expect(nav.assign).toHaveBeenCalled());
    const [first, second] = sent(net, '/api/orders');
    assert(first && second, 'two tries');
    expect(second.key).not.toBe(first.key);
  });

  it('marks a refused address field with a sentence', async () => {
    net.orders.push({
      status: 400,
      body: { message: 'Shipping postal code must be at most 20 characters.', field: 'shipping.postalCode' },
    });
    await renderReady();
    await verifyAsGuest();
    fillAddress();
    fireEvent.click(placeButton());
    expect(await screen.findByText('Postal code must be at most 20 characters.')).toBeTruthy();
    expect(screen.getByLabelText('Postal code').getAttribute('aria-invalid')).toBe('true');
  });
});
