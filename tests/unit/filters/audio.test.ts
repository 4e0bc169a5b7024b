import { describe, expect, it } from 'vitest';
import {
  DEFAULT_AUDIO_FILTERS,
  applyAudioFilters,
  audioCategoriesFor,
  audioFiltersFromQuery,
  audioFiltersReducer,
  audioFiltersToQuery,
} from '../../../src/lib/filters/audio.ts';
import type { AudioFilters } from '../../../src/lib/filters/audio.ts';
import { toAudioListItem, type AudioListItem } from '../../../src/lib/lists/list-data.ts';
import type { Audio, AudioReview } from '../../../src/shared/types.ts';

const NOW = new Date('2026-06-15T12:00:00Z');
const reviews = (n: number): AudioReview[] =>
  Array.from({ length: n }, (_, i) => ({
    _id: `r${i}`,
    author: 'a',
    rating: 5,
    comment: '',
    createdAt: '2026-06-01T00:00:00Z',
  }));

/** The library's copy of an audio item (as its data file holds it). */
function audio(id: string, over: Partial<Audio> = {}): AudioListItem {
  return toAudioListItem({
    _id: id,
    cover: '',
    name: `Track ${id}`,
    title: '',
    description: '',
    artist: '',
    audio_file: '',
    type: 'Music',
    category: 'Rock',
    duration: 200,
    quality: 'High 320',
    tags: [],
    createdAt: '2026-06-01T00:00:00Z',
    plays: 0,
    downloads: 0,
    rating: 0,
    reviews: [],
    ...over,
  });
}
const ids = (list: AudioListItem[]): string[] => list.map((a) => a._id);
const withFilters = (over: Partial<AudioFilters>): AudioFilters => ({ ...DEFAULT_AUDIO_FILTERS, ...over });

const items: AudioListItem[] = [
  audio('anthem', {
    artist: 'The Band',
    createdAt: '2026-06-05T00:00:00Z',
    plays: 90,
    downloads: 1,
    rating: 4.5,
    reviews: reviews(2),
  }),
  audio('ballad', {
    category: 'Jazz',
    quality: 'Lossless',
    createdAt: '2026-06-07T00:00:00Z',
    plays: 10,
    downloads: 8,
    rating: 4.9,
  }),
  audio('talk', {
    type: 'Podcast',
    category: 'Tech',
    duration: 3000,
    tags: ['AI'],
    plays: 90,
    rating: 3,
    reviews: reviews(5),
  }),
  audio('story', { type: 'Audiobook', category: 'Fiction', duration: 4000, description: 'A long tale', downloads: 8 }),
  audio('news', { type: 'Podcast', category: 'Business', duration: 900, createdAt: '2026-06-09T00:00:00Z' }),
  audio('blank', { type: 'Podcast', category: '' }),
];

describe('audioCategoriesFor', () => {
  it.each<[AudioFilters['type'], string[]]>([
    ['Music', ['Jazz', 'Rock']],
    ['Podcast', ['Business', 'Tech']],
    ['Interview', []],
    ['all', ['Business', 'Fiction', 'Jazz', 'Rock', 'Tech']],
  ])('lists the distinct, sorted categories of %s', (type, expected) => {
    expect(audioCategoriesFor(type, items)).toEqual(expected);
  });
});

describe('choosing a type clears the category', () => {
  const chosen: AudioFilters = withFilters({ type: 'Music', category: 'Jazz', quality: 'Lossless' });
  it.each<[string, AudioFilters['type'], string]>([
    ['a different type', 'Podcast', 'all'],
    ['back to all types', 'all', 'all'],
    ['the same type again', 'Music', 'Jazz'],
    ['an invalid type (ignored)', 'Karaoke', 'Jazz'],
  ])('%s', (_label, type, category) => {
    const next = audioFiltersReducer(chosen, { type: 'set', key: 'type', value: type });
    expect(next.category).toBe(category);
    expect(next.quality).toBe('Lossless');
  });

  it('sets a category and resets everything', () => {
    const state = audioFiltersReducer(DEFAULT_AUDIO_FILTERS, { type: 'set', key: 'category', value: 'Tech' });
    expect(state.category).toBe('Tech');
    expect(audioFiltersReducer(state, { type: 'reset' })).toEqual(DEFAULT_AUDIO_FILTERS);
    expect(audioFiltersReducer(state, { type: 'set', key: 'category', value: '' }).category).toBe('all');
  });
});

describe('applyAudioFilters', () => {
  // Results come back newest first, the default sort.
  it.each<[Partial<AudioFilters>, string[]]>([
    [{ type: 'Podcast' }, ['news', 'talk', 'blank']],
    [{ type: 'Podcast', category: 'Tech' }, ['talk']],
    [{ category: 'Rock' }, ['anthem']],
    [{ quality: 'Lossless' }, ['ballad']],
    [{ duration: 'under-5' }, ['ballad', 'anthem', 'blank']],
    [{ duration: '5-15' }, ['news']],
    [{ duration: '30-60' }, ['talk']],
    [{ duration: 'over-60' }, ['story']],
    [{ q: 'the band' }, ['anthem']],
    [{ q: 'ai' }, ['talk']],
    [{ q: 'long tale' }, ['story']],
  ])('filters %o', (over, expected) => {
    expect(ids(applyAudioFilters(items, withFilters(over), NOW))).toEqual(expected);
  });

  // Edges: [0, 300) | [300, 900] | (900, 1800] | (1800, 3600] | (3600, ∞)
  const edges = [299, 300, 900, 901, 1800, 1801, 3600, 3601].map((s) => audio(`s${s}`, { duration: s }));
  it.each<[AudioFilters['duration'], string[]]>([
    ['under-5', ['s299']],
    ['5-15', ['s300', 's900']],
    ['15-30', ['s901', 's1800']],
    ['30-60', ['s1801', 's3600']],
    ['over-60', ['s3601']],
  ])('duration %s holds exactly %o', (duration, expected) => {
    expect(ids(applyAudioFilters(edges, withFilters({ duration }), NOW))).toEqual(expected);
  });

  it.each<[AudioFilters['sort'], string[]]>([
    ['newest', ['news', 'ballad', 'anthem', 'talk', 'story', 'blank']],
    ['played', ['anthem', 'talk', 'ballad', 'story', 'news', 'blank']],
    ['downloaded', ['ballad', 'story', 'anthem', 'talk', 'news', 'blank']],
    ['rated', ['ballad', 'anthem', 'talk', 'story', 'news', 'blank']],
    ['reviewed', ['talk', 'anthem', 'ballad', 'story', 'news', 'blank']],
  ])('sorts by %s (ties keep input order)', (sort, expected) => {
    expect(ids(applyAudioFilters(items, withFilters({ sort }), NOW))).toEqual(expected);
  });
});

describe('audio query', () => {
  it('round-trips', () => {
    const filters: AudioFilters = {
      q: 'jazz',
      type: 'Live Recording',
      category: 'Blues & Soul',
      duration: '15-30',
      quality: 'Medium 192',
      sort: 'reviewed',
    };
    expect(audioFiltersFromQuery(audioFiltersToQuery(filters))).toEqual(filters);
  });
  it.each([
    ['type=Radio&quality=320&duration=long', DEFAULT_AUDIO_FILTERS],
    ['type=podcast&category=Tech', { ...DEFAULT_AUDIO_FILTERS, type: 'Podcast', category: 'Tech' }],
    [`category=${'x'.repeat(150)}`, { ...DEFAULT_AUDIO_FILTERS, category: 'x'.repeat(100) }],
  ])('repairs %o without the data', (query, expected) => {
    expect(audioFiltersFromQuery(new URLSearchParams(query))).toEqual(expected);
  });
  it.each([
    ['type=Podcast&category=tech', 'Tech'],
    ['type=Podcast&category=Jazz', 'all'],
    ['category=Fiction', 'Fiction'],
    ['type=Music&category=Nope', 'all'],
  ])('checks the category of %o against the data', (query, category) => {
    expect(audioFiltersFromQuery(new URLSearchParams(query), items).category).toBe(category);
  });
});
