/** What event registrations read and write (Kysely only): the event's counter and the registration rows. */
import type { Insertable } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { EventRegistrationsTable } from '../../db/schema.ts';

/** A published event by its id or its slug (the event page knows both; a mail or a bookmark may carry either). */
export function findPublishedEvent(db: Db, key: string) {
  return db
    .selectFrom('events')
    .selectAll()
    .where((eb) => eb.or([eb('id', '=', key), eb('slug', '=', key)]))
    .where('published', '=', true)
    .executeTakeFirst();
}

/** Any event by id, drafts included (the admin's screen). */
export function findEventById(db: Db, id: string) {
  return db.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirst();
}

export type RegistrationEventRow = NonNullable<Awaited<ReturnType<typeof findEventById>>>;

/**
 * Adds `seats` to the event's confirmed count only while they fit its capacity (0 = unlimited): one conditional
 * UPDATE, like checkout's takeStock, so of sign-ups racing for the last places only as many succeed as there are
 * places, whatever else the transaction read before.
 */
export async function takeSeats(db: Db, eventId: string, seats: number): Promise<boolean> {
  const result = await db
    .updateTable('events')
    .set((eb) => ({ registrations: eb('registrations', '+', seats) }))
    .where('id', '=', eventId)
    .where((eb) => eb.or([eb('capacity', '<=', 0), eb(eb('registrations', '+', seats), '<=', eb.ref('capacity'))]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Gives `seats` back (a cancelled confirmed registration); never below zero. */
export async function releaseSeats(db: Db, eventId: string, seats: number): Promise<void> {
  await db
    .updateTable('events')
    .set((eb) => ({
      registrations: eb
        .case()
        .when('registrations', '>=', seats)
        .then(eb('registrations', '-', seats))
        .else(0)
        .end(),
    }))
    .where('id', '=', eventId)
    .execute();
}

/** The event's confirmed-seat counter as it stands (read inside the transaction that changes it). */
export async function confirmedSeats(db: Db, eventId: string): Promise<number> {
  const row = await db.selectFrom('events').select('registrations').where('id', '=', eventId).executeTakeFirst();
  return row?.registrations ?? 0;
}

export async function countWaiting(db: Db, eventId: string): Promise<number> {
  const row = await db
    .selectFrom('event_registrations')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .where('event_id', '=', eventId)
    .where('status', '=', 'waiting')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The live (not cancelled) registration of an address for an event, if any. */
export function findLiveByEmail(db: Db, eventId: string, email: string) {
  return db
    .selectFrom('event_registrations')
    .select(['id', 'status'])
    .where('event_id', '=', eventId)
    .where('email', '=', email)
    .where('status', '<>', 'cancelled')
    .executeTakeFirst();
}

export async function insertRegistration(db: Db, row: Insertable<EventRegistrationsTable>): Promise<void> {
  await db.insertInto('event_registrations').values(row).execute();
}

export function findByCancelHash(db: Db, hash: string) {
  return db.selectFrom('event_registrations').selectAll().where('cancel_token_hash', '=', hash).executeTakeFirst();
}

export function findRegistration(db: Db, eventId: string, id: string) {
  return db
    .selectFrom('event_registrations')
    .selectAll()
    .where('event_id', '=', eventId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The waiting list, oldest first (the order it is served in). */
export function listWaiting(db: Db, eventId: string) {
  return db
    .selectFrom('event_registrations')
    .selectAll()
    .where('event_id', '=', eventId)
    .where('status', '=', 'waiting')
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

export type RegistrationRow = Awaited<ReturnType<typeof listWaiting>>[number];

export async function setStatus(
  db: Db,
  id: string,
  status: 'confirmed' | 'cancelled',
  cancelledAt: string | null = null,
): Promise<void> {
  await db.updateTable('event_registrations').set({ status, cancelled_at: cancelledAt }).where('id', '=', id).execute();
}

/** Every registration of an event, in the order they came. */
export function listRegistrations(db: Db, eventId: string) {
  return db
    .selectFrom('event_registrations')
    .selectAll()
    .where('event_id', '=', eventId)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

/** Every event (drafts too) with its waiting list's size, soonest first: the admin's registrations screen. */
export function listEventSummaries(db: Db) {
  return db
    .selectFrom('events')
    .leftJoin('event_registrations as r', (join) =>
      join.onRef('r.event_id', '=', 'events.id').on('r.status', '=', 'waiting'),
    )
    .select((eb) => [
      'events.id',
      'events.slug',
      'events.name',
      'events.start_date',
      'events.time_zone',
      'events.published',
      'events.price_cents',
      'events.capacity',
      'events.registrations',
      eb.fn.count<number | string | bigint>('r.id').as('waiting'),
      eb.fn.coalesce(eb.fn.sum<number | string | bigint | null>('r.seats'), eb.lit(0)).as('waiting_seats'),
    ])
    .groupBy([
      'events.id',
      'events.slug',
      'events.name',
      'events.start_date',
      'events.time_zone',
      'events.published',
      'events.price_cents',
      'events.capacity',
      'events.registrations',
    ])
    .orderBy('events.start_date', 'asc')
    .orderBy('events.id')
    .execute();
}

export type EventSummaryRow = Awaited<ReturnType<typeof listEventSummaries>>[number];

/** The waiting list's size and seats of one event. */
export async function waitingOf(db: Db, eventId: string): Promise<{ waiting: number; seats: number }> {
  const row = await db
    .selectFrom('event_registrations')
    .select((eb) => [
      eb.fn.countAll<number | string | bigint>().as('n'),
      eb.fn.coalesce(eb.fn.sum<number | string | bigint | null>('seats'), eb.lit(0)).as('seats'),
    ])
    .where('event_id', '=', eventId)
    .where('status', '=', 'waiting')
    .executeTakeFirst();
  return { waiting: Number(row?.n ?? 0), seats: Number(row?.seats ?? 0) };
}

/** The stock of the product that sells an event's tickets, when it is published. */
export function findTicketProduct(db: Db, productId: string) {
  return db.selectFrom('products').select(['id', 'stock', 'published']).where('id', '=', productId).executeTakeFirst();
}
