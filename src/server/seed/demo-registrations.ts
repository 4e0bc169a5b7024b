/**
 * The demo's event registrations: rows behind each free event's seeded count (events.registrations counts confirmed
 * seats), and a capacity for some of them, so the event pages show places left and one shows a full event; the paid
 * events with a capacity sell their remaining seats as tickets.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { EventRegistrationsTable } from '../db/schema.ts';
import { sha256Hex } from '../modules/auth/tokens.ts';

/**
 * Capacities by event name; the rest are unlimited. The game jam is full, so its page offers the waiting list; the jazz
 * night and the online class are paid, so their pages sell the seats left as tickets.
 */
export const DEMO_CAPACITIES: Readonly<Record<string, number>> = {
  'Lunchtime Sketching Workshop': 20,
  'Harbour Jazz Night': 180,
  'Photography Basics Online': 150,
  'Open Studio: New Collection': 120,
  'Indie Game Jam': 410,
};

const FIRST = [
  'Avery',
  'Jordan',
  'Sam',
  'Riley',
  'Morgan',
  'Casey',
  'Jamie',
  'Alex',
  'Taylor',
  'Quinn',
  'Robin',
  'Drew',
];
const LAST = ['Chen', 'Okafor', 'Silva', 'Novak', 'Haddad', 'Kowalski', 'Tanaka', 'Moreau', 'Larsen', 'Patel', 'Reyes'];
/** Party sizes in turn, so the rows look like people coming alone, in pairs and in small groups. */
const PARTIES = [2, 1, 3, 1, 2, 4, 1, 2, 1, 5, 2, 1];

/** Confirmed registrations whose seats add up to `seats`, registered over the `days` before `now`. */
export function demoRegistrations(
  eventId: string,
  seats: number,
  now: Date,
  days = 20,
): Insertable<EventRegistrationsTable>[] {
  const rows: Insertable<EventRegistrationsTable>[] = [];
  for (let left = seats, n = 0; left > 0; n++) {
    const party = Math.min(left, PARTIES[n % PARTIES.length] ?? 1);
    left -= party;
    const first = FIRST[n % FIRST.length] ?? 'Guest';
    const last = LAST[Math.floor(n / FIRST.length) % LAST.length] ?? 'Visitor';
    rows.push({
      id: randomUUID(),
      event_id: eventId,
      user_id: null,
      name: `${first} ${last}`,
      email: `${first}.${last}.${n}@example.com`.toLowerCase(),
      seats: party,
      status: 'confirmed',
      cancel_token_hash: sha256Hex(randomBytes(32).toString('base64url')),
      created_at: new Date(now.getTime() - ((days * 86_400_000) / Math.max(1, seats)) * left - 60_000).toISOString(),
      cancelled_at: null,
    });
  }
  return rows;
}
