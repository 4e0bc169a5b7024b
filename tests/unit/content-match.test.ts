import { describe, expect, it } from 'vitest';
import { matchesQuery } from '../../src/components/admin/content/ui/match-query.ts';

describe('matchesQuery (Content Management search)', () => {
  const item = { title: 'Harbour at Dawn', caption: 'Fishing BOATS leaving' };

  it('matches everything for an empty or blank query', () => {
    expect(matchesQuery(item, '')).toBe(true);
    expect(matchesQuery(item, '   ')).toBe(true);
  });

  it('matches the title or the caption, ignoring case', () => {
    expect(matchesQuery(item, 'harbour')).toBe(true);
    expect(matchesQuery(item, 'DAWN')).toBe(true);
    expect(matchesQuery(item, 'boats')).toBe(true);
    expect(matchesQuery(item, '  leaving ')).toBe(true);
  });

  it('does not match text found in neither', () => {
    expect(matchesQuery(item, 'sunset')).toBe(false);
    expect(matchesQuery({ title: 'Harbour', caption: 'Dawn' }, 'harbour dawn')).toBe(false);
  });

  it('treats a missing title or caption as empty', () => {
    expect(matchesQuery({ title: null, caption: undefined }, 'x')).toBe(false);
    expect(matchesQuery({ caption: 'only caption' }, 'ONLY')).toBe(true);
  });
});
