/** Videos list: text search, category, duration band, quality and sort (including trending). */
import type { Video } from '../../shared/types.ts';
import { VIDEO_QUALITIES } from '../../shared/constants.ts';
import { defaultCategories } from '../../shared/default-categories.ts';
import type { CategoryChoice, Option, Range, SectionFilters } from './core.ts';
import {
  allPlus,
  categoryField,
  DAY_MS,
  defineListSection,
  inBand,
  matchesChoice,
  matchesText,
  searchField,
  selectField,
  timeOf,
} from './core.ts';

export const VIDEO_QUALITY_OPTIONS = allPlus(VIDEO_QUALITIES, 'All Qualities');

export const VIDEO_DURATION_OPTIONS = [
  { value: 'all', label: 'Any Duration' },
  { value: 'under-1', label: 'Under 1 min' },
  { value: '1-5', label: '1-5 mins' },
  { value: '5-15', label: '5-15 mins' },
  { value: '15-30', label: '15-30 mins' },
  { value: 'over-30', label: 'Over 30 mins' },
] as const satisfies readonly Option<string>[];

export type VideoDuration = (typeof VIDEO_DURATION_OPTIONS)[number]['value'];

/**
 * Duration bands in seconds, a partition with no gaps or overlaps: [0, 60), [60, 300], (300, 900], (900, 1800], (1800, ∞).
 * 'Under 1 min' excludes 60 s; from there on each upper edge belongs to the band below (300 s is '1-5', 1800 s is '15-30').
 */
export const VIDEO_DURATION_BANDS: Readonly<Record<Exclude<VideoDuration, 'all'>, Range>> = {
  'under-1': { lt: 60 },
  '1-5': { gte: 60, lte: 300 },
  '5-15': { gt: 300, lte: 900 },
  '15-30': { gt: 900, lte: 1800 },
  'over-30': { gt: 1800 },
};

/** Finite non-negative count, else 0, so bad data cannot poison a score. */
function count(value: number): number {
  return Number.isFinite(value) && value > 0 ? value : 0;
}

/** Spec: views / (age in whole days + 1) + 2 × likes; an undated video counts as infinitely old (views add nothing). */
export function trendingScore(video: Video, now: Date): number {
  const created = timeOf(video.createdAt);
  const likes = 2 * count(video.likes);
  if (Number.isNaN(created)) return likes;
  const ageInDays = Math.max(0, Math.floor((now.getTime() - created) / DAY_MS));
  return count(video.views) / (ageInDays + 1) + likes;
}

/** The list's filters over the company's categories of its kind (GET /api/categories, read at build time). */
export const videoSectionFor = (categories: readonly CategoryChoice[]) =>
  defineListSection<Video>()({
    fields: {
      q: searchField('Search videos...'),
      category: categoryField('Category', categories, 'All Categories'),
      duration: selectField('Duration', VIDEO_DURATION_OPTIONS),
      quality: selectField('Quality', VIDEO_QUALITY_OPTIONS),
    },
    sorts: {
      newest: { label: 'Newest', key: (v) => timeOf(v.createdAt), direction: 'desc' },
      viewed: { label: 'Most Viewed', key: (v) => v.views, direction: 'desc' },
      liked: { label: 'Most Liked', key: (v) => v.likes, direction: 'desc' },
      trending: { label: 'Trending', key: trendingScore, direction: 'desc' },
    },
    noun: ['video', 'videos'],
    match: (v, f) =>
      matchesText(f.q, [v.name, v.title, v.description, v.tags]) &&
      matchesChoice(f.category, v.category) &&
      inBand(v.duration, f.duration, VIDEO_DURATION_BANDS) &&
      matchesChoice(f.quality, v.quality),
  });

/** With a new site's categories (the spec's list): the filter types below, and tests. */
export const videoSection = videoSectionFor(defaultCategories('video'));

export type VideoFilters = SectionFilters<typeof videoSection>;

export const DEFAULT_VIDEO_FILTERS: VideoFilters = videoSection.defaults;
/** The videos that pass every filter, in the chosen order (a new array); now dates the trending score. */
export const applyVideoFilters = (items: readonly Video[], filters: VideoFilters, now: Date): Video[] =>
  videoSection.apply(items, filters, now);
export const {
  reducer: videoFiltersReducer,
  toQuery: videoFiltersToQuery,
  fromQuery: videoFiltersFromQuery,
} = videoSection;
