import { describe, expect, it } from 'vitest';
import {
  DEFAULT_VIDEO_FILTERS,
  applyVideoFilters,
  trendingScore,
  videoFiltersFromQuery,
  videoFiltersReducer,
  videoFiltersToQuery,
} from '../../../src/lib/filters/videos.ts';
import type { VideoFilters } from '../../../src/lib/filters/videos.ts';
import type { Video } from '../../../src/shared/types.ts';

const NOW = new Date('2026-06-15T12:00:00Z');
const DAY = 86_400_000;
const ago = (ms: number): string => new Date(NOW.getTime() - ms).toISOString();

function video(id: string, over: Partial<Video> = {}): Video {
  return {
    _id: id,
    poster: '',
    name: `Video ${id}`,
    title: '',
    description: '',
    youtube: '',
    category: 'Education',
    duration: 120,
    quality: 'Full HD',
    tags: [],
    createdAt: ago(0),
    views: 0,
    likes: 0,
    ...over,
  };
}
const ids = (list: Video[]): string[] => list.map((v) => v._id);
const withFilters = (over: Partial<VideoFilters>): VideoFilters => ({ ...DEFAULT_VIDEO_FILTERS, ...over });

describe('duration bands', () => {
  // Edges: [0, 60) | [60, 300] | (300, 900] | (900, 1800] | (1800, ∞)
  const items = [0, 59, 60, 300, 301, 900, 901, 1800, 1801].map((s) => video(`s${s}`, { duration: s }));
  it.each<[VideoFilters['duration'], string[]]>([
    ['under-1', ['s0', 's59']],
    ['1-5', ['s60', 's300']],
    ['5-15', ['s301', 's900']],
    ['15-30', ['s901', 's1800']],
    ['over-30', ['s1801']],
    ['all', ['s0', 's59', 's60', 's300', 's301', 's900', 's901', 's1800', 's1801']],
  ])('%s holds exactly %o', (duration, expected) => {
    expect(ids(applyVideoFilters(items, withFilters({ duration }), NOW))).toEqual(expected);
  });
});

describe('applyVideoFilters', () => {
  const items: Video[] = [
    video('song', { category: 'Music', quality: '4K', title: 'Live at Wembley', tags: ['Rock'] }),
    video('lesson', { description: 'Algebra basics', quality: 'HD' }),
    video('match', { category: 'Sports', quality: '4K', name: 'Cup final' }),
  ];
  it.each<[Partial<VideoFilters>, string[]]>([
    [{ category: 'Music' }, ['song']],
    [{ quality: '4K' }, ['song', 'match']],
    [{ quality: '4K', category: 'Sports' }, ['match']],
    [{ q: 'rock wembley' }, ['song']],
    [{ q: 'algebra' }, ['lesson']],
    [{ q: 'cup' }, ['match']],
  ])('filters %o', (over, expected) => {
    expect(ids(applyVideoFilters(items, withFilters(over), NOW))).toEqual(expected);
  });
});

describe('trendingScore', () => {
  it.each([
    ['brand new', { createdAt: ago(0), views: 100, likes: 5 }, 100 / 1 + 10],
    ['23 h old still counts as day 0', { createdAt: ago(23 * 3_600_000), views: 100, likes: 0 }, 100],
    ['exactly 1 day old', { createdAt: ago(DAY), views: 100, likes: 0 }, 50],
    ['9.5 days old', { createdAt: ago(9.5 * DAY), views: 1000, likes: 3 }, 1000 / 10 + 6],
    ['dated in the future', { createdAt: ago(-5 * DAY), views: 40, likes: 1 }, 42],
    ['undated', { createdAt: 'soon', views: 1000, likes: 4 }, 8],
    ['bad counts', { createdAt: ago(0), views: Number.NaN, likes: -3 }, 0],
  ])('%s', (_label, over, expected) => {
    expect(trendingScore(video('x', over), NOW)).toBeCloseTo(expected, 10);
  });
});

describe('video sorts', () => {
  const items: Video[] = [
    video('old-hit', { createdAt: ago(99 * DAY), views: 10_000, likes: 10 }),
    video('fresh', { createdAt: ago(0), views: 150, likes: 2 }),
    video('liked', { createdAt: ago(2 * DAY), views: 30, likes: 60 }),
    video('tie', { createdAt: ago(0), views: 150, likes: 2 }),
  ];
  // Scores: old-hit 100 + 20 = 120, fresh 150 + 4 = 154, liked 10 + 120 = 130, tie 154.
  it.each<[VideoFilters['sort'], string[]]>([
    ['newest', ['fresh', 'tie', 'liked', 'old-hit']],
    ['viewed', ['old-hit', 'fresh', 'tie', 'liked']],
    ['liked', ['liked', 'old-hit', 'fresh', 'tie']],
    ['trending', ['fresh', 'tie', 'liked', 'old-hit']],
  ])('sorts by %s', (sort, expected) => {
    expect(ids(applyVideoFilters(items, withFilters({ sort }), NOW))).toEqual(expected);
  });
});

describe('videoFiltersReducer and query', () => {
  it('sets and resets', () => {
    const state = videoFiltersReducer(DEFAULT_VIDEO_FILTERS, { type: 'set', key: 'duration', value: '5-15' });
    expect(state.duration).toBe('5-15');
    expect(videoFiltersReducer(state, { type: 'reset' })).toEqual(DEFAULT_VIDEO_FILTERS);
  });
  it('round-trips', () => {
    const filters: VideoFilters = {
      q: 'goal',
      category: 'Sports',
      duration: 'over-30',
      quality: 'Full HD',
      sort: 'trending',
    };
    expect(videoFiltersFromQuery(videoFiltersToQuery(filters))).toEqual(filters);
  });
  it.each([
    ['duration=1-2&quality=1080p&sort=hot', DEFAULT_VIDEO_FILTERS],
    ['quality=full%20hd&duration=UNDER-1', { ...DEFAULT_VIDEO_FILTERS, quality: 'Full HD', duration: 'under-1' }],
  ])('repairs %o', (query, expected) => {
    expect(videoFiltersFromQuery(new URLSearchParams(query))).toEqual(expected);
  });
});
