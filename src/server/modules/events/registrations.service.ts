/**
 * Event registrations: a sign-up is confirmed while its seats fit the event's capacity, else it waits; a cancellation
 * frees its seats and moves the waiting list up in order. Each decision and its write share one short transaction,
 * and the seats are taken with a conditional UPDATE of the event's counter (takeSeats), so parallel sign-ups never
 * overbook on either database. Mails go after the commit. The cancel link's token is stored as SHA-256 only.
 */
import { randomUUID } from 'node:crypto';
import {
  ALREADY_REGISTERED,
  CANCEL_INVALID,
  NOT_OPEN,
  REGISTERED,
  WAITING,
  placeFor,
  placesLeft,
  promotions,
  type AdminRegistration,
  type EventAvailability,
  type EventRegistrationList,
  type EventRegistrationSummary,
  type RegistrationAnswer,
  type RegistrationStatus,
} from '../../../shared/events.ts';
import type { RegistrationValues } from '../../../shared/schemas/event-registration.ts';
import type { Db } from '../../db/connection.ts';
import { isUniqueViolation } from '../../db/storage-errors.ts';
import type { Env } from '../../env.ts';
import { ApiError, fieldError, notFound } from '../../http/errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { mailBrand } from '../auth/auth-mails.ts';
import { newOpaqueToken, sha256Hex } from '../auth/tokens.ts';
import { bool, eventFromRow } from '../content/content.mappers.ts';
import { orderReference } from '../orders/orders-mails.ts';
import { cancelLink, registrationMail, type RegistrationMailKind } from './registration-mails.ts';
import {
  countWaiting,
  findByCancelHash,
  findEventById,
  findLiveByEmail,
  findPublishedEvent,
  findRegistration,
  findTicketProduct,
  insertRegistration,
  listEventSummaries,
  listRegistrations,
  listWaiting,
  releaseSeats,
  setStatus,
  takeSeats,
  waitingOf,
  type EventSummaryRow,
  type RegistrationEventRow,
  type RegistrationRow,
} from './registrations.repository.ts';

export interface RegistrationContext {
  db: Db;
  env: Pick<Env, 'SITE_URL'>;
  mailer: Mailer;
}

/** A mail to send once the transaction that decided it has committed. */
interface PendingMail {
  kind: RegistrationMailKind;
  to: string;
  name: string;
  seats: number;
  /** The cancel link's token (only a new registration has it in the clear). */
  token?: string;
}

const EVENT_NOT_FOUND = 'Event not found';
const ENDED = 'This event is over and takes no more registrations.';

const hasEnded = (row: Pick<RegistrationEventRow, 'end_date' | 'start_date'>, now: Date) =>
  Date.parse(row.end_date || row.start_date) <= now.getTime();

/** The place count an event page shows, read now. */
async function availabilityOf(db: Db, row: RegistrationEventRow, now = new Date()): Promise<EventAvailability> {
  const ticket = row.ticket_product_id ? await findTicketProduct(db, row.ticket_product_id) : undefined;
  return {
    eventId: row.id,
    capacity: row.capacity,
    confirmedSeats: row.registrations,
    placesLeft: placesLeft(row.capacity, row.registrations),
    waiting: await countWaiting(db, row.id),
    free: row.price_cents === 0,
    ticket: ticket && bool(ticket.published) ? { productId: ticket.id, stock: Math.max(0, ticket.stock) } : null,
    ended: hasEnded(row, now),
  };
}

/** GET /api/events/{id or slug}/availability. */
export async function eventAvailability(db: Db, key: string): Promise<EventAvailability> {
  const row = await findPublishedEvent(db, key);
  if (!row) throw notFound(EVENT_NOT_FOUND);
  return availabilityOf(db, row);
}

/**
 * POST /api/events/{id or slug}/registrations: confirmed or waiting, decided and written in one transaction (both
 * databases run transactions one at a time, and takeSeats guards the counter in its own statement as well).
 */
export async function register(
  ctx: RegistrationContext,
  key: string,
  values: RegistrationValues,
  userId: string | null,
  now = new Date(),
): Promise<RegistrationAnswer> {
  const token = newOpaqueToken();
  let decided: { status: 'confirmed' | 'waiting'; event: RegistrationEventRow };
  try {
    decided = await ctx.db.transaction().execute(async (trx) => {
      const event = await findPublishedEvent(trx, key);
      if (!event) throw notFound(EVENT_NOT_FOUND);
      if (event.price_cents > 0) throw new ApiError(409, NOT_OPEN);
      if (hasEnded(event, now)) throw new ApiError(409, ENDED);
      if (event.capacity > 0 && values.seats > event.capacity)
        throw fieldError(
          400,
          `This event has ${event.capacity === 1 ? '1 place' : `${event.capacity} places`} in all: choose fewer seats.`,
          'seats',
        );
      if (await findLiveByEmail(trx, event.id, values.email)) throw fieldError(409, ALREADY_REGISTERED, 'email');
      const wanted = placeFor(event.capacity, event.registrations, values.seats, await countWaiting(trx, event.id));
      const status = wanted === 'confirmed' && (await takeSeats(trx, event.id, values.seats)) ? 'confirmed' : 'waiting';
      await insertRegistration(trx, {
        id: randomUUID(),
        event_id: event.id,
        user_id: userId,
        name: values.name,
        email: values.email,
        seats: values.seats,
        status,
        cancel_token_hash: sha256Hex(token),
        created_at: now.toISOString(),
        cancelled_at: null,
      });
      return { status, event };
    });
  } catch (error) {
    // The same address in two requests at once: the unique index let one in.
    if (isUniqueViolation(error)) throw fieldError(409, ALREADY_REGISTERED, 'email');
    throw error;
  }
  const { status, event } = decided;
  sendMails(ctx, event, [{ kind: status, to: values.email, name: values.name, seats: values.seats, token }]);
  const fresh = await findEventById(ctx.db, event.id);
  return {
    message: status === 'confirmed' ? REGISTERED : WAITING,
    status,
    seats: values.seats,
    availability: await availabilityOf(ctx.db, fresh ?? event, now),
  };
}

/**
 * Moves the waiting list up while seats are free (inside the caller's transaction), oldest first; answers who moved
 * up, for their mails after the commit.
 */
export async function promoteWaiting(db: Db, eventId: string): Promise<RegistrationRow[]> {
  const event = await findEventById(db, eventId);
  if (!event) return [];
  const moved: RegistrationRow[] = [];
  for (const entry of promotions(event.capacity, event.registrations, await listWaiting(db, eventId))) {
    // The counter's own guard decides; the plan above only chose whom to try, in order.
    if (!(await takeSeats(db, eventId, entry.seats))) break;
    await setStatus(db, entry.id, 'confirmed');
    moved.push(entry);
  }
  return moved;
}

/** Cancels a registration row inside a transaction: its seats freed and the waiting list moved up. */
async function cancelRow(db: Db, row: RegistrationRow, now: Date): Promise<RegistrationRow[]> {
  await setStatus(db, row.id, 'cancelled', now.toISOString());
  if (row.status === 'confirmed') await releaseSeats(db, row.event_id, row.seats);
  return promoteWaiting(db, row.event_id);
}

/** POST /api/events/registrations/cancel: the mailed link's token cancels its registration once. */
export async function cancelByToken(ctx: RegistrationContext, token: string, now = new Date()): Promise<void> {
  const invalid = fieldError(400, CANCEL_INVALID, 'token');
  const result = await ctx.db.transaction().execute(async (trx) => {
    const row = await findByCancelHash(trx, sha256Hex(token));
    if (!row || row.status === 'cancelled') throw invalid;
    return { eventId: row.event_id, promoted: await cancelRow(trx, row, now) };
  });
  await mailPromoted(ctx, result.eventId, result.promoted);
}

/** POST /api/admin/events/{id}/registrations/{registrationId}/cancel: the admin cancels; the person is told. */
export async function cancelByAdmin(
  ctx: RegistrationContext,
  eventId: string,
  registrationId: string,
  now = new Date(),
): Promise<AdminRegistration> {
  const result = await ctx.db.transaction().execute(async (trx) => {
    const row = await findRegistration(trx, eventId, registrationId);
    if (!row) throw notFound('Registration not found');
    if (row.status === 'cancelled') throw new ApiError(409, 'This registration is already cancelled');
    // The order's payment stands behind these seats: cancelling or refunding the order gives them back.
    if (row.source === 'order')
      throw new ApiError(
        409,
        `These seats were bought with order ${orderReference(row.order_id ?? '')}: cancel or refund the order instead`,
      );
    return { row, promoted: await cancelRow(trx, row, now) };
  });
  const event = await findEventById(ctx.db, eventId);
  if (event) {
    const { row } = result;
    sendMails(ctx, event, [{ kind: 'cancelled', to: row.email, name: row.name, seats: row.seats }]);
  }
  await mailPromoted(ctx, eventId, result.promoted);
  return adminRegistration({ ...result.row, status: 'cancelled', cancelled_at: now.toISOString() });
}

async function mailPromoted(ctx: RegistrationContext, eventId: string, promoted: RegistrationRow[]): Promise<void> {
  if (promoted.length === 0) return;
  const event = await findEventById(ctx.db, eventId);
  if (!event) return;
  sendMails(
    ctx,
    event,
    promoted.map((p) => ({ kind: 'promoted' as const, to: p.email, name: p.name, seats: p.seats })),
  );
}

/**
 * Sends after the commit without holding up the answer; a failure is logged and the registration stands. A mail
 * sent later than its sign-up (a promotion, an admin's cancellation) has no cancel token in the clear: a promoted
 * person keeps the link of their first mail.
 */
function sendMails(ctx: RegistrationContext, row: RegistrationEventRow, mails: PendingMail[]): void {
  const { SITE_URL } = ctx.env;
  const event = eventFromRow(row);
  void mailBrand(ctx.db, SITE_URL)
    .then(async (brand) => {
      for (const m of mails)
        await ctx.mailer.send(
          registrationMail(brand, m.kind, {
            to: m.to,
            name: m.name,
            seats: m.seats,
            event,
            siteUrl: SITE_URL,
            ...(m.token ? { cancelUrl: cancelLink(SITE_URL, m.token) } : {}),
          }),
        );
    })
    .catch((error: unknown) =>
      console.error(
        JSON.stringify({
          level: 'error',
          event: 'event-registration.mail.failure',
          reason: error instanceof Error ? error.message : 'unknown',
        }),
      ),
    );
}

const adminRegistration = (r: RegistrationRow): AdminRegistration => ({
  _id: r.id,
  name: r.name,
  email: r.email,
  seats: r.seats,
  status: r.status as RegistrationStatus,
  userId: r.user_id,
  createdAt: r.created_at,
  cancelledAt: r.cancelled_at,
  source: r.source === 'order' ? 'order' : 'form',
  orderId: r.order_id,
});

const summaryOf = (
  r: Pick<
    EventSummaryRow,
    'id' | 'slug' | 'name' | 'start_date' | 'time_zone' | 'published' | 'price_cents' | 'capacity' | 'registrations'
  >,
  waiting: number,
  waitingSeats: number,
): EventRegistrationSummary => ({
  _id: r.id,
  slug: r.slug,
  name: r.name,
  start_date: r.start_date,
  timeZone: r.time_zone || 'UTC',
  published: bool(r.published),
  free: r.price_cents === 0,
  capacity: r.capacity,
  confirmedSeats: r.registrations,
  waiting,
  waitingSeats,
});

/** GET /api/admin/event-registrations: every event with its confirmed seats, capacity and waiting list. */
export async function eventSummaries(db: Db): Promise<EventRegistrationSummary[]> {
  return (await listEventSummaries(db)).map((r) => summaryOf(r, Number(r.waiting), Number(r.waiting_seats)));
}

/** GET /api/admin/events/{id}/registrations. */
export async function eventRegistrations(db: Db, eventId: string): Promise<EventRegistrationList> {
  const event = await findEventById(db, eventId);
  if (!event) throw notFound(EVENT_NOT_FOUND);
  const waiting = await waitingOf(db, eventId);
  return {
    event: summaryOf(event, waiting.waiting, waiting.seats),
    results: (await listRegistrations(db, eventId)).map(adminRegistration),
  };
}

/** After an admin's edit of an event (a larger capacity): the waiting list moved up as far as it now fits, and told. */
export async function promoteAfterEdit(ctx: RegistrationContext, eventId: string): Promise<number> {
  const promoted = await ctx.db.transaction().execute((trx) => promoteWaiting(trx, eventId));
  await mailPromoted(ctx, eventId, promoted);
  return promoted.length;
}
