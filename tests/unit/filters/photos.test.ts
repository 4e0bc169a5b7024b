import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PHOTO_FILTERS,
  applyPhotoFilters,
  photoFiltersFromQuery,
  photoFiltersReducer,
  photoFiltersToQuery,
} from '../../../src/lib/filters/photos.ts';
import type { PhotoFilters } from '../../../src/lib/filters/photos.ts';
import type { Photo } from '../../../src/shared/types.ts';

const NOW = new Date('2026-06-15T12:00:00Z');

function photo(id: string, over: Partial<Photo> = {}): Photo {
  return {
    _id: id,
    title: `Photo ${id}`,
    caption: '',
    image: '',
    tags: [],
    category: 'Nature',
    resolution: '4K',
    createdAt: '2026-06-01T00:00:00Z',
    views: 0,
    likes: 0,
    downloads: 0,
    published: true,
    ...over,
  };
}

const items: Photo[] = [
  photo('lake', {
    caption: 'Misty lake at dawn',
    tags: ['water'],
    createdAt: '2026-06-03T00:00:00Z',
    views: 9,
    likes: 1,
    downloads: 4,
  }),
  photo('tower', {
    category: 'Architecture',
    resolution: 'Full HD 1080p',
    createdAt: '2026-06-05T00:00:00Z',
    views: 9,
    likes: 7,
  }),
  photo('crowd', {
    category: 'People',
    resolution: '8K',
    createdAt: '2026-06-04T00:00:00Z',
    views: 2,
    likes: 7,
    downloads: 9,
  }),
  photo('forest', { resolution: 'HD 720p', tags: ['trees', 'Green'], views: 1, downloads: 4 }),
];
const ids = (list: Photo[]): string[] => list.map((p) => p._id);
const withFilters = (over: Partial<PhotoFilters>): PhotoFilters => ({ ...DEFAULT_PHOTO_FILTERS, ...over });

describe('applyPhotoFilters', () => {
  it.each<[Partial<PhotoFilters>, string[]]>([
    [{ category: 'Nature' }, ['lake', 'forest']],
    [{ category: 'Events' }, []],
    [{ resolution: 'Full HD 1080p' }, ['tower']],
    [{ resolution: '4K', category: 'Nature' }, ['lake']],
    [{ q: 'green' }, ['forest']],
    [{ q: 'MISTY dawn' }, ['lake']],
    [{ q: 'photo crowd' }, ['crowd']],
  ])('filters %o', (over, expected) => {
    expect(ids(applyPhotoFilters(items, withFilters(over), NOW))).toEqual(expected);
  });

  it.each<[PhotoFilters['sort'], string[]]>([
    ['newest', ['tower', 'crowd', 'lake', 'forest']],
    ['viewed', ['lake', 'tower', 'crowd', 'forest']],
    ['liked', ['tower', 'crowd', 'lake', 'forest']],
    ['downloaded', ['crowd', 'lake', 'forest', 'tower']],
  ])('sorts by %s (ties keep input order)', (sort, expected) => {
    expect(ids(applyPhotoFilters(items, withFilters({ sort }), NOW))).toEqual(expected);
  });
});

describe('photoFiltersReducer', () => {
  it('sets and resets', () => {
    const state = photoFiltersReducer(DEFAULT_PHOTO_FILTERS, { type: 'set', key: 'resolution', value: '8K' });
    expect(state.resolution).toBe('8K');
    expect(photoFiltersReducer(state, { type: 'reset' })).toEqual(DEFAULT_PHOTO_FILTERS);
  });
});

describe('photo query', () => {
  it('round-trips values with spaces', () => {
    const filters: PhotoFilters = { q: 'sun set', category: 'Abstract', resolution: 'Full HD 1080p', sort: 'liked' };
    expect(photoFiltersFromQuery(photoFiltersToQuery(filters))).toEqual(filters);
  });
  it.each([
    ['resolution=1080p&category=Cats', DEFAULT_PHOTO_FILTERS],
    ['resolution=4k&sort=DOWNLOADED', { ...DEFAULT_PHOTO_FILTERS, resolution: '4K', sort: 'downloaded' }],
  ])('repairs %o', (query, expected) => {
    expect(photoFiltersFromQuery(new URLSearchParams(query))).toEqual(expected);
  });
});
