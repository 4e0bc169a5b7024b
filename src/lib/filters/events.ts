/** Events list: text search, category, forward-looking timeframe, location type and sort. */
import type { SiteEvent } from '../../shared/types.ts';
import { EVENT_CATEGORIES, EVENT_TYPES } from '../../shared/constants.ts';
import type { FilterSection, Option, SortRule } from './core.ts';
import {
  MAX_TEXT_LENGTH,
  allPlus,
  inUpcomingWindow,
  matchesChoice,
  matchesText,
  sectionFunctions,
  sortBy,
  timeOf,
  valuesOf,
} from './core.ts';

export const EVENT_CATEGORY_OPTIONS = allPlus(EVENT_CATEGORIES, 'All Categories');

// By start_date: today/tomorrow = that local day, week = the next 7 days from now, month/year = the rest of this month/year.
export const EVENT_TIMEFRAME_OPTIONS = [
  { value: 'all', label: 'All Dates' },
  { value: 'today', label: 'Today' },
  { value: 'tomorrow', label: 'Tomorrow' },
  { value: 'week', label: 'This Week' },
  { value: 'month', label: 'This Month' },
  { value: 'year', label: 'This Year' },
] as const satisfies readonly Option<string>[];

export const EVENT_LOCATION_OPTIONS = [
  { value: 'all', label: 'All Locations' },
  { value: 'local', label: 'Local' },
  { value: 'national', label: 'National' },
  { value: 'international', label: 'International' },
  { value: 'virtual', label: 'Virtual' },
] as const satisfies readonly Option<'all' | (typeof EVENT_TYPES)[number]>[];

export const EVENT_SORT_OPTIONS = [
  { value: 'date-asc', label: 'Date: Soonest' },
  { value: 'date-desc', label: 'Date: Latest' },
  { value: 'popular', label: 'Most Popular' },
  { value: 'price-asc', label: 'Price: Low to High' },
  { value: 'price-desc', label: 'Price: High to Low' },
] as const satisfies readonly Option<string>[];

export type EventTimeframe = (typeof EVENT_TIMEFRAME_OPTIONS)[number]['value'];
export type EventSort = (typeof EVENT_SORT_OPTIONS)[number]['value'];

export type EventFilters = {
  q: string;
  category: 'all' | (typeof EVENT_CATEGORIES)[number];
  timeframe: EventTimeframe;
  /** Matched against eventType. */
  location: 'all' | (typeof EVENT_TYPES)[number];
  sort: EventSort;
};

export const DEFAULT_EVENT_FILTERS: EventFilters = {
  q: '',
  category: 'all',
  timeframe: 'all',
  location: 'all',
  sort: 'date-asc',
};

const SORTS: Readonly<Record<EventSort, SortRule<SiteEvent>>> = {
  'date-asc': { key: (e) => timeOf(e.start_date), direction: 'asc' },
  'date-desc': { key: (e) => timeOf(e.start_date), direction: 'desc' },
  popular: { key: (e) => e.registrations, direction: 'desc' },
  'price-asc': { key: (e) => e.price, direction: 'asc' },
  'price-desc': { key: (e) => e.price, direction: 'desc' },
};

const SECTION: FilterSection<EventFilters> = {
  defaults: DEFAULT_EVENT_FILTERS,
  rules: {
    q: { maxLength: MAX_TEXT_LENGTH },
    category: valuesOf(EVENT_CATEGORY_OPTIONS),
    timeframe: valuesOf(EVENT_TIMEFRAME_OPTIONS),
    location: valuesOf(EVENT_LOCATION_OPTIONS),
    sort: valuesOf(EVENT_SORT_OPTIONS),
  },
};

/** The events that pass every filter, in the chosen order (a new array); now anchors the timeframe. */
export function applyEventFilters(items: readonly SiteEvent[], filters: EventFilters, now: Date): SiteEvent[] {
  const kept = items.filter(
    (e) =>
      matchesText(filters.q, [e.name, e.title, e.description, e.city, e.address, e.location]) &&
      matchesChoice(filters.category, e.category) &&
      inUpcomingWindow(e.start_date, filters.timeframe, now) &&
      matchesChoice(filters.location, e.eventType),
  );
  return sortBy(kept, SORTS[filters.sort]);
}

export const { reducer: eventFiltersReducer, toQuery: eventFiltersToQuery, fromQuery: eventFiltersFromQuery } = sectionFunctions(SECTION);
