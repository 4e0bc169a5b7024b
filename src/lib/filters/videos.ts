/** Videos list: text search, category, duration band, quality and sort (including trending). */
import type { Video } from '../../shared/types.ts';
import { VIDEO_CATEGORIES, VIDEO_QUALITIES } from '../../shared/constants.ts';
import type { FilterSection, Option, Range, SortRule } from './core.ts';
import {
  DAY_MS,
  MAX_TEXT_LENGTH,
  allPlus,
  inBand,
  matchesChoice,
  matchesText,
  sectionFunctions,
  sortBy,
  timeOf,
  valuesOf,
} from './core.ts';

export const VIDEO_CATEGORY_OPTIONS = allPlus(VIDEO_CATEGORIES, 'All Categories');
export const VIDEO_QUALITY_OPTIONS = allPlus(VIDEO_QUALITIES, 'All Qualities');

export const VIDEO_DURATION_OPTIONS = [
  { value: 'all', label: 'Any Duration' },
  { value: 'under-1', label: 'Under 1 min' },
  { value: '1-5', label: '1-5 mins' },
  { value: '5-15', label: '5-15 mins' },
  { value: '15-30', label: '15-30 mins' },
  { value: 'over-30', label: 'Over 30 mins' },
] as const satisfies readonly Option<string>[];

export const VIDEO_SORT_OPTIONS = [
  { value: 'newest', label: 'Newest' },
  { value: 'viewed', label: 'Most Viewed' },
  { value: 'liked', label: 'Most Liked' },
  { value: 'trending', label: 'Trending' },
] as const satisfies readonly Option<string>[];

export type VideoDuration = (typeof VIDEO_DURATION_OPTIONS)[number]['value'];
export type VideoSort = (typeof VIDEO_SORT_OPTIONS)[number]['value'];

export type VideoFilters = {
  q: string;
  category: 'all' | (typeof VIDEO_CATEGORIES)[number];
  duration: VideoDuration;
  quality: 'all' | (typeof VIDEO_QUALITIES)[number];
  sort: VideoSort;
};

export const DEFAULT_VIDEO_FILTERS: VideoFilters = {
  q: '',
  category: 'all',
  duration: 'all',
  quality: 'all',
  sort: 'newest',
};

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

function sortRule(sort: VideoSort, now: Date): SortRule<Video> {
  switch (sort) {
    case 'newest':
      return { key: (v) => timeOf(v.createdAt), direction: 'desc' };
    case 'viewed':
      return { key: (v) => v.views, direction: 'desc' };
    case 'liked':
      return { key: (v) => v.likes, direction: 'desc' };
    case 'trending':
      return { key: (v) => trendingScore(v, now), direction: 'desc' };
  }
}

const SECTION: FilterSection<VideoFilters> = {
  defaults: DEFAULT_VIDEO_FILTERS,
  rules: {
    q: { maxLength: MAX_TEXT_LENGTH },
    category: valuesOf(VIDEO_CATEGORY_OPTIONS),
    duration: valuesOf(VIDEO_DURATION_OPTIONS),
    quality: valuesOf(VIDEO_QUALITY_OPTIONS),
    sort: valuesOf(VIDEO_SORT_OPTIONS),
  },
};

/** The videos that pass every filter, in the chosen order (a new array); now dates the trending score. */
export function applyVideoFilters(items: readonly Video[], filters: VideoFilters, now: Date): Video[] {
  const kept = items.filter(
    (v) =>
      matchesText(filters.q, [v.name, v.title, v.description, v.tags]) &&
      matchesChoice(filters.category, v.category) &&
      inBand(v.duration, filters.duration, VIDEO_DURATION_BANDS) &&
      matchesChoice(filters.quality, v.quality),
  );
  return sortBy(kept, sortRule(filters.sort, now));
}

export const { reducer: videoFiltersReducer, toQuery: videoFiltersToQuery, fromQuery: videoFiltersFromQuery } = sectionFunctions(SECTION);
