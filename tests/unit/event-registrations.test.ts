/** The capacity rule, the registration mails with their .ics, and the registrations CSV, as pure functions. */
import { describe, expect, it } from 'vitest';
import { registrationMail, eventWhenText } from '../../src/server/modules/events/registration-mails.ts';
import { registrationsCsv, registrationsCsvName } from '../../src/server/modules/events/registrations-csv.ts';
import { availabilityLine, placeFor, placesLeft, promotions } from '../../src/shared/events.ts';
import type { EventRegistrationList } from '../../src/shared/events.ts';
import { omit } from '../../src/shared/omit.ts';
import type { SiteEvent } from '../../src/shared/types.ts';

describe('the capacity rule', () => {
  it.each([
    // capacity, confirmed, seats, waiting ahead, place
    [0, 5000, 10, 3, 'confirmed'],
    [10, 0, 10, 0, 'confirmed'],
    [10, 7, 3, 0, 'confirmed'],
    [10, 8, 3, 0, 'waiting'],
    [10, 10, 1, 0, 'waiting'],
    [10, 2, 1, 1, 'waiting'],
  ] as const)(
    'capacity %i with %i confirmed: %i seats with %i waiting go %s',
    (cap, confirmed, seats, ahead, place) => {
      expect(placeFor(cap, confirmed, seats, ahead)).toBe(place);
    },
  );

  it('moves the waiting list up in order while the seats fit, never letting a smaller party overtake', () => {
    const list = [
      { id: 'a', seats: 2 },
      { id: 'b', seats: 3 },
      { id: 'c', seats: 1 },
    ];
    expect(promotions(10, 8, list).map((e) => e.id)).toEqual(['a']);
    expect(promotions(10, 5, list).map((e) => e.id)).toEqual(['a', 'b']);
    expect(promotions(10, 4, list).map((e) => e.id)).toEqual(['a', 'b', 'c']);
    expect(promotions(10, 9, list)).toEqual([]);
    expect(promotions(0, 1000, list)).toHaveLength(3);
  });

  it('says how many places are left, or that the event is full', () => {
    expect(placesLeft(0, 12)).toBeNull();
    expect(placesLeft(10, 12)).toBe(0);
    expect(availabilityLine({ capacity: 0, confirmedSeats: 3, waiting: 0 })).toBe('');
    expect(availabilityLine({ capacity: 10, confirmedSeats: 3, waiting: 0 })).toBe('7 places left');
    expect(availabilityLine({ capacity: 10, confirmedSeats: 9, waiting: 0 })).toBe('1 place left');
    expect(availabilityLine({ capacity: 10, confirmedSeats: 10, waiting: 0 })).toBe('Full — join the waiting list');
    // Places freed while people wait go to them first.
    expect(availabilityLine({ capacity: 10, confirmedSeats: 8, waiting: 2 })).toBe('Full — join the waiting list');
  });
});

const EVENT: SiteEvent = {
  _id: 'e-1',
  slug: 'harbour-jazz-night',
  name: 'Jazz; brass, and strings',
  title: '',
  description: 'Two sets on the terrace.',
  image: '',
  address: '1020 SW Naito Parkway',
  city: 'Portland',
  start_date: '2026-07-02T01:00:00.000Z',
  end_date: '2026-07-02T04:00:00.000Z',
  date: '2026-07-02T01:00:00.000Z',
  location: 'Waterfront Terrace',
  category: 'Concert',
  eventType: 'local',
  isVirtual: false,
  registrations: 0,
  price: 0,
  timeZone: 'America/Los_Angeles',
};
const BRAND = { name: 'Northwind Studio', logoUrl: null, primaryColor: '#0091ea' };
const MAIL = {
  to: 'ada@example.com',
  name: 'Ada',
  seats: 2,
  event: EVENT,
  siteUrl: 'https://site.example',
  cancelUrl: 'https://site.example/events/cancel?token=abc',
  now: new Date('2026-06-01T08:30:00Z'),
};
const octets = (line: string) => new TextEncoder().encode(line).length;

describe('the registration mails', () => {
  it("say the event's time on its own zone's clocks", () => {
    expect(eventWhenText({ ...EVENT, timeZone: 'UTC' })).toBe('Thursday, Jul 2, 2026, 1:00 AM – 4:00 AM UTC');
    expect(eventWhenText(EVENT)).toBe('Wednesday, Jul 1, 2026, 6:00 PM – 9:00 PM PDT (Pacific Time)');
  });

  it('confirm with the details, the cancel link and a correct .ics attachment', () => {
    const mail = registrationMail(BRAND, 'confirmed', MAIL);
    expect(mail.subject).toBe("Northwind Studio: you're registered for Jazz; brass, and strings");
    expect(mail.text).toContain('Where: Waterfront Terrace, 1020 SW Naito Parkway, Portland');
    expect(mail.text).toContain('Seats: 2 seats');
    expect(mail.text).toContain('Cancel my registration: https://site.example/events/cancel?token=abc');
    expect(mail.html).toContain('href="https://site.example/events/cancel?token=abc"');
    const [ics] = mail.attachments ?? [];
    expect(ics?.filename).toBe('harbour-jazz-night.ics');
    expect(ics?.contentType).toMatch(/^text\/calendar/);
    const text = ics?.content ?? '';
    const lines = text.split('\r\n');
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(lines.every((l) => octets(l) <= 75)).toBe(true);
    const unfolded = text.replace(/\r\n /g, '').split('\r\n');
    expect(unfolded).toEqual(
      expect.arrayContaining([
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'BEGIN:VEVENT',
        'UID:e-1@site.example',
        'DTSTAMP:20260601T083000Z',
        'DTSTART:20260702T010000Z',
        'DTEND:20260702T040000Z',
        'SUMMARY:Jazz\\; brass\\, and strings',
        'LOCATION:1020 SW Naito Parkway\\, Portland',
        'END:VEVENT',
        'END:VCALENDAR',
      ]),
    );
  });

  it('tell a waiting person so, without a calendar file; a promoted one gets it', () => {
    const waiting = registrationMail(BRAND, 'waiting', MAIL);
    expect(waiting.subject).toContain("you're on the waiting list");
    expect(waiting.text).toContain('Seats asked for: 2 seats');
    expect(waiting.attachments).toBeUndefined();
    const promoted = registrationMail(BRAND, 'promoted', { ...omit(MAIL, 'cancelUrl'), seats: 1 });
    expect(promoted.subject).toContain("you're now registered");
    expect(promoted.text).toContain('Seats: 1 seat');
    expect(promoted.text).not.toContain('Cancel my registration');
    expect(promoted.attachments?.[0]?.content).toContain('BEGIN:VEVENT');
  });
});

describe('the registrations CSV', () => {
  const list: EventRegistrationList = {
    event: {
      _id: 'e-1',
      slug: 'harbour-jazz-night',
      name: 'Jazz',
      start_date: EVENT.start_date,
      timeZone: 'UTC',
      published: true,
      free: true,
      capacity: 10,
      confirmedSeats: 3,
      waiting: 1,
      waitingSeats: 1,
    },
    results: [
      {
        _id: 'r1',
        name: '=SUM(A1:A9)',
        email: 'a@example.com',
        seats: 2,
        status: 'confirmed',
        userId: 'u1',
        createdAt: '2026-06-01T10:00:00.000Z',
        cancelledAt: null,
        source: 'form',
        orderId: null,
      },
      {
        _id: 'r2',
        name: '+1 555, "Bob"',
        email: '@bob@example.com',
        seats: 1,
        status: 'cancelled',
        userId: null,
        createdAt: '2026-06-02T10:00:00.000Z',
        cancelledAt: '2026-06-03T10:00:00.000Z',
        source: 'order',
        orderId: '1a2b3c4d-0000-4000-8000-000000000000',
      },
      {
        _id: 'r3',
        name: '-Eve',
        email: 'eve@example.com',
        seats: 1,
        status: 'waiting',
        userId: null,
        createdAt: '2026-06-04T10:00:00.000Z',
        cancelledAt: null,
        source: 'form',
        orderId: null,
      },
    ],
  };

  it('writes one CRLF row per registration, with formula-leading cells defused', () => {
    const csv = registrationsCsv(list);
    expect(csv.startsWith('\ufeff')).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'Name,Email,Seats,Status,Registered at (UTC),Cancelled at (UTC),Signed in,Order',
      "'=SUM(A1:A9),a@example.com,2,confirmed,2026-06-01T10:00:00.000Z,,yes,",
      `"'+1 555, ""Bob""",'@bob@example.com,1,cancelled,2026-06-02T10:00:00.000Z,2026-06-03T10:00:00.000Z,no,#1A2B3C4D`,
      "'-Eve,eve@example.com,1,waiting,2026-06-04T10:00:00.000Z,,no,",
      '',
    ]);
    expect(registrationsCsvName(list)).toBe('registrations-harbour-jazz-night.csv');
  });
});
