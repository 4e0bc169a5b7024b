/** A paid event's tickets code against a stand-in API: the tickets left arm 'Add to cart'; sold out, over or off sale, it says so. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setupEventTickets, showTickets } from '../../../src/lib/browser/event-tickets.ts';
import type { EventAvailability } from '../../../src/shared/events.ts';

const SECTION = `
<section data-event-tickets data-event="jazz-night">
  <p data-tickets-left></p>
  <div data-ticket-controls>
    <label data-ticket-seats>Seats <input id="ticket-quantity" type="number" value="1" max="10" /></label>
    <span><button type="button" disabled data-quantity-input="ticket-quantity">Add to cart</button><span data-cart-status></span></span>
  </div>
</section>`;

const availability = (over: Partial<EventAvailability> = {}): EventAvailability => ({
  eventId: 'e1',
  capacity: 150,
  confirmedSeats: 140,
  placesLeft: 10,
  waiting: 0,
  free: false,
  ticket: { productId: 'p-ticket', stock: 7 },
  ended: false,
  ...over,
});

const root = () => {
  const found = document.querySelector<HTMLElement>('[data-event-tickets]');
  if (!found) throw new Error('no tickets section');
  return found;
};
const button = () => {
  const found = document.querySelector('button');
  if (!found) throw new Error('no button');
  return found;
};
const line = () => document.querySelector('[data-tickets-left]')?.textContent;

beforeEach(() => {
  document.body.innerHTML = SECTION;
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the tickets of a paid event', () => {
  it('reads the tickets left and names the ticket product on the button, capped by the stock', async () => {
    const fetch = vi.fn<(url: string) => Promise<Response>>(() =>
      Promise.resolve(new Response(JSON.stringify(availability()), { status: 200 })),
    );
    vi.stubGlobal('fetch', fetch);
    setupEventTickets(root());
    await vi.waitFor(() => expect(line()).toBe('Tickets left: 7'));
    expect(new URL(String(fetch.mock.calls[0]?.[0]), 'http://site.test').pathname).toBe(
      '/api/events/jazz-night/availability',
    );
    expect(button().dataset['addToCart']).toBe('p-ticket');
    expect(button().dataset['stock']).toBe('7');
    expect(button().disabled).toBe(false);
    expect(document.querySelector<HTMLInputElement>('#ticket-quantity')?.max).toBe('7');
  });

  it('says sold out and disables the button at no stock', () => {
    showTickets(root(), availability({ ticket: { productId: 'p-ticket', stock: 0 } }));
    expect(line()).toBe('Sold out');
    expect(button().disabled).toBe(true);
    expect(button().textContent).toBe('Sold out');
    expect(document.querySelector<HTMLElement>('[data-ticket-seats]')?.style.display).toBe('none');
  });

  it.each([
    [{ ended: true }, 'Ticket sales are closed: this event is over.'],
    [{ ticket: null }, 'Tickets are not on sale at the moment.'],
  ])('offers nothing when %o', (over, text) => {
    showTickets(root(), availability(over));
    expect(line()).toBe(text);
    expect(document.querySelector<HTMLElement>('[data-ticket-controls]')?.style.display).toBe('none');
    expect(button().dataset['addToCart']).toBeUndefined();
  });

  it('says so when the tickets left cannot be read', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
    setupEventTickets(root());
    await vi.waitFor(() => expect(line()).toBe('The tickets left could not be read. Please reload the page.'));
    expect(button().disabled).toBe(true);
  });
});
