/**
 * Shared list state for every browser island: the page's first screen from the build, then, once the filters change,
 * the filtered list a page at a time: drawn from the build's data file (fetched whole once the page has painted), or,
 * for a list too long to send whole, asked of the API a page at a time. Filters are mirrored in the URL.
 */
import { ofetch } from 'ofetch';
import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { sameFilters, type FilterAction, type FilterValues, type ListSection } from '../../lib/filters/core.ts';
import { publicApiBase } from '../../lib/api/base.ts';
import { LIST_PAGE_SIZE } from '../../shared/constants.ts';
import type { ListPageResponse } from '../../shared/types.ts';
import type { FilterPanelProps } from './FilterPanel.tsx';

type Action<F extends FilterValues> = FilterAction<F> | { type: 'replace'; filters: F };

/** Where a list page's island finds its items; none of it grows with the list. */
export interface ListSource<T> {
  /** The list's data file (/data/<list>.<hash>.json), written by the same build as the page. */
  dataUrl: string;
  /** How many items pass the default filters: the count shown before the data has arrived. */
  total: number;
  /** The cards this page shows under the default filters, for an island that draws them itself (none for a static grid). */
  firstScreen?: readonly T[];
  /**
   * Set when the data file is too large to fetch whole (see LIST_DATA_MAX_BYTES): the API list that answers the same
   * filters a page at a time (e.g. /api/products), asked instead of the file.
   */
  apiPath?: string;
  /**
   * With apiPath, for a panel with a select read from the items: the fields it reads, of an item for each choice (the
   * file's items offer them otherwise).
   */
  panelItems?: readonly Partial<T>[];
}

/**
 * The filtered list as far as it is shown: `shown` of `total` (null while other filters' list is on its way, the
 * last one staying meanwhile), `more` to show the next page (null when all are).
 */
interface Results<T> {
  shown: readonly T[];
  total: number | null;
  more: (() => void) | null;
  /** A further page is on its way. */
  busy: boolean;
}

const NONE: readonly never[] = [];

/** The whole list's `filtered` items a page at a time; a new list (other filters) starts again at one page. */
function useFileResults<T>(filtered: readonly T[] | null): Results<T> | null {
  const [limit, setLimit] = useState({ filtered, count: LIST_PAGE_SIZE });
  if (limit.filtered !== filtered) setLimit({ filtered, count: LIST_PAGE_SIZE });
  if (!filtered) return null;
  const count = limit.filtered === filtered ? limit.count : LIST_PAGE_SIZE;
  return {
    shown: filtered.length > count ? filtered.slice(0, count) : filtered,
    total: filtered.length,
    more: filtered.length > count ? () => setLimit({ filtered, count: count + LIST_PAGE_SIZE }) : null,
    busy: false,
  };
}

/** How long typing pauses before the API is asked, so a word is one request rather than one per letter. */
export const SEARCH_PAUSE_MS = 250;

/**
 * The API's answer for `query` (the filters' query string, sent once they have changed), a page at a time: the first
 * page on each new query, the next on `more`. Answers to an older query are dropped; a failed request gives no
 * results, so the page's own cards come back. Inert without `apiPath`.
 */
function useApiResults<T>(
  apiPath: string | undefined,
  query: string | null,
  pause: number,
): { results: Results<T> | null; failed: boolean } {
  const [answer, setAnswer] = useState<{ query: string; items: readonly T[]; total: number } | null>(null);
  const [pending, setPending] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const latest = useRef<string | null>(null);

  const load = (q: string, offset: number, before: readonly T[]) => {
    if (!apiPath) return;
    latest.current = q;
    setPending(q);
    const params = new URLSearchParams(q);
    params.set('limit', String(LIST_PAGE_SIZE));
    params.set('offset', String(offset));
    // "Today" and "tomorrow" are the visitor's days.
    params.set('tz', Intl.DateTimeFormat().resolvedOptions().timeZone);
    ofetch<ListPageResponse<T>>(`${publicApiBase()}${apiPath}?${params}`)
      .then((page) => {
        if (latest.current !== q) return;
        setAnswer({ query: q, items: [...before, ...page.results], total: page.total });
        setFailed(false);
      })
      .catch((error: unknown) => {
        console.error('Failed to load the list:', error instanceof Error ? error.message : error);
        if (latest.current === q) setFailed(true);
      })
      .finally(() => setPending((now) => (now === q ? null : now)));
  };

  useEffect(() => {
    if (!apiPath || query === null) return;
    const timer = setTimeout(() => load(query, 0, NONE), pause);
    return () => clearTimeout(timer);
  }, [query]);

  if (!answer || failed) return { results: null, failed };
  const current = answer.query === query;
  return {
    results: {
      shown: answer.items,
      total: current ? answer.total : null,
      more:
        current && answer.items.length < answer.total
          ? () => load(answer.query, answer.items.length, answer.items)
          : null,
      busy: pending === answer.query,
    },
    failed,
  };
}

/**
 * The query the API is asked for `filters`: the non-default ones, or the sort alone, so that the defaults too are
 * answered in the list's own order rather than as the plain list.
 */
function apiQuery<T, F extends FilterValues>(section: ListSection<T, F>, filters: F): string {
  const params = section.toQuery(filters);
  if (params.size === 0) {
    const key = 'sort' in section.defaults ? 'sort' : Object.keys(section.defaults)[0];
    if (key) params.set(key, section.defaults[key] ?? '');
  }
  return params.toString();
}

export function useFilteredList<T, F extends FilterValues>(section: ListSection<T, F>, source: ListSource<T>) {
  const { dataUrl, total, firstScreen = NONE, apiPath, panelItems } = source;
  const [items, setItems] = useState<readonly T[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [filters, dispatch] = useReducer((state: F, action: Action<F>) => {
    if (action.type !== 'replace') return section.reducer(state, action);
    // The same filters keep the same state, so a page opened without filters does not render its list a second time.
    return sameFilters(action.filters, state) ? state : action.filters;
  }, section.defaults);
  // Fixed per page view so that sorting and date windows agree between renders.
  const now = useMemo(() => new Date(), []);
  // The panel's selects read only the fields panelItems hold.
  const choices = items ?? (panelItems as readonly T[] | undefined);

  // The build rendered the defaults; a shared link's filters apply right after hydration, and once more with the data,
  // which decides the values of a select read from the items, unless the visitor has chosen meanwhile (the address
  // may not show that choice yet when the data comes in the same render).
  const chosen = useRef(false);
  useEffect(() => {
    if (chosen.current) return;
    dispatch({ type: 'replace', filters: section.fromQuery(new URLSearchParams(location.search), choices) });
  }, [items]);

  // The island hydrates after the page's load event, so the data file never competes with the first paint.
  useEffect(() => {
    if (apiPath) return;
    let live = true;
    ofetch<T[]>(dataUrl)
      .then((data) => live && setItems(data))
      .catch((error: unknown) => {
        console.error('Failed to load the list:', error instanceof Error ? error.message : error);
        if (live) setFailed(true);
      });
    return () => {
      live = false;
    };
  }, [dataUrl, apiPath]);

  useEffect(() => {
    const query = section.toQuery(filters).toString();
    const url = `${location.pathname}${query ? `?${query}` : ''}${location.hash}`;
    if (url !== `${location.pathname}${location.search}${location.hash}`) history.replaceState(history.state, '', url);
  }, [filters]);

  // Once the filters change the island draws its own list for good (a Reset keeps it), as soon as its first page is
  // there; until then the page's own cards stay, and so they do if the list cannot be had (the pager still reaches
  // every item).
  const changedOnce = useRef(false);
  if (filters !== section.defaults) changedOnce.current = true;
  const active = changedOnce.current;
  const filtered = useMemo(
    () => (items && active ? section.apply(items, filters, now) : null),
    [items, filters, now, active],
  );
  const fromFile = useFileResults(filtered);
  // Typing waits for a pause before the API is asked; a select is asked at once.
  const asked = useRef<F>(section.defaults);
  const query = active ? apiQuery(section, filters) : null;
  const onlyTyped = Object.keys(filters).some((key) => filters[key] !== asked.current[key] && isText(section, key));
  asked.current = filters;
  const fromApi = useApiResults<T>(apiPath, query, onlyTyped ? SEARCH_PAUSE_MS : 0);
  const results = apiPath ? fromApi.results : fromFile;
  const unavailable = apiPath ? fromApi.failed : failed;

  const changed = results !== null;
  // Before the list has arrived only the defaults' count is known.
  const count = results ? results.total : !active || unavailable ? total : null;
  const panel: FilterPanelProps = {
    panel: useMemo(() => section.panel(choices ?? firstScreen, filters), [choices, firstScreen, filters]),
    values: filters,
    // The reducer validates the value against the field's options.
    onChange: (key, value) => {
      chosen.current = true;
      dispatch({ type: 'set', key, value } as FilterAction<F>);
    },
    onReset: () => {
      chosen.current = true;
      dispatch({ type: 'reset' });
    },
    count,
    noun: count === 1 ? section.noun[0] : section.noun[1],
  };
  return {
    /** The cards to show: the page's own until the list has changed, then the filtered list as far as it is shown. */
    visible: results ? results.shown : firstScreen,
    /** Shows the next page of the filtered list; null when all are shown or the page's own cards are. */
    more: results?.more ?? null,
    busy: results?.busy ?? false,
    filters,
    changed,
    panel,
  };
}

/** Whether `key` is free text (a search box), whose changes wait for a pause in typing. */
const isText = <T, F extends FilterValues>(section: ListSection<T, F>, key: string) =>
  'maxLength' in (section.rules[key as keyof F] as object);
