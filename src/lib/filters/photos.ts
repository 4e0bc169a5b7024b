/** Photo gallery: text search, category, resolution and sort. */
import type { Photo } from '../../shared/types.ts';
import { PHOTO_CATEGORIES, PHOTO_RESOLUTIONS } from '../../shared/constants.ts';
import type { FilterSection, Option, SortRule } from './core.ts';
import {
  MAX_TEXT_LENGTH,
  allPlus,
  matchesChoice,
  matchesText,
  sectionFunctions,
  sortBy,
  timeOf,
  valuesOf,
} from './core.ts';

export const PHOTO_CATEGORY_OPTIONS = allPlus(PHOTO_CATEGORIES, 'All Categories');
export const PHOTO_RESOLUTION_OPTIONS = allPlus(PHOTO_RESOLUTIONS, 'All Resolutions');

export const PHOTO_SORT_OPTIONS = [
  { value: 'newest', label: 'Newest' },
  { value: 'viewed', label: 'Most Viewed' },
  { value: 'liked', label: 'Most Liked' },
  { value: 'downloaded', label: 'Most Downloaded' },
] as const satisfies readonly Option<string>[];

export type PhotoSort = (typeof PHOTO_SORT_OPTIONS)[number]['value'];

export type PhotoFilters = {
  q: string;
  category: 'all' | (typeof PHOTO_CATEGORIES)[number];
  resolution: 'all' | (typeof PHOTO_RESOLUTIONS)[number];
  sort: PhotoSort;
};

export const DEFAULT_PHOTO_FILTERS: PhotoFilters = { q: '', category: 'all', resolution: 'all', sort: 'newest' };

const SORTS: Readonly<Record<PhotoSort, SortRule<Photo>>> = {
  newest: { key: (p) => timeOf(p.createdAt), direction: 'desc' },
  viewed: { key: (p) => p.views, direction: 'desc' },
  liked: { key: (p) => p.likes, direction: 'desc' },
  downloaded: { key: (p) => p.downloads, direction: 'desc' },
};

const SECTION: FilterSection<PhotoFilters> = {
  defaults: DEFAULT_PHOTO_FILTERS,
  rules: {
    q: { maxLength: MAX_TEXT_LENGTH },
    category: valuesOf(PHOTO_CATEGORY_OPTIONS),
    resolution: valuesOf(PHOTO_RESOLUTION_OPTIONS),
    sort: valuesOf(PHOTO_SORT_OPTIONS),
  },
};

/** The photos that pass every filter, in the chosen order (a new array; now is unused, kept for a uniform signature). */
export function applyPhotoFilters(items: readonly Photo[], filters: PhotoFilters, _now?: Date): Photo[] {
  const kept = items.filter(
    (p) =>
      matchesText(filters.q, [p.title, p.caption, p.tags]) &&
      matchesChoice(filters.category, p.category) &&
      matchesChoice(filters.resolution, p.resolution),
  );
  return sortBy(kept, SORTS[filters.sort]);
}

export const { reducer: photoFiltersReducer, toQuery: photoFiltersToQuery, fromQuery: photoFiltersFromQuery } = sectionFunctions(SECTION);
