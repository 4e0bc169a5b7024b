import { describe, expect, it } from 'vitest';
import { eventIcs, eventJsonLd, jsonForScript } from '../../src/lib/events/event-details.ts';
import { eventAddress, eventCalendarPath, eventPath, mapLink } from '../../src/lib/events/event-place.ts';
import type { SiteEvent } from '../../src/shared/types.ts';

const EVENT: SiteEvent = {
  _id: 'e1',
  slug: 'global-craft-week',
  name: 'Global Craft Week',
  title: '',
  description: 'Makers, from twelve countries.',
  image: '/media/x.webp',
  address: 'Matthäikirchplatz',
  city: 'Berlin',
  start_date: '2026-07-01T08:00:00.000Z',
  end_date: '2026-07-01T16:00:00.000Z',
  date: '2026-07-01T08:00:00.000Z',
  location: 'Kunstgewerbemuseum',
  category: 'Other',
  eventType: 'international',
  isVirtual: false,
  registrations: 10,
  price: 12.5,
  timeZone: 'Europe/Berlin',
};
const VIRTUAL: SiteEvent = {
  ...EVENT,
  slug: 'jam',
  address: 'Online',
  city: 'Online',
  location: 'Online (Discord)',
  eventType: 'virtual',
  isVirtual: true,
  price: 0,
};
const PAGE = 'https://example.test/events/global-craft-week';

describe('an event page’s parts', () => {
  it('has a page and a calendar file under its slug', () => {
    expect(eventPath('global-craft-week')).toBe('/events/global-craft-week');
    expect(eventCalendarPath('global-craft-week')).toBe('/events/global-craft-week.ics');
  });

  it('links the address and city to an OpenStreetMap search, and a virtual event to no map', () => {
    expect(mapLink(EVENT)).toBe('https://www.openstreetmap.org/search?query=Matth%C3%A4ikirchplatz%2C+Berlin');
    expect(mapLink(VIRTUAL)).toBeUndefined();
    expect(mapLink({ ...EVENT, eventType: 'virtual' })).toBeUndefined();
    expect(mapLink({ ...EVENT, address: '', city: '' })).toBeUndefined();
    expect(eventAddress({ address: 'Online', city: 'Online' })).toBe('Online');
  });

  it('writes the calendar file at the event’s instants with its local time in the description', () => {
    const ics = eventIcs(EVENT, {
      pageUrl: PAGE,
      companyName: 'Northwind Studio',
      stamp: new Date('2026-06-01T00:00:00Z'),
    }).replace(/\r\n /g, '');
    expect(ics).toContain('DTSTART:20260701T080000Z');
    expect(ics).toContain('DTEND:20260701T160000Z');
    expect(ics).toContain('UID:e1@example.test');
    expect(ics).toContain('Starts Jul 1\\, 2026\\, 10:00 AM CEST (Central European Time).');
    expect(ics).toContain('LOCATION:Matthäikirchplatz\\, Berlin');
    const online = eventIcs(VIRTUAL, { pageUrl: PAGE, companyName: 'N', stamp: new Date() });
    expect(online).toContain('LOCATION:Online (Discord)');
  });

  it("describes the event in schema.org JSON-LD with zoned dates, a place and an offer in the store's currency", () => {
    const ld = eventJsonLd(EVENT, {
      pageUrl: PAGE,
      imageUrl: 'https://example.test/media/x.webp',
      organizer: { name: 'Northwind', url: 'https://example.test/' },
      currency: 'EUR',
    });
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: 'Global Craft Week',
      startDate: '2026-07-01T10:00:00+02:00',
      endDate: '2026-07-01T18:00:00+02:00',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      location: {
        '@type': 'Place',
        name: 'Kunstgewerbemuseum',
        address: { '@type': 'PostalAddress', streetAddress: 'Matthäikirchplatz', addressLocality: 'Berlin' },
      },
      offers: { '@type': 'Offer', price: '12.50', priceCurrency: 'EUR', url: PAGE },
      image: ['https://example.test/media/x.webp'],
    });
    const online = eventJsonLd(VIRTUAL, {
      pageUrl: PAGE,
      imageUrl: '',
      organizer: { name: 'N', url: 'https://example.test/' },
      currency: 'USD',
    });
    expect(online.location).toEqual({ '@type': 'VirtualLocation', url: PAGE });
    expect(online.eventAttendanceMode).toBe('https://schema.org/OnlineEventAttendanceMode');
    expect(online).not.toHaveProperty('image');
  });

  it('keeps JSON-LD from closing its script element', () => {
    const text = jsonForScript({ name: '</script><script>alert(1)</script>' });
    expect(text).not.toContain('</script');
    expect(JSON.parse(text)).toEqual({ name: '</script><script>alert(1)</script>' });
  });
});
