/** Audio library: text search, type, type-dependent category, duration band, quality and sort. */
import type { AudioListItem } from '../lists/list-data.ts';
import { AUDIO_QUALITIES } from '../../shared/constants.ts';
import { defaultCategories } from '../../shared/default-categories.ts';
import type { CategoryChoice, Option, Range, SectionFilters } from './core.ts';
import {
  allPlus,
  categoryField,
  compareText,
  dataSelectField,
  defineListSection,
  inBand,
  matchesChoice,
  matchesText,
  searchField,
  selectField,
  timeOf,
} from './core.ts';

/** Longest category kept from a query string; categories come from the data, so they are free text. */
export const AUDIO_CATEGORY_MAX_LENGTH = 100;

export const AUDIO_QUALITY_OPTIONS = allPlus(AUDIO_QUALITIES, 'All Qualities');

export const AUDIO_DURATION_OPTIONS = [
  { value: 'all', label: 'Any Duration' },
  { value: 'under-5', label: 'Under 5 mins' },
  { value: '5-15', label: '5-15 mins' },
  { value: '15-30', label: '15-30 mins' },
  { value: '30-60', label: '30-60 mins' },
  { value: 'over-60', label: 'Over 60 mins' },
] as const satisfies readonly Option<string>[];

export type AudioDuration = (typeof AUDIO_DURATION_OPTIONS)[number]['value'];

/** Duration bands in seconds, same edge rule as videos: [0, 300), [300, 900], (900, 1800], (1800, 3600], (3600, ∞). */
export const AUDIO_DURATION_BANDS: Readonly<Record<Exclude<AudioDuration, 'all'>, Range>> = {
  'under-5': { lt: 300 },
  '5-15': { gte: 300, lte: 900 },
  '15-30': { gt: 900, lte: 1800 },
  '30-60': { gt: 1800, lte: 3600 },
  'over-60': { gt: 3600 },
};

/** The distinct categories present among items of the type ('all' = every item), sorted, for the category select. */
export function audioCategoriesFor(type: string, items: readonly Pick<AudioListItem, 'type' | 'category'>[]): string[] {
  const categories = new Set<string>();
  for (const item of items) {
    if (matchesChoice(type, item.type) && typeof item.category === 'string' && item.category !== '') {
      categories.add(item.category);
    }
  }
  return [...categories].sort(compareText);
}

/** The list's filters over the company's categories of its kind (GET /api/categories, read at build time). */
export const audioSectionFor = (categories: readonly CategoryChoice[]) =>
  defineListSection<AudioListItem>()({
    fields: {
      q: searchField('Search audio...'),
      // Spec: the category options depend on the type, and choosing a type clears the category.
      type: categoryField('Type', categories, 'All Types', ['category']),
      category: dataSelectField<AudioListItem>({
        label: 'Category',
        allLabel: 'All Categories',
        maxLength: AUDIO_CATEGORY_MAX_LENGTH,
        values: (items, filters) => audioCategoriesFor(filters['type'] ?? 'all', items),
      }),
      duration: selectField('Duration', AUDIO_DURATION_OPTIONS),
      quality: selectField('Quality', AUDIO_QUALITY_OPTIONS),
    },
    sorts: {
      newest: { label: 'Newest', key: (a) => timeOf(a.createdAt), direction: 'desc' },
      played: { label: 'Most Played', key: (a) => a.plays, direction: 'desc' },
      downloaded: { label: 'Most Downloaded', key: (a) => a.downloads, direction: 'desc' },
      rated: { label: 'Highest Rated', key: (a) => a.rating, direction: 'desc' },
      reviewed: {
        label: 'Most Reviewed',
        key: (a) => a.reviewCount,
        direction: 'desc',
      },
    },
    noun: ['item', 'items'],
    match: (a, f) =>
      matchesText(f.q, [a.name, a.title, a.artist, a.description, a.tags]) &&
      matchesChoice(f.type, a.type) &&
      matchesChoice(f.category, a.category) &&
      inBand(a.duration, f.duration, AUDIO_DURATION_BANDS) &&
      matchesChoice(f.quality, a.quality),
  });

/** With a new site's categories (the spec's list): the filter types below, and tests. */
export const audioSection = audioSectionFor(defaultCategories('audio'));

/** category is 'all' or one of audioCategoriesFor(type, items). */
export type AudioFilters = SectionFilters<typeof audioSection>;

export const DEFAULT_AUDIO_FILTERS: AudioFilters = audioSection.defaults;
/** The audio items that pass every filter, in the chosen order (a new array; now is unused, kept for a uniform signature). */
export const applyAudioFilters = (
  items: readonly AudioListItem[],
  filters: AudioFilters,
  now = new Date(),
): AudioListItem[] => audioSection.apply(items, filters, now);
export const {
  reducer: audioFiltersReducer,
  toQuery: audioFiltersToQuery,
  fromQuery: audioFiltersFromQuery,
} = audioSection;
