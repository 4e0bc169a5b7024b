import { describe, expect, it } from 'vitest';
import {
  DAY_MS,
  KEEP_ORDER,
  compareText,
  dataSelectField,
  defineListSection,
  filtersFromQuery,
  filtersToQuery,
  hasActiveFilters,
  inBand,
  inPastWindow,
  inRange,
  inUpcomingWindow,
  matchesText,
  reduceFilters,
  sameFilters,
  searchField,
  selectField,
  sortBy,
  timeOf,
} from '../../../src/lib/filters/core.ts';
import type {
  FilterAction,
  FilterSection,
  FilterValues,
  PastWindow,
  SectionFilters,
  UpcomingWindow,
} from '../../../src/lib/filters/core.ts';

// Local-time fixtures keep calendar-day tests valid in any time zone the suite runs in.
const local = (y: number, mo: number, d: number, h = 12, mi = 0): string => new Date(y, mo - 1, d, h, mi).toISOString();
const NOW = new Date(2026, 5, 15, 12, 0);
const ago = (ms: number): string => new Date(NOW.getTime() - ms).toISOString();
const ahead = (ms: number): string => new Date(NOW.getTime() + ms).toISOString();

describe('matchesText', () => {
  const fields = ['Wireless Headphones', 'Noise cancelling, 30h battery', undefined, ['audio', 'Bluetooth']];
  it.each([
    ['', true],
    ['   ', true],
    ['headphones', true],
    ['  HEADPHONES  ', true],
    ['wireless battery', true],
    ['bluetooth', true],
    ['wireless  bluetooth', true],
    ['wireless speaker', false],
    ['phones noise', true],
    ['headphones\nnoise', true],
    ['xyz', false],
  ])('query %o matches: %o', (query, expected) => {
    expect(matchesText(query, fields)).toBe(expected);
  });

  it('folds accents both ways', () => {
    expect(matchesText('cafe', ['Café au lait'])).toBe(true);
    expect(matchesText('CAFÉ', ['cafe'])).toBe(true);
  });

  it('never matches a word across two fields', () => {
    expect(matchesText('ab', ['a', 'b'])).toBe(false);
  });

  it('tolerates missing and non-string fields', () => {
    expect(matchesText('x', [null, undefined, [] as string[]])).toBe(false);
    expect(matchesText('', [null])).toBe(true);
  });
});

describe('timeOf', () => {
  it.each([
    ['2026-06-15T12:00:00Z', Date.UTC(2026, 5, 15, 12)],
    ['2026-06-15', new Date(2026, 5, 15).getTime()],
  ])('reads %o', (value, expected) => {
    expect(timeOf(value)).toBe(expected);
  });
  it.each([[''], ['not a date'], [null], [undefined]])('gives NaN for %o', (value) => {
    expect(Number.isNaN(timeOf(value))).toBe(true);
  });
});

describe("the visitor's days in a time zone", () => {
  // 23:30 UTC on 30 November: already 1 December, 12:30, in Auckland (UTC+13); 15:30 on the 30th in Los Angeles.
  const LATE = new Date('2026-11-30T23:30:00Z');
  const [AUCKLAND, LOS_ANGELES] = ['Pacific/Auckland', 'America/Los_Angeles'];

  it.each<[string, PastWindow, string, boolean]>([
    ['2026-11-30T10:00:00Z', 'today', AUCKLAND, false],
    ['2026-11-30T10:00:00Z', 'today', LOS_ANGELES, true],
    ['2026-11-30T23:00:00Z', 'today', AUCKLAND, true],
    ['2026-11-30T10:00:00Z', '24h', AUCKLAND, true],
  ])('a post of %s is %s in %s: %s', (value, window, zone, expected) => {
    expect(inPastWindow(value, window, LATE, zone)).toBe(expected);
  });

  it.each<[string, UpcomingWindow, string, boolean]>([
    ['2026-12-01T09:00:00Z', 'today', AUCKLAND, true],
    ['2026-12-01T09:00:00Z', 'today', LOS_ANGELES, false],
    ['2026-12-01T09:00:00Z', 'tomorrow', AUCKLAND, false],
    ['2026-12-01T09:00:00Z', 'tomorrow', LOS_ANGELES, true],
    ['2026-12-02T00:00:00Z', 'month', AUCKLAND, true],
    ['2026-12-02T00:00:00Z', 'month', LOS_ANGELES, false],
    ['2026-12-02T00:00:00Z', 'year', LOS_ANGELES, true],
    ['2026-12-01', 'today', AUCKLAND, true],
    ['2026-12-01', 'tomorrow', LOS_ANGELES, true],
  ])('an event at %s is %s in %s: %s', (value, window, zone, expected) => {
    expect(inUpcomingWindow(value, window, LATE, zone)).toBe(expected);
  });

  it('finds tomorrow across the end of a month and of a year', () => {
    expect(inUpcomingWindow('2027-01-01T05:00:00Z', 'tomorrow', new Date('2026-12-31T12:00:00Z'), 'UTC')).toBe(true);
    expect(inUpcomingWindow('2026-12-01T05:00:00Z', 'tomorrow', new Date('2026-11-30T12:00:00Z'), 'UTC')).toBe(true);
    expect(inUpcomingWindow('2026-12-02T05:00:00Z', 'tomorrow', new Date('2026-11-30T12:00:00Z'), 'UTC')).toBe(false);
  });
});

describe('inPastWindow', () => {
  it.each<[string, PastWindow, boolean]>([
    [local(2026, 6, 15, 0, 0), 'today', true],
    [local(2026, 6, 15, 23, 59), 'today', true],
    [local(2026, 6, 14, 23, 59), 'today', false],
    [ago(DAY_MS), '24h', true],
    [ago(DAY_MS + 1), '24h', false],
    [ago(7 * DAY_MS), 'week', true],
    [ago(7 * DAY_MS + 1), 'week', false],
    [ago(30 * DAY_MS), 'month', true],
    [ago(30 * DAY_MS + 1), 'month', false],
    [ago(365 * DAY_MS), 'year', true],
    [ago(365 * DAY_MS + 1), 'year', false],
    [ahead(60_000), 'week', true],
    [local(2000, 1, 1), 'all', true],
    ['garbage', 'all', true],
    ['garbage', 'year', false],
  ])('%s in %s: %o', (value, window, expected) => {
    expect(inPastWindow(value, window, NOW)).toBe(expected);
  });
});

describe('inUpcomingWindow', () => {
  it.each<[string, UpcomingWindow, boolean]>([
    [local(2026, 6, 15, 8), 'today', true],
    [local(2026, 6, 15, 23, 59), 'today', true],
    [local(2026, 6, 16, 0, 0), 'today', false],
    [local(2026, 6, 16, 0, 0), 'tomorrow', true],
    [local(2026, 6, 16, 23, 59), 'tomorrow', true],
    [local(2026, 6, 17, 0, 0), 'tomorrow', false],
    [local(2026, 6, 15, 12, 0), 'week', true],
    [local(2026, 6, 15, 11, 59), 'week', false],
    [ahead(7 * DAY_MS - 1), 'week', true],
    [ahead(7 * DAY_MS), 'week', false],
    [local(2026, 6, 15, 0, 0), 'month', true],
    [local(2026, 6, 14, 23, 59), 'month', false],
    [local(2026, 6, 30, 23, 59), 'month', true],
    [local(2026, 7, 1, 0, 0), 'month', false],
    [local(2026, 12, 31, 23, 59), 'year', true],
    [local(2027, 1, 1, 0, 0), 'year', false],
    [local(2026, 3, 1), 'year', false],
    ['2026-06-16', 'tomorrow', true],
    [local(2020, 1, 1), 'all', true],
    ['', 'today', false],
  ])('%s in %s: %o', (value, window, expected) => {
    expect(inUpcomingWindow(value, window, NOW)).toBe(expected);
  });
});

describe('inRange and inBand', () => {
  it.each([
    [5, { gt: 5 }, false],
    [5, { gte: 5 }, true],
    [5, { lt: 5 }, false],
    [5, { lte: 5 }, true],
    [5, { gt: 1, lte: 5 }, true],
    [Number.NaN, {}, false],
    [Number.POSITIVE_INFINITY, { gt: 0 }, false],
  ])('%o in %o: %o', (value, range, expected) => {
    expect(inRange(value, range)).toBe(expected);
  });

  const bands = { low: { lt: 10 }, high: { gte: 10 } } as const;
  it.each([
    [3, 'low', true],
    [10, 'low', false],
    [10, 'high', true],
    [undefined, 'all', true],
    [undefined, 'low', false],
    [null, 'high', false],
  ] as const)('%o in band %s: %o', (value, band, expected) => {
    expect(inBand(value, band, bands)).toBe(expected);
  });
});

describe('sameFilters', () => {
  it.each([
    [{ q: '', color: 'all' }, { q: '', color: 'all' }, true],
    [{ q: 'linen', color: 'all' }, { q: '', color: 'all' }, false],
    [{ q: '', color: 'all' }, { q: '', color: 'Red' }, false],
  ])('%o against %o: %s', (a, b, expected) => {
    expect(sameFilters(a, b)).toBe(expected);
  });
});

describe('compareText', () => {
  it('orders labels alphabetically ignoring case, lower case first on a tie, as the en collation does', () => {
    const labels = ['rock', 'Jazz', 'Ambient', 'jazz', 'Rock', 'ambient music', 'Ambient', 'blues', 'B-sides', '80s'];
    const collator = new Intl.Collator('en');
    expect([...labels].sort(compareText)).toEqual([...labels].sort(collator.compare));
    expect([...labels].sort(compareText)).toEqual([
      '80s',
      'Ambient',
      'Ambient',
      'ambient music',
      'B-sides',
      'blues',
      'jazz',
      'Jazz',
      'rock',
      'Rock',
    ]);
  });
});

describe('sortBy', () => {
  const rows = [
    { id: 'a', n: 2 },
    { id: 'b', n: 1 },
    { id: 'c', n: 2 },
    { id: 'd', n: Number.NaN },
    { id: 'e', n: 1 },
  ];
  const ids = (list: { id: string }[]): string[] => list.map((row) => row.id);
  it.each([
    ['asc', ['b', 'e', 'a', 'c', 'd']],
    ['desc', ['a', 'c', 'b', 'e', 'd']],
  ] as const)('sorts %s, keeping ties in input order and missing keys last', (direction, expected) => {
    expect(ids(sortBy(rows, { key: (row) => row.n, direction }))).toEqual(expected);
  });
  it('keeps the input order for KEEP_ORDER and returns a new array', () => {
    const sorted = sortBy(rows, KEEP_ORDER);
    expect(ids(sorted)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(sorted).not.toBe(rows);
  });
});

describe('generic filter state', () => {
  interface Demo extends FilterValues {
    q: string;
    color: 'all' | 'Red' | 'Blue';
  }
  const section: FilterSection<Demo> = {
    defaults: { q: '', color: 'all' },
    rules: { q: { maxLength: 5 }, color: ['all', 'Red', 'Blue'] },
  };

  it('sets valid values, ignores invalid ones and unknown keys', () => {
    const start = section.defaults;
    expect(reduceFilters(section, start, { type: 'set', key: 'color', value: 'Red' })).toEqual({ q: '', color: 'Red' });
    const bad = { type: 'set', key: 'color', value: 'Green' } as unknown as { type: 'set'; key: 'color'; value: 'Red' };
    expect(reduceFilters(section, start, bad)).toBe(start);
    const unknown = { type: 'set', key: 'size', value: 'L' } as unknown as { type: 'set'; key: 'q'; value: string };
    expect(reduceFilters(section, start, unknown)).toBe(start);
  });

  it('returns the same state when nothing changes, and cuts long text', () => {
    const state: Demo = { q: 'ab', color: 'Blue' };
    expect(reduceFilters(section, state, { type: 'set', key: 'color', value: 'Blue' })).toBe(state);
    expect(reduceFilters(section, state, { type: 'set', key: 'q', value: 'abcdefgh' }).q).toBe('abcde');
  });

  it('resets to the defaults', () => {
    const state: Demo = { q: 'ab', color: 'Blue' };
    expect(hasActiveFilters(state, section.defaults)).toBe(true);
    const reset = reduceFilters(section, state, { type: 'reset' });
    expect(reset).toEqual(section.defaults);
    expect(hasActiveFilters(reset, section.defaults)).toBe(false);
    expect(reduceFilters(section, reset, { type: 'reset' })).toBe(reset);
  });

  it('writes only non-default keys and reads them back', () => {
    const state: Demo = { q: 'a b', color: 'Red' };
    expect(filtersToQuery(section, section.defaults).toString()).toBe('');
    expect(filtersToQuery(section, state).toString()).toBe('q=a+b&color=Red');
    expect(filtersFromQuery(section, filtersToQuery(section, state))).toEqual(state);
  });

  it.each([
    ['color=red', { q: '', color: 'Red' }],
    ['color=Green&q=', { q: '', color: 'all' }],
    ['color=&other=1', { q: '', color: 'all' }],
    ['q=abcdefgh', { q: 'abcde', color: 'all' }],
    ['color=Blue&color=Red', { q: '', color: 'Blue' }],
    ['%E0%A4%A', { q: '', color: 'all' }],
  ])('repairs %o', (query, expected) => {
    expect(filtersFromQuery(section, new URLSearchParams(query))).toEqual(expected);
  });
});

describe('defineListSection', () => {
  interface Item {
    _id: string;
    name: string;
    kind: string;
    shelf: string;
    size: number;
    at: string;
  }
  const item = (id: string, kind: string, shelf: string, size: number, at: string): Item => ({
    _id: id,
    name: `Item ${id}`,
    kind,
    shelf,
    size,
    at,
  });
  const items = [
    item('a', 'Tool', 'Top', 3, '2026-06-01'),
    item('b', 'Toy', 'Low', 1, '2026-06-03'),
    item('c', 'Tool', 'Low', 2, '2026-06-02'),
  ];
  const section = defineListSection<Item>()({
    fields: {
      q: searchField('Search items...'),
      kind: selectField(
        'Kind',
        [
          { value: 'all', label: 'All Kinds' },
          { value: 'Tool', label: 'Tools' },
          { value: 'Toy', label: 'Toys' },
        ],
        ['shelf'],
      ),
      shelf: dataSelectField<Item>({
        label: 'Shelf',
        allLabel: 'All Shelves',
        maxLength: 8,
        values: (list, f) =>
          [...new Set(list.filter((i) => f['kind'] === 'all' || i.kind === f['kind']).map((i) => i.shelf))].sort(),
      }),
      size: selectField('Size', [
        { value: 'any', label: 'Any Size' },
        { value: 'big', label: 'Big' },
      ]),
    },
    sortAfter: 'kind',
    sorts: {
      newest: { label: 'Newest', key: (i) => timeOf(i.at), direction: 'desc' },
      // now reaches the key, as the trending score needs it.
      aged: { label: 'Aged', key: (i, now) => now.getTime() - timeOf(i.at), direction: 'asc' },
      size: { label: 'Size', key: (i) => i.size, direction: 'asc' },
    },
    noun: ['item', 'items'],
    match: (i, f) =>
      matchesText(f.q, [i.name]) &&
      (f.kind === 'all' || i.kind === f.kind) &&
      (f.shelf === 'all' || i.shelf === f.shelf) &&
      (f.size === 'any' || i.size > 2),
  });
  type Filters = SectionFilters<typeof section>;
  const set = (state: Filters, key: keyof Filters, value: string) =>
    section.reducer(state, { type: 'set', key, value } as FilterAction<Filters>);
  const ids = (list: Item[]) => list.map((i) => i._id);

  it('derives the defaults, in panel order with the sort where it was placed: text empty, selects their first option, data selects all', () => {
    expect(section.defaults).toEqual({ q: '', kind: 'all', sort: 'newest', shelf: 'all', size: 'any' });
    expect(Object.keys(section.defaults)).toEqual(['q', 'kind', 'sort', 'shelf', 'size']);
  });

  it('derives the rules: text up to its length, selects and sorts their values', () => {
    expect(section.rules).toEqual({
      q: { maxLength: 200 },
      kind: ['all', 'Tool', 'Toy'],
      sort: ['newest', 'aged', 'size'],
      shelf: { maxLength: 8 },
      size: ['any', 'big'],
    });
  });

  it('derives the panel: the search box, then each select with its label and options, data options from the items', () => {
    const panel = section.panel(items, { ...section.defaults, kind: 'Toy' });
    expect(panel.search).toEqual({ key: 'q', placeholder: 'Search items...', maxLength: 200 });
    expect(panel.selects.map((s) => [s.key, s.label, s.options.map((o) => o.label)])).toEqual([
      ['kind', 'Kind', ['All Kinds', 'Tools', 'Toys']],
      ['sort', 'Sort by', ['Newest', 'Aged', 'Size']],
      ['shelf', 'Shelf', ['All Shelves', 'Low']],
      ['size', 'Size', ['Any Size', 'Big']],
    ]);
    expect(section.panel(items, section.defaults).selects[2]?.options.map((o) => o.value)).toEqual([
      'all',
      'Low',
      'Top',
    ]);
    expect(section.noun).toEqual(['item', 'items']);
  });

  it.each<[string, Partial<Filters>, string, string, Partial<Filters>]>([
    ['a select', {}, 'size', 'big', { size: 'big' }],
    ['a sort', {}, 'sort', 'size', { sort: 'size' }],
    ['a select repaired by case', {}, 'kind', 'toy', { kind: 'Toy' }],
    ['an invalid value (ignored)', {}, 'size', 'huge', {}],
    ['text cut to its length', {}, 'q', 'x'.repeat(250), { q: 'x'.repeat(200) }],
    ['a field that resets another', { shelf: 'Low' }, 'kind', 'Tool', { kind: 'Tool' }],
    [
      'the same value (nothing to reset)',
      { kind: 'Tool', shelf: 'Low' },
      'kind',
      'Tool',
      { kind: 'Tool', shelf: 'Low' },
    ],
    ['a data select, free text up to its length', {}, 'shelf', 'Middle shelf', { shelf: 'Middle s' }],
  ])('the reducer sets %s', (_label, start, key, value, expected) => {
    const state = { ...section.defaults, ...start };
    const next = set(state, key as keyof Filters, value);
    expect(next).toEqual({ ...section.defaults, ...expected });
    if (JSON.stringify(next) === JSON.stringify(state)) expect(next).toBe(state);
  });

  it('the reducer resets everything', () => {
    const state = set(set(section.defaults, 'kind', 'Tool'), 'sort', 'size');
    expect(section.reducer(state, { type: 'reset' })).toEqual(section.defaults);
  });

  it.each<[string, readonly Item[] | undefined, Partial<Filters>]>([
    ['kind=tool&shelf=low&sort=size&size=huge&other=1', undefined, { kind: 'Tool', shelf: 'low', sort: 'size' }],
    ['kind=tool&shelf=low', items, { kind: 'Tool', shelf: 'Low' }],
    ['kind=Toy&shelf=Top', items, { kind: 'Toy' }],
    ['shelf=Attic', items, {}],
  ])('reads %o from a query (items given: %o)', (query, data, expected) => {
    expect(section.fromQuery(new URLSearchParams(query), data)).toEqual({ ...section.defaults, ...expected });
  });

  it('writes only non-default keys, in panel order, and reads them back', () => {
    const filters: Filters = { q: 'a', kind: 'Tool', sort: 'aged', shelf: 'Low', size: 'big' };
    expect(section.toQuery(filters).toString()).toBe('q=a&kind=Tool&sort=aged&shelf=Low&size=big');
    expect(section.fromQuery(section.toQuery(filters), items)).toEqual(filters);
    expect(section.toQuery(section.defaults).toString()).toBe('');
  });

  it.each<[Partial<Filters>, string[]]>([
    [{}, ['b', 'c', 'a']],
    [{ sort: 'aged' }, ['b', 'c', 'a']],
    [{ sort: 'size' }, ['b', 'c', 'a']],
    [{ kind: 'Tool', sort: 'size' }, ['c', 'a']],
    [{ shelf: 'Low' }, ['b', 'c']],
    [{ size: 'big' }, ['a']],
    [{ q: 'item c' }, ['c']],
  ])('applies %o: match, then the chosen sort (a new array)', (over, expected) => {
    const out = section.apply(items, { ...section.defaults, ...over }, NOW);
    expect(ids(out)).toEqual(expected);
    expect(out).not.toBe(items);
  });
});
