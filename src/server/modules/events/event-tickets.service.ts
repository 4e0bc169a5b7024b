/**
 * Tickets of paid events. A paid event with a capacity sells its seats through a product of its own (products.event_id
 * names the event; the shop's lists leave such products out), whose stock is the seats still for sale: the capacity
 * less the confirmed seats and the seats that orders waiting for their payment hold. The cart, the checkout and the
 * orders treat it as any product, so the checkout's conditional stock UPDATE is what keeps a sale within the capacity.
 * An order that is paid becomes a registration (source 'order'); one cancelled or refunded after its payment gives its
 * seats back. Every function here runs inside its caller's transaction.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { eventCalendarPath } from '../../../lib/events/event-place.ts';
import { formatInZone, knownZone } from '../../../lib/events/event-time.ts';
import { REVENUE_STATUSES, type OrderStatus } from '../../../shared/order-status.ts';
import type { Db } from '../../db/connection.ts';
import { freeSlug } from '../../db/free-slug.ts';
import { sha256Hex } from '../auth/tokens.ts';
import { bool } from '../content/content.mappers.ts';
import {
  addSeats,
  findOrderBuyer,
  findTicketOfEvent,
  heldByPendingOrders,
  insertTicket,
  linkTicket,
  liveOrderRegistrations,
  orderTicketLines,
  restockTicket,
  ticketEvents,
  updateTicket,
} from './event-tickets.repository.ts';
import {
  findEventById,
  insertRegistration,
  releaseSeats,
  setStatus,
  type RegistrationEventRow,
} from './registrations.repository.ts';

/** '<event> — ticket (Jul 1, 2026, 6:00 PM CEST)': the cart, the order, its mails and Stripe show this name. */
export function ticketName(event: Pick<RegistrationEventRow, 'name' | 'start_date' | 'time_zone'>): string {
  const when = formatInZone(event.start_date, knownZone(event.time_zone));
  return when ? `${event.name} — ticket (${when})` : `${event.name} — ticket`;
}

/** Whether an event sells tickets: a price and a capacity (an unlimited paid event has no stock to sell from). */
const sellsTickets = (event: Pick<RegistrationEventRow, 'price_cents' | 'capacity'>) =>
  event.price_cents > 0 && event.capacity > 0;

/**
 * Brings an event's ticket product in line with the event after an admin's write (create, edit, publish, delete):
 * made on the first save of a paid event with a capacity, then renamed, repriced and restocked with it; unpublished
 * when the event is free, has no capacity, is unpublished or is gone. Call it inside the write's transaction.
 */
export async function syncEventTicket(db: Db, eventId: string): Promise<void> {
  const [event, ticket] = await Promise.all([findEventById(db, eventId), findTicketOfEvent(db, eventId)]);
  const now = new Date().toISOString();
  if (!event || !sellsTickets(event)) {
    // Kept (orders name it), off sale; a deleted event's picture is no longer held by its ticket.
    if (ticket)
      await updateTicket(db, ticket.id, { published: false, updated_at: now, ...(event ? {} : { image: '' }) });
    return;
  }
  const held = ticket ? await heldByPendingOrders(db, ticket.id) : 0;
  const fields = {
    name: ticketName(event),
    description: `A seat at ${event.name}.`,
    price_cents: event.price_cents,
    stock: Math.max(0, event.capacity - event.registrations - held),
    image: event.image,
    published: bool(event.published),
    updated_at: now,
  };
  let id = ticket?.id;
  if (id) await updateTicket(db, id, fields);
  else {
    id = randomUUID();
    const slug = await freeSlug(db, 'products', `${event.name} ticket`, 'ticket');
    await insertTicket(db, { id, slug, event_id: event.id, created_at: now, ...fields });
  }
  if (event.ticket_product_id !== id) await linkTicket(db, event.id, id);
}

/** The seats of each event an order's ticket lines hold. */
async function seatsByEvent(db: Db, orderId: string) {
  const seats = new Map<string, { productId: string; seats: number }>();
  for (const line of await orderTicketLines(db, orderId)) {
    const entry = seats.get(line.event_id) ?? { productId: line.product_id, seats: 0 };
    entry.seats += line.quantity;
    seats.set(line.event_id, entry);
  }
  return seats;
}

/**
 * What an order's status change does to the events it holds tickets for, inside the change's transaction: paid, each
 * event's confirmed seats go up and a registration names the buyer and the order; cancelled or refunded after the
 * payment, those registrations are cancelled and their seats go back on sale (a cancellation's stock the caller has
 * already returned with the order's other items; a refund returns only the tickets: goods stay with the customer).
 */
export async function settleOrderTickets(db: Db, orderId: string, from: string, to: OrderStatus): Promise<void> {
  const wasPaid = (REVENUE_STATUSES as readonly string[]).includes(from);
  if (to === 'paid' && from === 'pending') {
    const seats = await seatsByEvent(db, orderId);
    const buyer = seats.size > 0 ? await findOrderBuyer(db, orderId) : undefined;
    if (!buyer) return;
    const at = new Date().toISOString();
    for (const [eventId, line] of seats) {
      await addSeats(db, eventId, line.seats);
      await insertRegistration(db, {
        id: randomUUID(),
        event_id: eventId,
        user_id: buyer.user_id,
        name: buyer.customer_name || buyer.ship_name || buyer.customer_email,
        email: buyer.customer_email.trim().toLowerCase(),
        seats: line.seats,
        status: 'confirmed',
        // Nobody holds this token: an order's seats are given back by cancelling or refunding the order.
        cancel_token_hash: sha256Hex(randomBytes(32).toString('base64url')),
        created_at: at,
        cancelled_at: null,
        source: 'order',
        order_id: orderId,
      });
    }
    return;
  }
  if (!wasPaid || (to !== 'cancelled' && to !== 'refunded')) return;
  const at = new Date().toISOString();
  for (const registration of await liveOrderRegistrations(db, orderId)) {
    await setStatus(db, registration.id, 'cancelled', at);
    await releaseSeats(db, registration.event_id, registration.seats);
  }
  if (to === 'refunded')
    for (const line of (await seatsByEvent(db, orderId)).values()) await restockTicket(db, line.productId, line.seats);
}

/** The calendar files (/events/{slug}.ics) of the events whose tickets are among `productIds`, for the order's mail. */
export async function ticketCalendarLinks(
  db: Db,
  siteUrl: string,
  productIds: readonly string[],
): Promise<{ name: string; url: string }[]> {
  return (await ticketEvents(db, productIds)).map((e) => ({
    name: e.name,
    url: `${siteUrl}${eventCalendarPath(e.slug)}`,
  }));
}
