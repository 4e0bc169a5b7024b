import { describe, expect, it } from 'vitest';
import { rankByViewedTags } from '../../src/shared/recommend.ts';

const item = (id: string, tags: string[]) => ({ id, tags });

describe('rankByViewedTags', () => {
  const items = [
    item('popular', ['news']),
    item('travel', ['Travel', 'rail']),
    item('food', ['food']),
    item('both', ['rail', 'food']),
  ];

  it('keeps the popularity order without viewed tags', () => {
    expect(rankByViewedTags(items, []).map((i) => i.id)).toEqual(['popular', 'travel', 'food', 'both']);
  });

  it('puts the most shared tags first, counting repeated views, case-insensitively, ties by popularity', () => {
    expect(rankByViewedTags(items, ['rail', 'travel']).map((i) => i.id)).toEqual(['travel', 'both', 'popular', 'food']);
    expect(rankByViewedTags(items, ['FOOD', 'food', 'rail']).map((i) => i.id)).toEqual([
      'both',
      'food',
      'travel',
      'popular',
    ]);
  });

  it('returns a new array', () => {
    expect(rankByViewedTags(items, [])).not.toBe(items);
  });
});
