/**
 * Events of Content Management: the form's rules for POST/PUT /api/admin/events, shared with the
 * island. Times are entered as wall-clock times in an IANA time zone and stored as UTC instants with that zone.
 */
import { amountToCents } from '../money.ts';
import { omit } from '../omit.ts';
import { fieldsCheck, publishedField, requiredText, wholeNumber } from './content-admin.ts';
import { CAPACITY_MAX } from '../events.ts';
import { formText } from './text.ts';
import { z } from './zod.ts';
import { isTimeZone, TIME_ZONE_INVALID, timeZoneOptions, zonedToUtc } from '../time-zone.ts';

export { isTimeZone, TIME_ZONE_INVALID, timeZoneOptions };
import { EVENT_TYPES } from '../constants.ts';
import { CATEGORY_NAME_MAX } from './category.ts';
import type { SiteEvent } from '../types.ts';
import type { DraftInfo } from '../drafts.ts';

export const EVENT_NAME_MAX = 200;
export const EVENT_TEXT_MAX = 300;
export const EVENT_DESCRIPTION_MAX = 5000;
/** The highest ticket price, in major units. */
export const EVENT_PRICE_MAX = 1_000_000;
export const END_BEFORE_START = 'must be after the start';

/**
 * An event as the admin list reads it: the public fields plus its publish state, time zone, capacity (0 = unlimited),
 * when it was created and who saved its draft (unpublished changes) and when, null without one.
 */
export type AdminEvent = SiteEvent & {
  published: boolean;
  timeZone: string;
  capacity: number;
  createdAt: string;
  draft: DraftInfo | null;
};

/**
 * An event's fields as its draft and its versions hold them: as its PUT takes them (start and end on the event's own
 * clock in its time zone, the price in major units, capacity 0 for no limit), the picture's URL among them.
 */
export interface EventDraftFields {
  name: string;
  title: string;
  description: string;
  timeZone: string;
  start: string;
  end: string;
  eventType: (typeof EVENT_TYPES)[number];
  location: string;
  address: string;
  city: string;
  category: string;
  price: number;
  capacity: number;
  image: string;
}

/** GET|PUT /api/admin/events/{id}/draft. */
export interface EventDraft extends DraftInfo {
  fields: EventDraftFields;
}

const amount = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d+(\.\d{1,2})?$/, 'must be an amount such as 12.50')
        .transform(Number),
    ],
    { error: 'must be an amount such as 12.50' },
  )
  .pipe(z.number().min(0, 'must not be negative').max(EVENT_PRICE_MAX, `must be at most ${EVENT_PRICE_MAX}`));

/** POST and PUT /api/admin/events; start and end come back as UTC instants, price as cents. */
export const EventFields = z
  .object({
    name: requiredText(EVENT_NAME_MAX),
    title: formText(EVENT_NAME_MAX).default(''),
    description: formText(EVENT_DESCRIPTION_MAX, { multiline: true }).default(''),
    timeZone: z.string({ error: TIME_ZONE_INVALID }).trim().refine(isTimeZone, TIME_ZONE_INVALID).default('UTC'),
    start: z.string({ error: 'is required' }).max(40),
    end: z.string({ error: 'is required' }).max(40),
    eventType: z.enum(EVENT_TYPES, { error: `must be one of ${EVENT_TYPES.join(', ')}` }).default('local'),
    location: formText(EVENT_TEXT_MAX).default(''),
    address: formText(EVENT_TEXT_MAX, { multiline: true }).default(''),
    city: formText(EVENT_NAME_MAX).default(''),
    // One of the company's event categories or '' for none: the server checks it exists (category-check.ts).
    category: formText(CATEGORY_NAME_MAX).default(''),
    price: amount.default(0),
    // Seats a free event takes (registrations); empty or 0 for no limit.
    capacity: z
      .preprocess((v) => (typeof v === 'string' && v.trim() === '' ? 0 : v), wholeNumber(0, CAPACITY_MAX))
      .default(0),
    published: publishedField.default(false),
  })
  .transform((v, ctx) => {
    const start = zonedToUtc(v.start, v.timeZone);
    const end = zonedToUtc(v.end, v.timeZone);
    if (!start)
      ctx.addIssue({ code: 'custom', path: ['start'], message: 'must be a date and time (YYYY-MM-DDTHH:mm)' });
    else if (!end)
      ctx.addIssue({ code: 'custom', path: ['end'], message: 'must be a date and time (YYYY-MM-DDTHH:mm)' });
    else if (Date.parse(end) <= Date.parse(start))
      ctx.addIssue({ code: 'custom', path: ['end'], message: END_BEFORE_START });
    const isVirtual = v.eventType === 'virtual';
    // A place people go to needs its address; a virtual event has none of its own.
    if (!isVirtual && !v.address)
      ctx.addIssue({ code: 'custom', path: ['address'], message: 'is required for an event held in person' });
    else if (!isVirtual && !v.city)
      ctx.addIssue({ code: 'custom', path: ['city'], message: 'is required for an event held in person' });
    const { price, ...rest } = omit(v, 'start', 'end');
    return { ...rest, startDate: start ?? '', endDate: end ?? '', isVirtual, priceCents: amountToCents(price) };
  });
export type EventValues = z.output<typeof EventFields>;

export const checkEvent = fieldsCheck(EventFields);
