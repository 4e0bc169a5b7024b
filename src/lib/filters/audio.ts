/** Audio library: text search, type, type-dependent category, duration band, quality and sort. */
import type { Audio } from '../../shared/types.ts';
import { AUDIO_QUALITIES, AUDIO_TYPES } from '../../shared/constants.ts';
import type { FilterAction, FilterSection, Option, Range, SortRule } from './core.ts';
import {
  MAX_TEXT_LENGTH,
  allPlus,
  compareText,
  filtersFromQuery,
  filtersToQuery,
  inBand,
  matchesChoice,
  matchesText,
  reduceFilters,
  sortBy,
  timeOf,
  valuesOf,
} from './core.ts';

/** Longest category kept from a query string; categories come from the data, so they are free text. */
export const AUDIO_CATEGORY_MAX_LENGTH = 100;

export const AUDIO_TYPE_OPTIONS = allPlus(AUDIO_TYPES, 'All Types');
export const AUDIO_QUALITY_OPTIONS = allPlus(AUDIO_QUALITIES, 'All Qualities');

export const AUDIO_DURATION_OPTIONS = [
  { value: 'all', label: 'Any Duration' },
  { value: 'under-5', label: 'Under 5 mins' },
  { value: '5-15', label: '5-15 mins' },
  { value: '15-30', label: '15-30 mins' },
  { value: '30-60', label: '30-60 mins' },
  { value: 'over-60', label: 'Over 60 mins' },
] as const satisfies readonly Option<string>[];

export const AUDIO_SORT_OPTIONS = [
  { value: 'newest', label: 'Newest' },
  { value: 'played', label: 'Most Played' },
  { value: 'downloaded', label: 'Most Downloaded' },
  { value: 'rated', label: 'Highest Rated' },
  { value: 'reviewed', label: 'Most Reviewed' },
] as const satisfies readonly Option<string>[];

export type AudioType = 'all' | (typeof AUDIO_TYPES)[number];
export type AudioDuration = (typeof AUDIO_DURATION_OPTIONS)[number]['value'];
export type AudioSort = (typeof AUDIO_SORT_OPTIONS)[number]['value'];

export type AudioFilters = {
  q: string;
  type: AudioType;
  /** 'all' or one of audioCategoriesFor(type, items). */
  category: string;
  duration: AudioDuration;
  quality: 'all' | (typeof AUDIO_QUALITIES)[number];
  sort: AudioSort;
};

export const DEFAULT_AUDIO_FILTERS: AudioFilters = {
  q: '',
  type: 'all',
  category: 'all',
  duration: 'all',
  quality: 'all',
  sort: 'newest',
};

/** Duration bands in seconds, same edge rule as videos: [0, 300), [300, 900], (900, 1800], (1800, 3600], (3600, ∞). */
export const AUDIO_DURATION_BANDS: Readonly<Record<Exclude<AudioDuration, 'all'>, Range>> = {
  'under-5': { lt: 300 },
  '5-15': { gte: 300, lte: 900 },
  '15-30': { gt: 900, lte: 1800 },
  '30-60': { gt: 1800, lte: 3600 },
  'over-60': { gt: 3600 },
};

/** The distinct categories present among items of the type ('all' = every item), sorted, for the category select. */
export function audioCategoriesFor(type: AudioType, items: readonly Audio[]): string[] {
  const categories = new Set<string>();
  for (const item of items) {
    if (matchesChoice(type, item.type) && typeof item.category === 'string' && item.category !== '') {
      categories.add(item.category);
    }
  }
  return [...categories].sort(compareText);
}

const SORTS: Readonly<Record<AudioSort, SortRule<Audio>>> = {
  newest: { key: (a) => timeOf(a.createdAt), direction: 'desc' },
  played: { key: (a) => a.plays, direction: 'desc' },
  downloaded: { key: (a) => a.downloads, direction: 'desc' },
  rated: { key: (a) => a.rating, direction: 'desc' },
  reviewed: { key: (a) => (Array.isArray(a.reviews) ? a.reviews.length : 0), direction: 'desc' },
};

const SECTION: FilterSection<AudioFilters> = {
  defaults: DEFAULT_AUDIO_FILTERS,
  rules: {
    q: { maxLength: MAX_TEXT_LENGTH },
    type: valuesOf(AUDIO_TYPE_OPTIONS),
    category: { maxLength: AUDIO_CATEGORY_MAX_LENGTH },
    duration: valuesOf(AUDIO_DURATION_OPTIONS),
    quality: valuesOf(AUDIO_QUALITY_OPTIONS),
    sort: valuesOf(AUDIO_SORT_OPTIONS),
  },
};

/** The audio items that pass every filter, in the chosen order (a new array; now is unused, kept for a uniform signature). */
export function applyAudioFilters(items: readonly Audio[], filters: AudioFilters, _now?: Date): Audio[] {
  const kept = items.filter(
    (a) =>
      matchesText(filters.q, [a.name, a.title, a.artist, a.description, a.tags]) &&
      matchesChoice(filters.type, a.type) &&
      matchesChoice(filters.category, a.category) &&
      inBand(a.duration, filters.duration, AUDIO_DURATION_BANDS) &&
      matchesChoice(filters.quality, a.quality),
  );
  return sortBy(kept, SORTS[filters.sort]);
}

/** Pure reducer for the audio filter panel; choosing a different type clears the category (spec: options depend on the type). */
export function audioFiltersReducer(state: AudioFilters, action: FilterAction<AudioFilters>): AudioFilters {
  const next = reduceFilters(SECTION, state, action);
  if (next.type !== state.type && next.category !== 'all') return { ...next, category: 'all' };
  return next;
}

/** Non-default audio filters as query parameters. */
export function audioFiltersToQuery(filters: AudioFilters): URLSearchParams {
  return filtersToQuery(SECTION, filters);
}

/** Audio filters parsed from query parameters, invalid values repaired to defaults; given the items, an unknown category becomes 'all'. */
export function audioFiltersFromQuery(params: URLSearchParams, items?: readonly Audio[]): AudioFilters {
  const filters = filtersFromQuery(SECTION, params);
  if (items === undefined || filters.category === 'all') return filters;
  const wanted = filters.category.toLowerCase();
  const known = audioCategoriesFor(filters.type, items).find((category) => category.toLowerCase() === wanted);
  return { ...filters, category: known ?? 'all' };
}
