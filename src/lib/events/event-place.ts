/** Where an event is and where its pages are: shared by the event cards (islands) and the event's own page. */
import type { SiteEvent } from '../../shared/types.ts';

/** Virtual by its flag or its type (the spec has both). */
export const isVirtualEvent = (event: Pick<SiteEvent, 'isVirtual' | 'eventType'>) =>
  event.isVirtual || event.eventType === 'virtual';

/** The event's page. */
export const eventPath = (slug: string) => `/events/${encodeURIComponent(slug)}`;
/** The event's calendar file, written beside its page at build. */
export const eventCalendarPath = (slug: string) => `/events/${encodeURIComponent(slug)}.ics`;

/** 'address, city', without repeating a city that is the address ('Online, Online'). */
export function eventAddress(event: Pick<SiteEvent, 'address' | 'city'>): string {
  const address = event.address.trim();
  const city = event.city.trim();
  return [address, city && city !== address ? city : ''].filter(Boolean).join(', ');
}

/** An OpenStreetMap search for the address and city; none for a virtual event or one without an address. */
export function mapLink(event: Pick<SiteEvent, 'address' | 'city' | 'isVirtual' | 'eventType'>): string | undefined {
  if (isVirtualEvent(event)) return undefined;
  const where = eventAddress(event);
  return where ? `https://www.openstreetmap.org/search?${new URLSearchParams({ query: where })}` : undefined;
}

/** The cover on an event's page: its column beside the 20rem details (1024 - 2rem - 20rem - 2rem), the screen less 2rem on phones. */
export const EVENT_COVER_SIZES = '(min-width: 1024px) 640px, calc(100vw - 2rem)';
