/** Shared list state for every browser island: full list from the build, refreshed at runtime, filters mirrored in the URL. */
import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { sameFilters, type FilterAction, type FilterValues } from '../../lib/filters/core.ts';

export interface ListSection<T, F extends FilterValues> {
  defaults: F;
  reducer: (state: F, action: FilterAction<F>) => F;
  apply: (items: readonly T[], filters: F, now: Date) => T[];
  toQuery: (filters: F) => URLSearchParams;
  fromQuery: (params: URLSearchParams, items?: readonly T[]) => F;
}

type Action<F extends FilterValues> = FilterAction<F> | { type: 'replace'; filters: F };

export function useFilteredList<T, F extends FilterValues>(section: ListSection<T, F>, initial: T[], load: () => Promise<T[]>) {
  const [items, setItems] = useState(initial);
  const [loading, setLoading] = useState(initial.length === 0);
  const [filters, dispatch] = useReducer((state: F, action: Action<F>) => {
    if (action.type !== 'replace') return section.reducer(state, action);
    // The same filters keep the same state, so a page opened without filters does not render its list a second time.
    return sameFilters(action.filters, state) ? state : action.filters;
  }, section.defaults);
  // Fixed per page view so the pre-rendered list and the first client render agree.
  const now = useMemo(() => new Date(), []);

  // The server rendered the defaults; a shared link's filters apply right after hydration.
  useEffect(() => {
    dispatch({ type: 'replace', filters: section.fromQuery(new URLSearchParams(location.search), initial) });
  }, []);

  useEffect(() => {
    let live = true;
    load()
      // Unchanged since the build (the usual case): keep the same array, so the list does not render a second time.
      .then((fresh) => live && setItems((shown) => (JSON.stringify(shown) === JSON.stringify(fresh) ? shown : fresh)))
      .catch((error: unknown) => console.error('Failed to refresh the list:', error instanceof Error ? error.message : error))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    const query = section.toQuery(filters).toString();
    const url = `${location.pathname}${query ? `?${query}` : ''}${location.hash}`;
    if (url !== `${location.pathname}${location.search}${location.hash}`) history.replaceState(history.state, '', url);
  }, [filters]);

  const visible = useMemo(() => section.apply(items, filters, now), [items, filters, now]);
  // Until the items or the filters change, the list is the one the build rendered (its items, the default filters, which
  // do not depend on the clock): islands whose cards are static keep that DOM instead of hydrating it. Once false, stays false.
  const untouched = useRef(true);
  if (items !== initial || filters !== section.defaults) untouched.current = false;
  const prerendered = !import.meta.env.SSR && untouched.current;
  /** A change handler for one filter; the reducer validates the value against the allowed options. */
  const set = (key: keyof F) => (value: string) => dispatch({ type: 'set', key, value } as FilterAction<F>);
  const reset = () => dispatch({ type: 'reset' });
  return { items, visible, filters, set, reset, loading, prerendered };
}
