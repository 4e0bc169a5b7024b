/** Photo gallery: text search, category, resolution and sort. */
import type { Photo } from '../../shared/types.ts';
import { PHOTO_RESOLUTIONS } from '../../shared/constants.ts';
import { defaultCategories } from '../../shared/default-categories.ts';
import type { CategoryChoice, SectionFilters } from './core.ts';
import {
  allPlus,
  categoryField,
  defineListSection,
  matchesChoice,
  matchesText,
  searchField,
  selectField,
  timeOf,
} from './core.ts';

export const PHOTO_RESOLUTION_OPTIONS = allPlus(PHOTO_RESOLUTIONS, 'All Resolutions');

/** The list's filters over the company's categories of its kind (GET /api/categories, read at build time). */
export const photoSectionFor = (categories: readonly CategoryChoice[]) =>
  defineListSection<Photo>()({
    fields: {
      q: searchField('Search photos...'),
      category: categoryField('Category', categories, 'All Categories'),
      resolution: selectField('Resolution', PHOTO_RESOLUTION_OPTIONS),
    },
    sorts: {
      newest: { label: 'Newest', key: (p) => timeOf(p.createdAt), direction: 'desc' },
      viewed: { label: 'Most Viewed', key: (p) => p.views, direction: 'desc' },
      liked: { label: 'Most Liked', key: (p) => p.likes, direction: 'desc' },
      downloaded: { label: 'Most Downloaded', key: (p) => p.downloads, direction: 'desc' },
    },
    noun: ['photo', 'photos'],
    match: (p, f) =>
      matchesText(f.q, [p.title, p.caption, p.tags]) &&
      matchesChoice(f.category, p.category) &&
      matchesChoice(f.resolution, p.resolution),
  });

/** With a new site's categories (the spec's list): the filter types below, and tests. */
export const photoSection = photoSectionFor(defaultCategories('photo'));

export type PhotoFilters = SectionFilters<typeof photoSection>;

export const DEFAULT_PHOTO_FILTERS: PhotoFilters = photoSection.defaults;
/** The photos that pass every filter, in the chosen order (a new array; now is unused, kept for a uniform signature). */
export const applyPhotoFilters = (items: readonly Photo[], filters: PhotoFilters, now = new Date()): Photo[] =>
  photoSection.apply(items, filters, now);
export const {
  reducer: photoFiltersReducer,
  toQuery: photoFiltersToQuery,
  fromQuery: photoFiltersFromQuery,
} = photoSection;
