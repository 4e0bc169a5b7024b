/** An event's versions: the fields kept at each save, as the history names and compares them. */
import type { Selectable } from 'kysely';
import { EVENT_TYPES } from '../../../shared/constants.ts';
import { centsToAmount } from '../../../shared/money.ts';
import type { EventDraftFields, EventValues } from '../../../shared/schemas/event-admin.ts';
import { utcToZoned } from '../../../shared/time-zone.ts';
import type { EventsTable } from '../../db/schema.ts';
import type { Versioned } from '../revisions/keep-revision.ts';

/** One stored event. */
export type EventRow = Selectable<EventsTable>;

const eventType = (type: string): EventDraftFields['eventType'] =>
  EVENT_TYPES.find((known) => known === type) ?? 'local';

/** The event's fields as its PUT takes them: its times on its own clock, its price in major units. */
export function eventFieldsOfRow(row: EventRow): EventDraftFields {
  const zone = row.time_zone || 'UTC';
  return {
    name: row.name,
    title: row.title,
    description: row.description,
    timeZone: zone,
    start: utcToZoned(row.start_date, zone),
    end: utcToZoned(row.end_date, zone),
    eventType: eventType(row.event_type),
    location: row.location,
    address: row.address,
    city: row.city,
    category: row.category,
    price: centsToAmount(row.price_cents),
    capacity: row.capacity,
    image: row.image,
  };
}

/** Checked values (a PUT's) as the fields a draft keeps: the times back on the event's clock, so they read as sent. */
export const eventFieldsOfValues = (v: Omit<EventValues, 'published'>, image: string): EventDraftFields => ({
  name: v.name,
  title: v.title,
  description: v.description,
  timeZone: v.timeZone,
  start: utcToZoned(v.startDate, v.timeZone),
  end: utcToZoned(v.endDate, v.timeZone),
  eventType: v.eventType,
  location: v.location,
  address: v.address,
  city: v.city,
  category: v.category,
  price: centsToAmount(v.priceCents),
  capacity: v.capacity,
  image,
});

export const eventVersioned: Versioned<EventRow, EventDraftFields> = {
  type: 'event',
  fields: [
    { name: 'name', label: 'Name', kind: 'text' },
    { name: 'title', label: 'Title', kind: 'text' },
    { name: 'start', label: 'Starts', kind: 'text' },
    { name: 'end', label: 'Ends', kind: 'text' },
    { name: 'timeZone', label: 'Time zone', kind: 'text' },
    { name: 'eventType', label: 'Location type', kind: 'text' },
    { name: 'location', label: 'Venue', kind: 'text' },
    { name: 'address', label: 'Address', kind: 'text' },
    { name: 'city', label: 'City', kind: 'text' },
    { name: 'category', label: 'Category', kind: 'text' },
    { name: 'price', label: 'Price', kind: 'text' },
    { name: 'capacity', label: 'Capacity', kind: 'text' },
    { name: 'image', label: 'Picture', kind: 'picture' },
    { name: 'description', label: 'Description', kind: 'text' },
  ],
  picture: 'image',
  fieldsOf: eventFieldsOfRow,
  writtenAt: (row) => row.updated_at ?? row.created_at,
};
