/** /orders/view with a guest's link that opens nothing: it says so and offers signing in or a new link by mail. */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { LINK_FAILED } from '../../../src/components/orders/GuestLinkHelp.tsx';
import OrderView from '../../../src/components/orders/OrderView.tsx';
import { $token } from '../../../src/lib/stores/session.ts';
import { GUEST_ORDER_LINK_SENT } from '../../../src/shared/schemas/guest-order-link.ts';
import {
  consoleMessages,
  requestsOf,
  stubLocation,
  watchConsoleErrors,
  type StubbedLocation,
} from './helpers/browser.ts';

const ORDER = '3f2a9c1e-0000-4000-8000-000000000001';
const GOOD_SHAPE = 'AbCdEfGhIjKlMnOpQrStUv_-0123456789abcdefghi';

let nav: StubbedLocation;
let consoleError: ReturnType<typeof watchConsoleErrors>;

/** Answers each request by its method and path; anything else is a 500 the test would see. */
function stubApi(answers: Record<string, { status: number; body: unknown }>): Mock<typeof fetch> {
  const fetchMock = vi.fn<typeof fetch>((input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const key = `${(init?.method ?? 'GET').toUpperCase()} ${new URL(url, 'http://localhost').pathname}`;
    const answer = answers[key] ?? { status: 500, body: { message: `unexpected ${key}` } };
    return Promise.resolve(
      new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

beforeEach(() => {
  consoleError = watchConsoleErrors();
});

afterEach(() => {
  const logged = consoleMessages(consoleError);
  $token.set(null);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  expect(logged).toEqual([]);
});

describe('OrderView with a guest link that opens nothing', () => {
  it('says so, offers Sign in back to the orders, and mails a new link for the order it named', async () => {
    nav = stubLocation(`/orders/view?id=${ORDER}&token=${GOOD_SHAPE}`);
    const network = stubApi({
      [`GET /api/orders/${ORDER}`]: { status: 404, body: { message: 'Order not found' } },
      'POST /api/orders/guest-link': { status: 202, body: { message: GUEST_ORDER_LINK_SENT } },
    });
    render(<OrderView />);
    expect(await screen.findByText(LINK_FAILED)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login?next=%2Forders');
    fireEvent.change(screen.getByLabelText('Email used for the order'), { target: { value: ' grace@example.com ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send me a new link' }));
    expect((await screen.findByRole('status')).textContent).toBe(GUEST_ORDER_LINK_SENT);
    expect(requestsOf(network)).toEqual([`GET /api/orders/${ORDER}`, 'POST /api/orders/guest-link']);
    expect(JSON.parse(network.mock.calls[1]?.[1]?.body as string)).toEqual({
      email: 'grace@example.com',
      orderId: ORDER,
    });
    expect(nav.replace).not.toHaveBeenCalled();
  });

  it('treats a cut token as a broken guest link, not as an owner who must sign in', async () => {
    nav = stubLocation(`/orders/view?id=${ORDER}&token=AbCd`);
    const network = stubApi({});
    render(<OrderView />);
    expect(await screen.findByText(LINK_FAILED)).toBeTruthy();
    expect(network).not.toHaveBeenCalled();
    expect(nav.replace).not.toHaveBeenCalled();
  });

  it("shows the server's refusal of a new link (too many asked for)", async () => {
    stubLocation(`/orders/view?token=${GOOD_SHAPE}`);
    stubApi({
      'POST /api/orders/guest-link': { status: 429, body: { message: 'Too many links asked for.' } },
    });
    render(<OrderView />);
    fireEvent.change(await screen.findByLabelText('Email used for the order'), {
      target: { value: 'grace@example.com' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send me a new link' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many links asked for.');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Send me a new link' }).disabled).toBe(false);
  });

  it('points a signed-in visitor whose guest link failed to their orders instead of signing in', async () => {
    $token.set('tok_ABCDEFGHIJKLMNOPQRSTUVWXYZ012345');
    stubLocation(`/orders/view?id=${ORDER}&token=${GOOD_SHAPE}`);
    stubApi({ [`GET /api/orders/${ORDER}`]: { status: 404, body: { message: 'Order not found' } } });
    render(<OrderView />);
    expect(await screen.findByText(LINK_FAILED)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Your orders' }).getAttribute('href')).toBe('/orders');
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
  });

  it('still sends a signed-out owner without a guest token to sign in', async () => {
    nav = stubLocation(`/orders/view?id=${ORDER}`);
    const network = stubApi({});
    render(<OrderView />);
    await waitFor(() => expect(nav.replace).toHaveBeenCalled());
    expect(network).not.toHaveBeenCalled();
    expect(screen.queryByText(LINK_FAILED)).toBeNull();
  });
});
