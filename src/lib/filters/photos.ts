/** Photo gallery: text search, category, resolution and sort. */
import type { Photo } from '../../shared/types.ts';
import { PHOTO_CATEGORIES, PHOTO_RESOLUTIONS } from '../../shared/constants.ts';
import type { SectionFilters } from './core.ts';
import { allPlus, defineListSection, matchesChoice, matchesText, searchField, selectField, timeOf } from './core.ts';

export const PHOTO_CATEGORY_OPTIONS = allPlus(PHOTO_CATEGORIES, 'All Categories');
export const PHOTO_RESOLUTION_OPTIONS = allPlus(PHOTO_RESOLUTIONS, 'All Resolutions');

export const photoSection = defineListSection<Photo>()({
  fields: {
    q: searchField('Search photos...'),
    category: selectField('Category', PHOTO_CATEGORY_OPTIONS),
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
