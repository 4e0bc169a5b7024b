/**
 * Pure rules of the event form: its values from an event or its draft (or empty for a new one), and the multipart body
 * of a save: the fields (the state only when it is sent) and a new picture.
 */
import type { EVENT_TYPES } from '../../../../shared/constants.ts';
import type { AdminEvent, EventDraft } from '../../../../shared/schemas/event-admin.ts';
import { utcToZoned } from '../../../../shared/time-zone.ts';

/** The form's fields as the inputs hold them. */
export interface EventForm {
  name: string;
  title: string;
  description: string;
  start: string;
  end: string;
  timeZone: string;
  eventType: (typeof EVENT_TYPES)[number];
  location: string;
  address: string;
  city: string;
  category: string;
  price: string;
  capacity: string;
  published: 'true' | 'false';
}

/** The browser's own zone, else UTC. */
const localZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

export const blankEventForm = (): EventForm => ({
  name: '',
  title: '',
  description: '',
  start: '',
  end: '',
  timeZone: localZone(),
  eventType: 'local',
  location: '',
  address: '',
  city: '',
  category: '',
  price: '0',
  capacity: '',
  published: 'false',
});

/** A capacity of 0 is no limit: the field shows it empty. */
const capacityText = (capacity: number) => (capacity > 0 ? String(capacity) : '');

/** The form of an existing event, its times on its own clock. */
export function eventFormOf(e: AdminEvent): EventForm {
  const zone = e.timeZone || 'UTC';
  return {
    name: e.name,
    title: e.title,
    description: e.description,
    start: utcToZoned(e.start_date, zone),
    end: utcToZoned(e.end_date, zone),
    timeZone: zone,
    eventType: e.eventType,
    location: e.location,
    address: e.address,
    city: e.city,
    category: e.category,
    price: String(e.price),
    capacity: capacityText(e.capacity),
    published: e.published ? 'true' : 'false',
  };
}

/** The form of an event's draft: the draft's fields, the event's own state. */
export const eventFormOfDraft = (event: AdminEvent, { fields }: EventDraft): EventForm => ({
  name: fields.name,
  title: fields.title,
  description: fields.description,
  start: fields.start,
  end: fields.end,
  timeZone: fields.timeZone,
  eventType: fields.eventType,
  location: fields.location,
  address: fields.address,
  city: fields.city,
  category: fields.category,
  price: String(fields.price),
  capacity: capacityText(fields.capacity),
  published: event.published ? 'true' : 'false',
});

/** What a save of an existing event sends: the fields (its state only when it is sent) and a new picture. */
export interface EventFormInput {
  fields: Partial<EventForm>;
  image: File | null;
}

/** The multipart body of a save (the event's or its draft's). */
export function eventFormData({ fields, image }: EventFormInput): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  if (image) data.append('image', image);
  return data;
}
