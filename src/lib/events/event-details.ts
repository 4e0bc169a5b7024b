/** Build-time parts of an event's own page: the calendar file and the JSON-LD (the browser never loads these). */
import type { SiteEvent } from '../../shared/types.ts';
import { eventAddress, isVirtualEvent } from './event-place.ts';
import { eventCalendar } from './ics.ts';
import { formatDateTime } from '../format/dates.ts';
import { isoInZone, knownZone, zoneLongName } from './event-time.ts';

/** The .ics text of an event; `pageUrl` is its absolute page address (its host names the UID). */
export function eventIcs(
  event: SiteEvent,
  { pageUrl, companyName, stamp }: { pageUrl: string; companyName: string; stamp: Date },
): string {
  const zone = knownZone(event.timeZone);
  const local = `${formatDateTime(event.start_date, zone)} (${zoneLongName(event.start_date, zone)})`;
  // The street address is what a calendar's map can find; the venue label only when there is none.
  const where = isVirtualEvent(event) ? event.location || 'Online' : eventAddress(event) || event.location;
  return eventCalendar(
    {
      uid: `${event._id}@${new URL(pageUrl).hostname}`,
      start: event.start_date,
      end: event.end_date,
      summary: event.name,
      description: [event.description, `Starts ${local}.`, pageUrl].filter(Boolean).join('\n\n'),
      location: where,
      url: pageUrl,
    },
    { prodId: `-//${companyName || 'Events'}//Events//EN`, stamp },
  );
}

/** schema.org Event for the page's JSON-LD: dates with the zone's offset, a Place or VirtualLocation, the offer in the store's currency. */
export function eventJsonLd(
  event: SiteEvent,
  {
    pageUrl,
    imageUrl,
    organizer,
    currency,
  }: { pageUrl: string; imageUrl: string; organizer: { name: string; url: string }; currency: string },
) {
  const zone = knownZone(event.timeZone);
  const virtual = isVirtualEvent(event);
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: event.name,
    description: event.description,
    startDate: isoInZone(event.start_date, zone),
    endDate: isoInZone(event.end_date, zone),
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: virtual
      ? 'https://schema.org/OnlineEventAttendanceMode'
      : 'https://schema.org/OfflineEventAttendanceMode',
    location: virtual
      ? { '@type': 'VirtualLocation', url: pageUrl }
      : {
          '@type': 'Place',
          name: event.location || eventAddress(event),
          address: { '@type': 'PostalAddress', streetAddress: event.address, addressLocality: event.city },
        },
    ...(imageUrl ? { image: [imageUrl] } : {}),
    offers: {
      '@type': 'Offer',
      price: event.price.toFixed(2),
      priceCurrency: currency,
      url: pageUrl,
      availability: 'https://schema.org/InStock',
    },
    organizer: { '@type': 'Organization', name: organizer.name, url: organizer.url },
    url: pageUrl,
  };
}

/** JSON for a <script type="application/ld+json">: '<' escaped, so no text in it can close the script element. */
export const jsonForScript = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
