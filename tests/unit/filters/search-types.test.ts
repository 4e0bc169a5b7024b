import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SEARCH_FILTERS,
  offeredFilters,
  searchSection,
  withoutEmptyTypes,
} from '../../../src/lib/filters/search.ts';

const typeOptions = (empty: Parameters<typeof withoutEmptyTypes>[1]) =>
  withoutEmptyTypes(searchSection.panel([], DEFAULT_SEARCH_FILTERS), empty)
    .selects.find((select) => select.key === 'type')
    ?.options.map((option) => option.value);

describe('the search type facet', () => {
  it('offers every type while every section has content', () => {
    expect(typeOptions([])).toEqual(['all', 'product', 'blog', 'photo', 'video', 'audio', 'event']);
  });

  it('leaves out the types whose section has nothing published, and keeps All and the other selects', () => {
    expect(typeOptions(['shop', 'videos', 'pricing'])).toEqual(['all', 'blog', 'photo', 'audio', 'event']);
    const panel = withoutEmptyTypes(searchSection.panel([], DEFAULT_SEARCH_FILTERS), ['shop']);
    expect(panel.selects.map((select) => select.key)).toEqual(
      searchSection.panel([], DEFAULT_SEARCH_FILTERS).selects.map((select) => select.key),
    );
  });

  it('turns a link asking for an empty type back to All', () => {
    expect(offeredFilters({ ...DEFAULT_SEARCH_FILTERS, type: 'video' }, ['videos']).type).toBe('all');
    expect(offeredFilters({ ...DEFAULT_SEARCH_FILTERS, type: 'blog' }, ['videos']).type).toBe('blog');
  });
});
