import { describe, expect, it } from 'vitest';
import {
  affinityOf,
  affinityScore,
  comparePopular,
  featuredWindow,
  isEmptyAffinity,
  isItemKind,
  itemKey,
  popularityScore,
  popularSince,
  rankForYou,
  shortCaption,
  topCategories,
  type Candidate,
  type ItemKind,
  type PopularItem,
} from '../../src/shared/recommend-rank.ts';

const item = (kind: ItemKind, id: string, category: string, tags: string[], createdAt: string): Candidate => ({
  kind,
  id,
  category,
  tags,
  createdAt,
});
const ids = (list: readonly { id: string }[]) => list.map((i) => i.id);
const none = { exclude: new Set<string>(), seen: new Set<string>() };

describe('affinityOf', () => {
  it('adds each signal’s weight to its category and to each of its tags once, case-insensitively', () => {
    const affinity = affinityOf([
      { kind: 'view', category: 'Travel', tags: ['Rail', 'rail', ' europe '] },
      { kind: 'purchase', category: 'travel', tags: ['rail'] },
      { kind: 'like', category: '', tags: ['food'] },
      { kind: 'registration', category: 'Music', tags: [] },
    ]);
    expect(Object.fromEntries(affinity.tags)).toEqual({ rail: 5, europe: 1, food: 3 });
    expect(Object.fromEntries(affinity.categories)).toEqual({ travel: 5, music: 4 });
    expect(topCategories(affinity, 1)).toEqual(['travel']);
    expect(topCategories(affinity, 5)).toEqual(['travel', 'music']);
  });

  it('is empty with no signal, or only signals about items with no category and no tag', () => {
    expect(isEmptyAffinity(affinityOf([]))).toBe(true);
    expect(isEmptyAffinity(affinityOf([{ kind: 'view', category: ' ', tags: [''] }]))).toBe(true);
    expect(isEmptyAffinity(affinityOf([{ kind: 'view', category: '', tags: ['x'] }]))).toBe(false);
  });

  it('scores an item by its category’s weight plus its distinct tags’ weights', () => {
    const affinity = affinityOf([
      { kind: 'view', category: 'Books', tags: ['x', 'y'] },
      { kind: 'like', category: 'Music', tags: ['x'] },
    ]);
    expect(affinityScore({ category: 'books', tags: ['X', 'x', 'z'] }, affinity)).toBe(1 + 4);
    expect(affinityScore({ category: 'Music', tags: [] }, affinity)).toBe(3);
    expect(affinityScore({ category: 'Other', tags: ['z'] }, affinity)).toBe(0);
  });
});

describe('rankForYou', () => {
  const affinity = affinityOf([{ kind: 'view', category: 'Travel', tags: ['rail'] }]);
  const list = [
    item('blog', 'old-rail', 'Food', ['rail'], '2026-01-01T00:00:00.000Z'),
    item('product', 'new-plain', 'Tools', [], '2026-06-01T00:00:00.000Z'),
    item('photo', 'travel-rail', 'Travel', ['Rail'], '2026-02-01T00:00:00.000Z'),
    item('event', 'new-rail', 'Music', ['rail'], '2026-03-01T00:00:00.000Z'),
    item('video', 'old-plain', 'Tools', [], '2026-01-01T00:00:00.000Z'),
  ];

  it('puts the best match first, the newest first among equals, then the rest newest first', () => {
    expect(ids(rankForYou(list, affinity, none))).toEqual([
      'travel-rail',
      'new-rail',
      'old-rail',
      'new-plain',
      'old-plain',
    ]);
  });

  it('never returns an excluded item (bought, registered for), and drops duplicates', () => {
    const exclude = new Set([itemKey({ kind: 'photo', id: 'travel-rail' })]);
    expect(ids(rankForYou([...list, ...list], affinity, { ...none, exclude }))).toEqual([
      'new-rail',
      'old-rail',
      'new-plain',
      'old-plain',
    ]);
  });

  it('shows what the visitor already opened or liked only after everything they have not', () => {
    const seen = new Set([itemKey({ kind: 'photo', id: 'travel-rail' }), itemKey({ kind: 'event', id: 'new-rail' })]);
    expect(ids(rankForYou(list, affinity, { ...none, seen }))).toEqual([
      'old-rail',
      'new-plain',
      'old-plain',
      'travel-rail',
      'new-rail',
    ]);
  });

  it('tells kinds apart: the same id of two kinds is two items, and ties order by kind and id', () => {
    const same = [item('video', 'a', '', [], '2026-01-01'), item('blog', 'a', '', [], '2026-01-01')];
    expect(rankForYou(same, affinity, none).map(itemKey)).toEqual(['blog:a', 'video:a']);
  });
});

describe('the popular fill', () => {
  const now = new Date('2026-12-01T00:00:00.000Z');
  const since = popularSince(now);
  const p = (id: string, score: number, createdAt: string): PopularItem => ({ kind: 'blog', id, score, createdAt });

  it('looks back 30 days', () => {
    expect(since).toBe('2026-11-01T00:00:00.000Z');
  });

  it('orders the last 30 days first by popularity, then everything older by popularity, newest first among equals', () => {
    const list = [
      p('old-hit', 900, '2026-01-01T00:00:00.000Z'),
      p('new-quiet', 1, '2026-11-20T00:00:00.000Z'),
      p('new-hit', 50, '2026-11-02T00:00:00.000Z'),
      p('old-quiet', 0, '2025-01-01T00:00:00.000Z'),
      p('new-quiet-later', 1, '2026-11-25T00:00:00.000Z'),
    ];
    expect(ids([...list].sort(comparePopular(since)))).toEqual([
      'new-hit',
      'new-quiet-later',
      'new-quiet',
      'old-hit',
      'old-quiet',
    ]);
  });

  it('weighs a like, a sign-up or a download above a view', () => {
    expect(popularityScore({})).toBe(0);
    expect(popularityScore({ views: 10 })).toBe(10);
    expect(popularityScore({ views: 1, likes: 1, downloads: 1 })).toBe(1 + 3 + 2);
    expect(popularityScore({ plays: 4, registrations: 2 })).toBe(4 + 10);
  });
});

describe('featuredWindow', () => {
  const pins = ['a', 'b', 'c'].map((id) => ({ kind: 'product' as const, id }));

  it('takes the pins first, then the fill from its start', () => {
    expect(featuredWindow(pins, 4, 0)).toEqual({ pins, fillOffset: 0, fillLimit: 1 });
    expect(featuredWindow(pins, 2, 0)).toEqual({ pins: pins.slice(0, 2), fillOffset: 0, fillLimit: 0 });
  });

  it('pages past the pins into the fill', () => {
    expect(featuredWindow(pins, 2, 2)).toEqual({ pins: pins.slice(2), fillOffset: 0, fillLimit: 1 });
    expect(featuredWindow(pins, 4, 5)).toEqual({ pins: [], fillOffset: 2, fillLimit: 4 });
    expect(featuredWindow([], 4, 8)).toEqual({ pins: [], fillOffset: 8, fillLimit: 4 });
  });
});

describe('helpers', () => {
  it('knows the six kinds only', () => {
    expect(['product', 'blog', 'photo', 'video', 'audio', 'event'].every(isItemKind)).toBe(true);
    expect(isItemKind('document')).toBe(false);
    expect(isItemKind(undefined)).toBe(false);
  });

  it('cuts a long caption at a word with an ellipsis, and keeps a short one whole on one line', () => {
    expect(shortCaption('  A short\n caption.  ')).toBe('A short caption.');
    const long = `${'word '.repeat(50)}end`;
    const cut = shortCaption(long, 40);
    expect(cut.length).toBeLessThanOrEqual(40);
    expect(cut).toMatch(/^word( word)*…$/);
    expect(shortCaption('x'.repeat(60), 40)).toBe(`${'x'.repeat(39)}…`);
  });
});
