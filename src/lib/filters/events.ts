/** Events list: text search, category, forward-looking timeframe, location type and sort. */
import type { SiteEvent } from '../../shared/types.ts';
import { EVENT_TYPES } from '../../shared/constants.ts';
import { defaultCategories } from '../../shared/default-categories.ts';
import type { CategoryChoice, Option, SectionFilters } from './core.ts';
import {
  categoryField,
  defineListSection,
  inUpcomingWindow,
  matchesChoice,
  matchesText,
  searchField,
  selectField,
  timeOf,
} from './core.ts';

// By start_date: today/tomorrow = that local day, week = the next 7 days from now, month/year = the rest of this month/year.
export const EVENT_TIMEFRAME_OPTIONS = [
  { value: 'all', label: 'All Dates' },
  { value: 'today', label: 'Today' },
  { value: 'tomorrow', label: 'Tomorrow' },
  { value: 'week', label: 'This Week' },
  { value: 'month', label: 'This Month' },
  { value: 'year', label: 'This Year' },
] as const satisfies readonly Option<string>[];

/** Matched against eventType. */
export const EVENT_LOCATION_OPTIONS = [
  { value: 'all', label: 'All Locations' },
  { value: 'local', label: 'Local' },
  { value: 'national', label: 'National' },
  { value: 'international', label: 'International' },
  { value: 'virtual', label: 'Virtual' },
] as const satisfies readonly Option<'all' | (typeof EVENT_TYPES)[number]>[];

/** The list's filters over the company's categories of its kind (GET /api/categories, read at build time). */
export const eventSectionFor = (categories: readonly CategoryChoice[]) =>
  defineListSection<SiteEvent>()({
    fields: {
      q: searchField('Search events...'),
      category: categoryField('Category', categories, 'All Categories'),
      timeframe: selectField('Timeframe', EVENT_TIMEFRAME_OPTIONS),
      location: selectField('Location', EVENT_LOCATION_OPTIONS),
    },
    sorts: {
      'date-asc': { label: 'Date: Soonest', key: (e) => timeOf(e.start_date), direction: 'asc' },
      'date-desc': { label: 'Date: Latest', key: (e) => timeOf(e.start_date), direction: 'desc' },
      popular: { label: 'Most Popular', key: (e) => e.registrations, direction: 'desc' },
      'price-asc': { label: 'Price: Low to High', key: (e) => e.price, direction: 'asc' },
      'price-desc': { label: 'Price: High to Low', key: (e) => e.price, direction: 'desc' },
    },
    noun: ['event', 'events'],
    match: (e, f, now, zone) =>
      matchesText(f.q, [e.name, e.title, e.description, e.city, e.address, e.location]) &&
      matchesChoice(f.category, e.category) &&
      inUpcomingWindow(e.start_date, f.timeframe, now, zone) &&
      matchesChoice(f.location, e.eventType),
  });

/** With a new site's categories (the spec's list): the filter types below, and tests. */
export const eventSection = eventSectionFor(defaultCategories('event'));

export type EventFilters = SectionFilters<typeof eventSection>;

export const DEFAULT_EVENT_FILTERS: EventFilters = eventSection.defaults;
/** The events that pass every filter, in the chosen order (a new array); now anchors the timeframe. */
export const applyEventFilters = (items: readonly SiteEvent[], filters: EventFilters, now: Date): SiteEvent[] =>
  eventSection.apply(items, filters, now);
export const {
  reducer: eventFiltersReducer,
  toQuery: eventFiltersToQuery,
  fromQuery: eventFiltersFromQuery,
} = eventSection;
