/**
 * Event registrations: the statuses, limits, texts and answers shared by the server, the event page's registration
 * form and the admin screen, and the capacity rule (who is confirmed, who waits, who moves up). No zod here: the
 * event page's island imports this file and stays small.
 */

export const REGISTRATION_STATUSES = ['confirmed', 'waiting', 'cancelled'] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

/** Seats one registration may take. */
export const SEATS_MAX = 10;
export const REGISTRATION_NAME_MAX = 100;
export const REGISTRATION_EMAIL_MAX = 254;
/** The highest capacity an admin may set (0 = unlimited). */
export const CAPACITY_MAX = 100_000;

export const REGISTERED = "You're registered";
export const WAITING = "You're on the waiting list";
export const ALREADY_REGISTERED =
  'This email address is already registered for this event. Use the cancel link in your confirmation email to change it.';
export const NOT_OPEN = 'This event does not take registrations.';
export const CANCEL_INVALID = 'This cancel link is invalid or the registration was already cancelled.';
export const CANCELLED = 'Your registration is cancelled. Thank you for letting us know.';

/** What the event page shows before a sign-up: GET /api/events/{id or slug}/availability. */
export interface EventAvailability {
  eventId: string;
  /** 0 = unlimited. */
  capacity: number;
  /** Seats confirmed (registrations, and tickets sold for a paid event). */
  confirmedSeats: number;
  /** null when unlimited. */
  placesLeft: number | null;
  /** Registrations on the waiting list. */
  waiting: number;
  /** Free events take registrations; paid ones sell tickets (when a ticket product is linked). */
  free: boolean;
  /** The product that sells a paid event's tickets, when it is on sale. */
  ticket: { productId: string; stock: number } | null;
  /** The event is over: no more sign-ups. */
  ended: boolean;
}

/** POST /api/events/{id or slug}/registrations answers this (201). */
export interface RegistrationAnswer {
  message: string;
  status: Exclude<RegistrationStatus, 'cancelled'>;
  seats: number;
  availability: EventAvailability;
}

/** A registration as the admin sees it. */
export interface AdminRegistration {
  _id: string;
  name: string;
  email: string;
  seats: number;
  status: RegistrationStatus;
  /** Signed in when registering. */
  userId: string | null;
  createdAt: string;
  cancelledAt: string | null;
  /** 'form': the event page's sign-up; 'order': tickets of a paid order (orderId names it). */
  source: RegistrationSource;
  orderId: string | null;
}

export const REGISTRATION_SOURCES = ['form', 'order'] as const;
export type RegistrationSource = (typeof REGISTRATION_SOURCES)[number];

/** The event page's line over a paid event's 'Add to cart'. */
export function ticketsLine(stock: number): string {
  return stock > 0 ? `Tickets left: ${stock}` : 'Sold out';
}

/** One event on the admin's registrations screen. */
export interface EventRegistrationSummary {
  _id: string;
  slug: string;
  name: string;
  start_date: string;
  timeZone: string;
  published: boolean;
  free: boolean;
  capacity: number;
  /** Confirmed seats (events.registrations). */
  confirmedSeats: number;
  /** Seats on the waiting list. */
  waitingSeats: number;
  /** Registrations on the waiting list. */
  waiting: number;
}

/** GET /api/admin/events/{id}/registrations. */
export interface EventRegistrationList {
  event: EventRegistrationSummary;
  results: AdminRegistration[];
}

/** Places left: null when unlimited, never below 0. */
export const placesLeft = (capacity: number, confirmedSeats: number): number | null =>
  capacity > 0 ? Math.max(0, capacity - confirmedSeats) : null;

/**
 * Where a new registration of `seats` goes: confirmed while it fits and nobody waits before it (the waiting list is
 * served in order, so a newcomer never jumps it); otherwise waiting.
 */
export function placeFor(
  capacity: number,
  confirmedSeats: number,
  seats: number,
  waitingAhead: number,
): 'confirmed' | 'waiting' {
  if (capacity <= 0) return 'confirmed';
  return waitingAhead === 0 && confirmedSeats + seats <= capacity ? 'confirmed' : 'waiting';
}

/**
 * Who moves up from the waiting list (oldest first) once seats are free: each in turn while their seats fit, stopping
 * at the first who does not fit, so nobody is overtaken by a smaller party behind them.
 */
export function promotions<T extends { seats: number }>(
  capacity: number,
  confirmedSeats: number,
  waiting: readonly T[],
): T[] {
  const moved: T[] = [];
  let taken = confirmedSeats;
  for (const entry of waiting) {
    if (capacity > 0 && taken + entry.seats > capacity) break;
    moved.push(entry);
    taken += entry.seats;
  }
  return moved;
}

/** The event page's line over the form: 'N places left', 'Full — join the waiting list', or nothing when unlimited. */
export function availabilityLine(a: Pick<EventAvailability, 'capacity' | 'confirmedSeats' | 'waiting'>): string {
  const left = placesLeft(a.capacity, a.confirmedSeats);
  if (left === null) return '';
  if (left === 0 || a.waiting > 0) return 'Full — join the waiting list';
  return left === 1 ? '1 place left' : `${left} places left`;
}
