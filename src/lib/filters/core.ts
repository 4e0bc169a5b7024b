/** Shared, DOM-free pieces of every list filter, and defineListSection, which derives a list's filters from one declaration. */
import { slugify } from '../../shared/slug.ts';

export const DAY_MS = 86_400_000;
/** Longest free-text value kept from a query string or an input; longer values are cut. */
export const MAX_TEXT_LENGTH = 200;

// ---------- text ----------

/** Lower-cased and accent-folded, so 'Café' and 'cafe' match each other. */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** One searchable field: a string, a list of strings (tags), or missing data from the server. */
export type TextField = string | readonly string[] | null | undefined;

/** True when every whitespace-separated word of the trimmed query occurs in at least one field (case-insensitive). */
export function matchesText(query: string, fields: readonly TextField[]): boolean {
  const words = fold(query)
    .trim()
    .split(/\s+/)
    .filter((word) => word !== '');
  if (words.length === 0) return true;
  // Newline-joined: a query word has no whitespace, so it can never match across two fields.
  const haystack = fold(
    fields
      .flatMap((field): readonly unknown[] => (Array.isArray(field) ? field : [field]))
      .filter((part): part is string => typeof part === 'string')
      .join('\n'),
  );
  return words.every((word) => haystack.includes(word));
}

// ---------- dates ----------

/** Milliseconds since the epoch, or NaN; a bare 'YYYY-MM-DD' names a local calendar day, not UTC midnight. */
export function timeOf(value: string | null | undefined): number {
  if (typeof value !== 'string' || value.trim() === '') return Number.NaN;
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  if (day) return new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])).getTime();
  return Date.parse(value);
}

/** Calendar-day formats by time zone ('' for the runtime's own), made once each: formatting is the hot path. */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The calendar day of an instant in `zone` (an IANA name; the runtime's own when absent) as a sortable number,
 * 20261130 for 30 November 2026.
 */
function dayNumber(time: number, zone?: string): number {
  let format = dayFormats.get(zone ?? '');
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: 'numeric', day: 'numeric' });
    dayFormats.set(zone ?? '', format);
  }
  const parts = format.formatToParts(time);
  const value = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return value('year') * 10_000 + value('month') * 100 + value('day');
}

/** The calendar day a date names in `zone`: a bare 'YYYY-MM-DD' is that day wherever it is read; NaN when unreadable. */
function dayOf(value: string | null | undefined, zone?: string): number {
  const day = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim()) : null;
  if (day) return Number(day[1]) * 10_000 + Number(day[2]) * 100 + Number(day[3]);
  const time = timeOf(value);
  return Number.isNaN(time) ? Number.NaN : dayNumber(time, zone);
}

/** The calendar day after `day` (a dayNumber). */
function nextDay(day: number): number {
  const next = new Date(Date.UTC(Math.floor(day / 10_000), (Math.floor(day / 100) % 100) - 1, (day % 100) + 1));
  return next.getUTCFullYear() * 10_000 + (next.getUTCMonth() + 1) * 100 + next.getUTCDate();
}

/** Past-looking windows for published content: how recent an item is. */
export type PastWindow = 'all' | 'today' | '24h' | 'week' | 'month' | 'year';
const PAST_DAYS = { '24h': 1, week: 7, month: 30, year: 365 } as const;

/**
 * Whether a past date lies in the window ending at now; today = the same calendar day in `zone` (the visitor's: the
 * browser's own when absent), the others = the last N×24 h.
 */
export function inPastWindow(value: string | null | undefined, window: PastWindow, now: Date, zone?: string): boolean {
  if (window === 'all') return true;
  const time = timeOf(value);
  if (Number.isNaN(time)) return false;
  if (window === 'today') return dayOf(value, zone) === dayNumber(now.getTime(), zone);
  // Lower bound only: an item dated slightly after now (server and browser clocks differ) is still recent.
  return time >= now.getTime() - PAST_DAYS[window] * DAY_MS;
}

/** Forward-looking windows for events, by start date. */
export type UpcomingWindow = 'all' | 'today' | 'tomorrow' | 'week' | 'month' | 'year';

/**
 * Whether a start date lies in the window, in calendar days of `zone` (the visitor's: the browser's own when absent):
 * today and tomorrow are those days, week = [now, now + 7 days), month/year = from today to the end of this month/year.
 */
export function inUpcomingWindow(
  value: string | null | undefined,
  window: UpcomingWindow,
  now: Date,
  zone?: string,
): boolean {
  if (window === 'all') return true;
  const time = timeOf(value);
  if (Number.isNaN(time)) return false;
  const today = dayNumber(now.getTime(), zone);
  const day = dayOf(value, zone);
  switch (window) {
    case 'today':
      return day === today;
    case 'tomorrow':
      return day === nextDay(today);
    case 'week':
      return time >= now.getTime() && time < now.getTime() + 7 * DAY_MS;
    case 'month':
      return day >= today && Math.floor(day / 100) === Math.floor(today / 100);
    case 'year':
      return day >= today && Math.floor(day / 10_000) === Math.floor(today / 10_000);
  }
}

// ---------- numeric ranges ----------

/** A numeric interval with explicit edges (greater than, at least, less than, at most); a missing edge is open. */
export interface Range {
  readonly gt?: number;
  readonly gte?: number;
  readonly lt?: number;
  readonly lte?: number;
}

/** True when a finite value lies inside the range. */
export function inRange(value: number, range: Range): boolean {
  if (!Number.isFinite(value)) return false;
  if (range.gt !== undefined && !(value > range.gt)) return false;
  if (range.gte !== undefined && !(value >= range.gte)) return false;
  if (range.lt !== undefined && !(value < range.lt)) return false;
  if (range.lte !== undefined && !(value <= range.lte)) return false;
  return true;
}

/** Whether a value falls in the chosen named band; 'all' accepts everything, including a missing value. */
export function inBand<B extends string>(
  value: number | null | undefined,
  band: B | 'all',
  bands: Readonly<Record<B, Range>>,
): boolean {
  if (band === 'all') return true;
  return typeof value === 'number' && inRange(value, bands[band]);
}

/** 'all' accepts anything; otherwise the item's value must equal the choice exactly. */
export function matchesChoice(choice: string, actual: string | null | undefined): boolean {
  return choice === 'all' || actual === choice;
}

// ---------- sorting ----------

/** How to order a list: a numeric key per item and a direction. */
export interface SortRule<T> {
  readonly key: (item: T) => number;
  readonly direction: 'asc' | 'desc';
}

/** A new array ordered by the rule; ties keep their input order and NaN keys (missing data) go last. */
export function sortBy<T>(items: readonly T[], rule: SortRule<T>): T[] {
  const sign = rule.direction === 'asc' ? 1 : -1;
  return items
    .map((item, index) => ({ item, index, key: rule.key(item) }))
    .sort((a, b) => {
      const aMissing = Number.isNaN(a.key);
      const bMissing = Number.isNaN(b.key);
      if (aMissing || bMissing) return aMissing === bMissing ? a.index - b.index : aMissing ? 1 : -1;
      return a.key === b.key ? a.index - b.index : (a.key - b.key) * sign;
    })
    .map((entry) => entry.item);
}

/**
 * Alphabetical order for labels, ignoring case; a tie puts lower case first, as the en collation does. Not
 * localeCompare: its first call loads ICU's collation data on the main thread while an island hydrates.
 */
export function compareText(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  if (x !== y) return x < y ? -1 : 1;
  return a === b ? 0 : a > b ? -1 : 1;
}

/** Keeps the input order (the server's relevance ranking). */
export const KEEP_ORDER: SortRule<unknown> = { key: () => 0, direction: 'asc' };

// ---------- filter state ----------

/** A select option: the stored value and the label shown. */
export interface Option<V extends string> {
  readonly value: V;
  readonly label: string;
}

/** Options for a fixed list of values shown as they are, preceded by 'all'. */
export function allPlus<V extends string>(values: readonly V[], allLabel: string): readonly Option<'all' | V>[] {
  return [{ value: 'all', label: allLabel }, ...values.map((value) => ({ value, label: value }))];
}

/** The values of a list of options. */
export function valuesOf<V extends string>(options: readonly Option<V>[]): readonly V[] {
  return options.map((option) => option.value);
}

/** Every filter state is a flat record of strings, so it maps one-to-one onto query parameters. */
export type FilterValues = Record<string, string>;

/** Free text up to a length (search words, or audio categories that depend on the data). */
export interface TextRule {
  readonly maxLength: number;
}

/** What each key accepts: one of a fixed list, or free text. */
export type FilterRules<F extends FilterValues> = { readonly [K in keyof F]: readonly F[K][] | TextRule };

/** A section's defaults and rules, the input of the generic reducer and query helpers. */
export interface FilterSection<F extends FilterValues> {
  readonly defaults: F;
  readonly rules: FilterRules<F>;
  /** Per key, other spellings a link may carry (a category's address) and the value each stands for. */
  readonly aliases?: { readonly [K in keyof F]?: Readonly<Record<string, F[K]>> };
}

/** Reducer actions: set one key, or reset everything to the defaults. */
export type FilterAction<F extends FilterValues> =
  { [K in keyof F]: { type: 'set'; key: K; value: F[K] } }[keyof F] | { type: 'reset' };

/** The canonical value for key, the default for '', or undefined when the value is not allowed. */
function readValue<F extends FilterValues>(section: FilterSection<F>, key: keyof F, raw: unknown): string | undefined {
  const rule: readonly string[] | TextRule = section.rules[key];
  if (typeof raw !== 'string') return undefined;
  if (raw === '') return section.defaults[key];
  if ('maxLength' in rule) return raw.slice(0, rule.maxLength);
  // Exact first, then case-insensitive, so '?category=books' repairs to 'Books'; then as an address, so a link made
  // before a category was renamed ('?category=Books', address 'books') reads as its new name.
  return (
    rule.find((allowed) => allowed === raw) ??
    rule.find((allowed) => allowed.toLowerCase() === raw.toLowerCase()) ??
    section.aliases?.[key]?.[slugify(raw)]
  );
}

/** True when any key differs from its default, e.g. hasActiveFilters(state, DEFAULT_SHOP_FILTERS) enables 'Reset Filters'. */
export function hasActiveFilters<F extends FilterValues>(filters: F, defaults: F): boolean {
  return Object.entries(defaults).some(([key, value]) => filters[key] !== value);
}

/** Whether two filter states hold the same value for every key (a shared link's filters against the ones shown). */
export function sameFilters<F extends FilterValues>(a: F, b: F): boolean {
  return !hasActiveFilters(a, b);
}

/** Pure reducer: 'set' stores a valid value (invalid values and unknown keys leave the state as it is); 'reset' restores the defaults. */
export function reduceFilters<F extends FilterValues>(section: FilterSection<F>, state: F, action: FilterAction<F>): F {
  if (action.type === 'reset') return hasActiveFilters(state, section.defaults) ? { ...section.defaults } : state;
  const { key, value } = action as { key: keyof F; value: unknown };
  if (!Object.hasOwn(section.defaults, key)) return state;
  const next = readValue(section, key, value);
  if (next === undefined || next === state[key]) return state;
  return { ...state, [key]: next };
}

/** Query parameters for the non-default keys only, in a fixed order, so URLs stay short and canonical. */
export function filtersToQuery<F extends FilterValues>(section: FilterSection<F>, filters: F): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, fallback] of Object.entries(section.defaults)) {
    const value = filters[key];
    if (typeof value === 'string' && value !== fallback && readValue(section, key, value) === value)
      params.set(key, value);
  }
  return params;
}

/** Filters read from query parameters; unknown parameters are ignored and invalid values fall back to the default. */
export function filtersFromQuery<F extends FilterValues>(section: FilterSection<F>, params: URLSearchParams): F {
  const filters: FilterValues = {};
  for (const [key, fallback] of Object.entries(section.defaults)) {
    filters[key] = readValue(section, key, params.get(key)) ?? fallback;
  }
  return filters as F;
}

// ---------- list sections ----------

/** The search box: free text up to MAX_TEXT_LENGTH, read by the section's `match`; its default is ''. */
export interface SearchFieldSpec {
  readonly kind: 'search';
  readonly placeholder: string;
}

/** A select over fixed options; the first option is the default. Changing it clears the `resets` keys. */
export interface SelectFieldSpec<V extends string> {
  readonly kind: 'select';
  readonly label: string;
  readonly options: readonly Option<V>[];
  readonly resets?: readonly string[];
  /** Other spellings a link may carry, by address (slugify), and the value each stands for. */
  readonly aliases?: Readonly<Record<string, V>>;
}

/** A select whose choices come from the data (the audio categories of the chosen type); 'all' is the default. */
export interface DataSelectFieldSpec<T> {
  readonly kind: 'data';
  readonly label: string;
  readonly allLabel: string;
  /** Longest value kept from a query string, which is checked against the data only once the data is known. */
  readonly maxLength: number;
  readonly values: (items: readonly T[], filters: Readonly<Record<string, string>>) => readonly string[];
}

/** One filter of a section, keyed by its name in the filter state and the query string. */
export type FieldSpec<T> = SearchFieldSpec | SelectFieldSpec<string> | DataSelectFieldSpec<T>;

/** A search box with its placeholder. */
export function searchField(placeholder: string): SearchFieldSpec {
  return { kind: 'search', placeholder };
}

/** A select with a label and its options (the first is the default); choosing another value clears `resets`. */
export function selectField<V extends string>(
  label: string,
  options: readonly Option<V>[],
  resets?: readonly string[],
): SelectFieldSpec<V> {
  return resets ? { kind: 'select', label, options, resets } : { kind: 'select', label, options };
}

/** A category as a list's filter knows it: the name items carry, and the address that stays when it is renamed. */
export interface CategoryChoice {
  readonly name: string;
  readonly slug: string;
}

/**
 * A select over the company's categories (in their order) after 'all' under allLabel; a link naming a category by its
 * address, or by the name it had when its address was made, reads as the category's current name.
 */
export function categoryField(
  label: string,
  categories: readonly CategoryChoice[],
  allLabel: string,
  resets?: readonly string[],
): SelectFieldSpec<string> {
  const aliases = Object.fromEntries(categories.map((c) => [c.slug, c.name]));
  const field = selectField(
    label,
    allPlus<string>(
      categories.map((c) => c.name),
      allLabel,
    ),
    resets,
  );
  return { ...field, aliases };
}

/** A select whose values are read from the data, preceded by 'all' under allLabel. */
export function dataSelectField<T>(spec: Omit<DataSelectFieldSpec<T>, 'kind'>): DataSelectFieldSpec<T> {
  return { kind: 'data', ...spec };
}

/** One sort choice: its label and the numeric key it orders by (now dates a score such as trending). */
export interface SortSpec<T> {
  readonly label: string;
  readonly key: (item: T, now: Date) => number;
  readonly direction: 'asc' | 'desc';
}

type FieldValue<S> = S extends SelectFieldSpec<infer V> ? V : string;

/** The filter state a declaration derives: each field's value type, plus `sort`. */
export type FiltersOf<Fields, S extends string> = {
  -readonly [K in Extract<keyof Fields, string> | 'sort']: K extends keyof Fields ? FieldValue<Fields[K]> : S;
};

/** What a list declares once (defineListSection derives everything else from it). */
export interface ListSpec<T, Fields extends Readonly<Record<string, FieldSpec<T>>>, S extends string> {
  /** The filters in panel order; the sort select follows them, or the field named by sortAfter. */
  readonly fields: Fields & { readonly sort?: never };
  /** The sort choices in order; the first is the default. */
  readonly sorts: Readonly<Record<S, SortSpec<T>>>;
  readonly sortAfter?: Extract<keyof Fields, string>;
  /** The count's noun: one, many. */
  readonly noun: readonly [string, string];
  /** Whether an item passes every filter (the sort is applied afterwards). */
  readonly match: (item: T, filters: FiltersOf<Fields, S>, now: Date, zone?: string) => boolean;
  /**
   * What the list's cards show of an item (the whole item unless given): while it is what the build drew, the island
   * keeps the build's static list and still sorts and filters by the fresh items (a product's views move all day; its
   * card does not show them).
   */
  readonly drawn?: (item: T) => unknown;
}

/** A select as the panel renders it. */
export interface PanelSelect {
  readonly key: string;
  readonly label: string;
  readonly options: readonly Option<string>[];
}

/** The filter panel of a section: its search box, if any, and its selects in order. */
export interface Panel {
  readonly search?: { readonly key: string; readonly placeholder: string; readonly maxLength: number };
  readonly selects: readonly PanelSelect[];
}

/** Everything a list page needs, derived from one declaration. */
export interface ListSection<T, F extends FilterValues> extends FilterSection<F> {
  readonly noun: readonly [string, string];
  /** The panel for the current items and filters (options read from the data follow both). */
  readonly panel: (items: readonly T[], filters: F) => Panel;
  /** Pure reducer: 'set' validates the value and clears the keys the field resets; 'reset' restores the defaults. */
  readonly reducer: (state: F, action: FilterAction<F>) => F;
  /** Non-default filters as query parameters. */
  readonly toQuery: (filters: F) => URLSearchParams;
  /** Filters from query parameters, invalid values repaired; given the items, a data select's unknown value becomes 'all'. */
  readonly fromQuery: (params: URLSearchParams, items?: readonly T[]) => F;
  /** The items that pass every filter, in the chosen order (a new array); days are `zone`'s (the runtime's if absent). */
  readonly apply: (items: readonly T[], filters: F, now: Date, zone?: string) => T[];
  /** What the cards show of an item (see ListSpec.drawn). */
  readonly drawn: (item: T) => unknown;
}

/** The filter state of a section, e.g. `SectionFilters<typeof shopSection>`. */
export type SectionFilters<L> = L extends FilterSection<infer F> ? F : never;

const SORT_KEY = 'sort';
const SORT_LABEL = 'Sort by';

/** The first of a declaration's values (its default); a select or a sort list without values is a mistake in the declaration. */
function firstOf<V>(values: readonly V[], what: string): V {
  const [first] = values;
  if (first === undefined) throw new Error(`A list section's ${what} needs at least one value`);
  return first;
}

/**
 * One list section from one declaration of its fields, sorts and match function: the filter type, defaults,
 * validation rules, reducer, query mapping, apply function and panel all follow from it. Curried so the item type is
 * named once and the rest is inferred: `defineListSection<Product>()({ fields, sorts, noun, match })`.
 */
export function defineListSection<T>() {
  return <Fields extends Readonly<Record<string, FieldSpec<T>>>, S extends string>(
    spec: ListSpec<T, Fields, S>,
  ): ListSection<T, FiltersOf<Fields, S>> =>
    buildSection<T, FiltersOf<Fields, S>>(spec as unknown as ListSpec<T, Record<string, FieldSpec<T>>, string>);
}

function buildSection<T, F extends FilterValues>(
  spec: ListSpec<T, Record<string, FieldSpec<T>>, string>,
): ListSection<T, F> {
  const sorts = Object.entries<SortSpec<T>>(spec.sorts);
  const fields = Object.entries(spec.fields);
  const at = spec.sortAfter === undefined ? fields.length : fields.findIndex(([key]) => key === spec.sortAfter) + 1;
  // null stands for the sort select.
  const order: [string, FieldSpec<T> | null][] = [...fields.slice(0, at), [SORT_KEY, null], ...fields.slice(at)];

  const defaults: FilterValues = {};
  const rules: Record<string, readonly string[] | TextRule> = {};
  const resets: Record<string, readonly string[]> = {};
  const aliases: Record<string, Readonly<Record<string, string>>> = {};
  const dataFields: [string, DataSelectFieldSpec<T>][] = [];
  let search: Panel['search'];
  for (const [key, field] of order) {
    let rule: readonly string[] | TextRule;
    if (field === null) {
      rule = sorts.map(([value]) => value);
    } else if (field.kind === 'search') {
      rule = { maxLength: MAX_TEXT_LENGTH };
      search = { key, placeholder: field.placeholder, maxLength: MAX_TEXT_LENGTH };
    } else if (field.kind === 'select') {
      rule = valuesOf(field.options);
      if (field.resets) resets[key] = field.resets;
      if (field.aliases) aliases[key] = field.aliases;
    } else {
      rule = { maxLength: field.maxLength };
      dataFields.push([key, field]);
    }
    rules[key] = rule;
    // The first option or sort; '' for text, 'all' for a data select.
    defaults[key] = !('maxLength' in rule) ? firstOf(rule, key) : field?.kind === 'data' ? 'all' : '';
  }

  const section: FilterSection<F> = {
    defaults: defaults as F,
    rules: rules as FilterRules<F>,
    aliases: aliases as NonNullable<FilterSection<F>['aliases']>,
  };
  const match = spec.match as unknown as (item: T, filters: F, now: Date, zone?: string) => boolean;
  const selectFor = (
    [key, field]: [string, FieldSpec<T> | null],
    items: readonly T[],
    filters: F,
  ): PanelSelect | [] => {
    if (field === null)
      return { key, label: SORT_LABEL, options: sorts.map(([value, { label }]) => ({ value, label })) };
    if (field.kind === 'select') return { key, label: field.label, options: field.options };
    if (field.kind === 'search') return [];
    const values = field.values(items, filters).map((value) => ({ value, label: value }));
    return { key, label: field.label, options: [{ value: 'all', label: field.allLabel }, ...values] };
  };

  return {
    ...section,
    noun: spec.noun,
    drawn: spec.drawn ?? ((item) => item),
    panel: (items, filters) => ({
      ...(search && { search }),
      selects: order.flatMap((entry) => selectFor(entry, items, filters)),
    }),
    reducer(state, action) {
      let next = reduceFilters(section, state, action);
      if (action.type !== 'set' || next === state) return next;
      for (const key of resets[action.key as string] ?? []) next = { ...next, [key]: section.defaults[key] };
      return next;
    },
    toQuery: (filters) => filtersToQuery(section, filters),
    fromQuery(params, items) {
      let filters = filtersFromQuery(section, params);
      if (!items) return filters;
      for (const [key, field] of dataFields) {
        const current = filters[key];
        if (current === undefined || current === 'all') continue;
        const wanted = current.toLowerCase();
        const known = field.values(items, filters).find((choice) => choice.toLowerCase() === wanted);
        filters = { ...filters, [key]: known ?? 'all' };
      }
      return filters;
    },
    apply(items, filters, now, zone) {
      const [, sort] = sorts.find(([value]) => value === filters[SORT_KEY]) ?? firstOf(sorts, SORT_KEY);
      return sortBy(
        items.filter((item) => match(item, filters, now, zone)),
        { key: (item) => sort.key(item, now), direction: sort.direction },
      );
    },
  };
}
