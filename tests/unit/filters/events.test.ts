import { describe, expect, it } from 'vitest';
import {
  DEFAULT_EVENT_FILTERS,
  applyEventFilters,
  eventFiltersFromQuery,
  eventFiltersReducer,
  eventFiltersToQuery,
} from '../../../src/lib/filters/events.ts';
import type { EventFilters } from '../../../src/lib/filters/events.ts';
import type { SiteEvent } from '../../../src/shared/types.ts';

const DAY = 86_400_000;
// Local noon and local fixtures: calendar-day windows hold in every time zone the suite runs in.
const NOW = new Date(2026, 5, 15, 12, 0);
const local = (y: number, mo: number, d: number, h = 12, mi = 0): string => new Date(y, mo - 1, d, h, mi).toISOString();
const ahead = (ms: number): string => new Date(NOW.getTime() + ms).toISOString();

function event(id: string, start: string, over: Partial<SiteEvent> = {}): SiteEvent {
  return {
    _id: id,
    slug: `event-${id}`,
    timeZone: 'UTC',
    name: `Event ${id}`,
    title: '',
    description: '',
    image: '',
    address: '',
    city: '',
    start_date: start,
    end_date: start,
    date: start,
    location: '',
    category: 'Concert',
    eventType: 'local',
    isVirtual: false,
    registrations: 0,
    price: 0,
    ...over,
  };
}
const ids = (list: SiteEvent[]): string[] => list.map((e) => e._id);
const withFilters = (over: Partial<EventFilters>): EventFilters => ({ ...DEFAULT_EVENT_FILTERS, ...over });

describe('event timeframes', () => {
  const items: SiteEvent[] = [
    event('earlier-today', local(2026, 6, 15, 8)),
    event('now', NOW.toISOString()),
    event('tonight', local(2026, 6, 15, 23, 59)),
    event('tomorrow', local(2026, 6, 16, 0, 0)),
    event('week-edge-in', ahead(7 * DAY - 1)),
    event('week-edge-out', ahead(7 * DAY)),
    event('month-end', local(2026, 6, 30, 23, 0)),
    event('next-month', local(2026, 7, 1, 9)),
    event('year-end', local(2026, 12, 31, 20)),
    event('next-year', local(2027, 1, 1, 9)),
    event('past', local(2026, 6, 1)),
    event('no-date', 'TBA'),
  ];
  it.each<[EventFilters['timeframe'], string[]]>([
    ['today', ['earlier-today', 'now', 'tonight']],
    ['tomorrow', ['tomorrow']],
    ['week', ['now', 'tonight', 'tomorrow', 'week-edge-in']],
    ['month', ['earlier-today', 'now', 'tonight', 'tomorrow', 'week-edge-in', 'week-edge-out', 'month-end']],
    [
      'year',
      [
        'earlier-today',
        'now',
        'tonight',
        'tomorrow',
        'week-edge-in',
        'week-edge-out',
        'month-end',
        'next-month',
        'year-end',
      ],
    ],
  ])('%s keeps %o', (timeframe, expected) => {
    expect(ids(applyEventFilters(items, withFilters({ timeframe }), NOW))).toEqual(expected);
  });

  it('all keeps every event, undated ones last', () => {
    const all = ids(applyEventFilters(items, DEFAULT_EVENT_FILTERS, NOW));
    expect(all).toHaveLength(items.length);
    expect(all[0]).toBe('past');
    expect(all.at(-1)).toBe('no-date');
  });
});

describe('applyEventFilters', () => {
  const start = ahead(DAY);
  const items: SiteEvent[] = [
    event('gig', start, { city: 'Lisbon', registrations: 50, price: 25 }),
    event('summit', start, {
      category: 'Conference',
      eventType: 'international',
      address: '1 Main Street',
      price: 300,
      registrations: 80,
    }),
    event('webinar', start, { category: 'Workshop', eventType: 'virtual', location: 'Online', title: 'Intro to Rust' }),
    event('fair', start, {
      category: 'Festival',
      eventType: 'national',
      description: 'Food and music',
      registrations: 50,
      price: 25,
    }),
  ];
  it.each<[Partial<EventFilters>, string[]]>([
    [{ category: 'Conference' }, ['summit']],
    [{ location: 'virtual' }, ['webinar']],
    [{ location: 'national', category: 'Festival' }, ['fair']],
    [{ q: 'lisbon' }, ['gig']],
    [{ q: 'main street' }, ['summit']],
    [{ q: 'online rust' }, ['webinar']],
    [{ q: 'food music' }, ['fair']],
  ])('filters %o', (over, expected) => {
    expect(ids(applyEventFilters(items, withFilters(over), NOW))).toEqual(expected);
  });

  it.each<[EventFilters['sort'], string[]]>([
    ['popular', ['summit', 'gig', 'fair', 'webinar']],
    ['price-asc', ['webinar', 'gig', 'fair', 'summit']],
    ['price-desc', ['summit', 'gig', 'fair', 'webinar']],
  ])('sorts by %s (ties keep input order)', (sort, expected) => {
    expect(ids(applyEventFilters(items, withFilters({ sort }), NOW))).toEqual(expected);
  });

  it.each<[EventFilters['sort'], string[]]>([
    ['date-asc', ['a', 'b', 'c']],
    ['date-desc', ['c', 'a', 'b']],
  ])('sorts by start date, %s', (sort, expected) => {
    const dated = [event('a', ahead(DAY)), event('b', ahead(DAY)), event('c', ahead(3 * DAY))];
    expect(ids(applyEventFilters(dated, withFilters({ sort }), NOW))).toEqual(expected);
  });
});

describe('eventFiltersReducer and query', () => {
  it('sets and resets', () => {
    const state = eventFiltersReducer(DEFAULT_EVENT_FILTERS, { type: 'set', key: 'location', value: 'virtual' });
    expect(state.location).toBe('virtual');
    expect(eventFiltersReducer(state, { type: 'reset' })).toEqual(DEFAULT_EVENT_FILTERS);
  });
  it('round-trips', () => {
    const filters: EventFilters = {
      q: 'jazz',
      category: 'Sport',
      timeframe: 'tomorrow',
      location: 'international',
      sort: 'price-desc',
    };
    expect(eventFiltersFromQuery(eventFiltersToQuery(filters))).toEqual(filters);
  });
  it.each([
    ['timeframe=yesterday&location=moon&sort=soon', DEFAULT_EVENT_FILTERS],
    ['location=Virtual&timeframe=Week', { ...DEFAULT_EVENT_FILTERS, location: 'virtual', timeframe: 'week' }],
  ])('repairs %o', (query, expected) => {
    expect(eventFiltersFromQuery(new URLSearchParams(query))).toEqual(expected);
  });
});

describe('the default event filters', () => {
  // The events page keeps its pre-rendered list until the filters change: the build's "now" and the visitor's must agree.
  it('list the same events in the same order whatever the clock says', () => {
    const list = [
      event('past', ahead(-400 * DAY)),
      event('soon', ahead(DAY)),
      event('later', ahead(90 * DAY)),
      event('next-year', ahead(380 * DAY)),
    ];
    const atBuild = ids(applyEventFilters(list, DEFAULT_EVENT_FILTERS, NOW));
    expect(atBuild).toHaveLength(4);
    for (const later of [DAY, 31 * DAY, 400 * DAY]) {
      expect(ids(applyEventFilters(list, DEFAULT_EVENT_FILTERS, new Date(NOW.getTime() + later)))).toEqual(atBuild);
    }
  });
});
