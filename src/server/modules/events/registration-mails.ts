/**
 * The mails of an event registration in the shared branded layout: registered (with the event as an .ics file),
 * on the waiting list, moved up from it (with the .ics), cancelled by the admin. Each carries the cancel link.
 */
import { eventIcs } from '../../../lib/events/event-details.ts';
import { eventAddress, eventPath, isVirtualEvent } from '../../../lib/events/event-place.ts';
import { eventWhen, knownZone, zoneLongName } from '../../../lib/events/event-time.ts';
import type { SiteEvent } from '../../../shared/types.ts';
import { type MailBrand, renderHtml, renderText } from '../../mail/layout.ts';
import type { MailMessage } from '../../mail/mailer.ts';

export type RegistrationMailKind = 'confirmed' | 'waiting' | 'promoted' | 'cancelled';

export interface RegistrationMail {
  to: string;
  name: string;
  seats: number;
  event: SiteEvent;
  siteUrl: string;
  /** The cancel page with the registration's token; none once it is cancelled. */
  cancelUrl?: string;
  /** When the .ics was made (DTSTAMP). */
  now?: Date;
}

/** The event's time on its own zone's clocks, in one line: 'Wednesday, Jul 1, 2026, 6:00 PM – 9:00 PM PDT (Pacific Time)'. */
export function eventWhenText(event: Pick<SiteEvent, 'start_date' | 'end_date' | 'timeZone'>): string {
  const zone = knownZone(event.timeZone);
  const when = eventWhen(event.start_date, event.end_date, zone);
  const text = when.sameDay ? `${when.day}, ${when.time}` : `${when.start} until ${when.end}`;
  const long = zoneLongName(event.start_date, zone);
  return long === 'UTC' ? text : `${text} (${long})`;
}

/** Where it happens, as the event page says it. */
export function eventWhereText(event: SiteEvent): string {
  if (isVirtualEvent(event)) return event.location || 'Online';
  return [event.location, eventAddress(event)].filter(Boolean).join(', ');
}

const HEADINGS: Record<RegistrationMailKind, (event: string) => { heading: string; subject: string; lead: string }> = {
  confirmed: (e) => ({
    heading: "You're registered",
    subject: `you're registered for ${e}`,
    lead: `Thank you for registering for ${e}. We look forward to seeing you.`,
  }),
  waiting: (e) => ({
    heading: "You're on the waiting list",
    subject: `you're on the waiting list for ${e}`,
    lead: `${e} is full at the moment, so you're on the waiting list. If places open up, we move the list up in order and email you at once: you need do nothing.`,
  }),
  promoted: (e) => ({
    heading: 'A place opened up: you are registered',
    subject: `you're now registered for ${e}`,
    lead: `Good news: places opened up for ${e}, and you have moved up from the waiting list. You are registered.`,
  }),
  cancelled: (e) => ({
    heading: 'Your registration was cancelled',
    subject: `your registration for ${e} was cancelled`,
    lead: `Your registration for ${e} was cancelled by the organiser. Please get in touch with us if you think this is a mistake.`,
  }),
};

/** One registration mail; confirmed and promoted ones carry the event as an .ics file. */
export function registrationMail(brand: MailBrand, kind: RegistrationMailKind, m: RegistrationMail): MailMessage {
  const text = HEADINGS[kind](m.event.name);
  const pageUrl = new URL(eventPath(m.event.slug), `${m.siteUrl}/`).href;
  const seats = m.seats === 1 ? '1 seat' : `${m.seats} seats`;
  const content = {
    heading: text.heading,
    paragraphs: [
      `Hello ${m.name},`,
      text.lead,
      `Event: ${m.event.name}`,
      `When: ${eventWhenText(m.event)}`,
      `Where: ${eventWhereText(m.event) || 'To be announced'}`,
      `${kind === 'waiting' ? 'Seats asked for' : 'Seats'}: ${seats}`,
      `Event page: ${pageUrl}`,
      ...(m.cancelUrl && kind !== 'cancelled'
        ? ["Can't make it? Cancel with the link below, so someone else can have your place."]
        : []),
    ],
    ...(m.cancelUrl && kind !== 'cancelled' ? { action: { label: 'Cancel my registration', url: m.cancelUrl } } : {}),
    footer: `You get this email because this address was registered for an event of ${brand.name}.`,
  };
  const attach = kind === 'confirmed' || kind === 'promoted';
  return {
    to: m.to,
    fromName: brand.name,
    subject: `${brand.name}: ${text.subject}`,
    text: renderText(brand, content),
    html: renderHtml(brand, content),
    ...(attach
      ? {
          attachments: [
            {
              filename: `${m.event.slug || 'event'}.ics`,
              contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
              content: eventIcs(m.event, { pageUrl, companyName: brand.name, stamp: m.now ?? new Date() }),
            },
          ],
        }
      : {}),
  };
}

/** The cancel page's address with the token: /events/cancel?token=… */
export const cancelLink = (siteUrl: string, token: string) =>
  `${siteUrl.replace(/\/+$/, '')}/events/cancel?token=${encodeURIComponent(token)}`;
