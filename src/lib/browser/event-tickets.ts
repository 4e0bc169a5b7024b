/**
 * A paid event's tickets on its page (components/events/EventTickets.astro): the tickets left as they are now, and
 * the page's 'Add to cart' made to add the event's ticket product, capped by its stock; the click itself is the shop's
 * add-to-cart script's. The page's inline script loads this module by URL when the section comes into view, so the
 * page's first load stays within a static page's script budget.
 */
import { fetchAvailability } from '../api/events.ts';
import { lineLimit } from '../cart/cart-lines.ts';
import { ticketsLine, type EventAvailability } from '../../shared/events.ts';

/** Shows the tickets left and arms (or disables) 'Add to cart' and the seats field. */
export function showTickets(root: HTMLElement, a: EventAvailability): void {
  const line = root.querySelector<HTMLElement>('[data-tickets-left]');
  const controls = root.querySelector<HTMLElement>('[data-ticket-controls]');
  const button = root.querySelector<HTMLButtonElement>('button[data-quantity-input]');
  const seats = root.querySelector<HTMLElement>('[data-ticket-seats]');
  const input = root.querySelector<HTMLInputElement>('#ticket-quantity');
  const closed = a.ended
    ? 'Ticket sales are closed: this event is over.'
    : a.ticket
      ? ''
      : 'Tickets are not on sale at the moment.';
  if (closed || !a.ticket) {
    if (line) line.textContent = closed;
    // A style, not `hidden`: the grid's display class would win over the attribute.
    if (controls) controls.style.display = 'none';
    return;
  }
  const stock = Math.max(0, Math.floor(a.ticket.stock));
  if (line) line.textContent = ticketsLine(stock);
  if (button) {
    button.dataset['addToCart'] = a.ticket.productId;
    button.dataset['stock'] = String(stock);
    button.disabled = stock === 0;
    button.textContent = stock > 0 ? 'Add to cart' : 'Sold out';
  }
  if (input) input.max = String(Math.max(1, lineLimit(stock)));
  if (seats) seats.style.display = stock > 0 ? '' : 'none';
}

/** Reads the tickets left once the section is in view; a failed read says so. */
export function setupEventTickets(root: HTMLElement): void {
  void fetchAvailability(root.dataset['event'] ?? '').then(
    (a) => showTickets(root, a),
    () => {
      const line = root.querySelector<HTMLElement>('[data-tickets-left]');
      if (line) line.textContent = 'The tickets left could not be read. Please reload the page.';
    },
  );
}
