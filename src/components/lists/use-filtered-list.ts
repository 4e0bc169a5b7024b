/**
 * Shared list state for every browser island: the page's first screen from the build, the whole list from the build's
 * data file once the page has painted, filters mirrored in the URL.
 */
import { ofetch } from 'ofetch';
import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { sameFilters, type FilterAction, type FilterValues, type ListSection } from '../../lib/filters/core.ts';
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
}

const NONE: readonly never[] = [];

export function useFilteredList<T, F extends FilterValues>(
  section: ListSection<T, F>,
  { dataUrl, total, firstScreen = NONE }: ListSource<T>,
) {
  const [items, setItems] = useState<readonly T[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [filters, dispatch] = useReducer((state: F, action: Action<F>) => {
    if (action.type !== 'replace') return section.reducer(state, action);
    // The same filters keep the same state, so a page opened without filters does not render its list a second time.
    return sameFilters(action.filters, state) ? state : action.filters;
  }, section.defaults);
  // Fixed per page view so that sorting and date windows agree between renders.
  const now = useMemo(() => new Date(), []);

  // The build rendered the defaults; a shared link's filters apply right after hydration, and once more with the data,
  // which decides the values of a select read from the items.
  useEffect(() => {
    dispatch({ type: 'replace', filters: section.fromQuery(new URLSearchParams(location.search), items ?? undefined) });
  }, [items]);

  // The island hydrates after the page's load event, so the data file never competes with the first paint.
  useEffect(() => {
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
  }, [dataUrl]);

  useEffect(() => {
    const query = section.toQuery(filters).toString();
    const url = `${location.pathname}${query ? `?${query}` : ''}${location.hash}`;
    if (url !== `${location.pathname}${location.search}${location.hash}`) history.replaceState(history.state, '', url);
  }, [filters]);

  // Once the filters change, and the data is there, the island draws its own list for good (a Reset keeps it); until
  // then the page's own cards stay, and so they do if the data cannot be had (the pager still reaches every item).
  const changedOnce = useRef(false);
  if (filters !== section.defaults) changedOnce.current = true;
  const changed = changedOnce.current && items !== null;
  const filtered = useMemo(() => (items ? section.apply(items, filters, now) : []), [items, filters, now]);
  const visible = changed ? filtered : firstScreen;
  // Before the data has arrived only the defaults' count is known.
  const count = changed ? filtered.length : !changedOnce.current || failed ? total : null;
  const panel: FilterPanelProps = {
    panel: useMemo(() => section.panel(items ?? firstScreen, filters), [items, firstScreen, filters]),
    values: filters,
    // The reducer validates the value against the field's options.
    onChange: (key, value) => dispatch({ type: 'set', key, value } as FilterAction<F>),
    onReset: () => dispatch({ type: 'reset' }),
    count,
    noun: count === 1 ? section.noun[0] : section.noun[1],
  };
  return { items, visible, filters, changed, panel };
}
