/** Shared list state for every browser island: full list from the build, refreshed at runtime, filters mirrored in the URL. */
import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { sameFilters, type FilterAction, type FilterValues, type ListSection } from '../../lib/filters/core.ts';
import type { FilterPanelProps } from './FilterPanel.tsx';

type Action<F extends FilterValues> = FilterAction<F> | { type: 'replace'; filters: F };

export function useFilteredList<T, F extends FilterValues>(
  section: ListSection<T, F>,
  initial: T[],
  load: () => Promise<T[]>,
) {
  const [items, setItems] = useState(initial);
  /** Fresh items whose cards draw the same as the build's (see ListSpec.drawn). */
  const drawnAsBuilt = useRef(false);
  const [loading, setLoading] = useState(initial.length === 0);
  const [filters, dispatch] = useReducer((state: F, action: Action<F>) => {
    if (action.type !== 'replace') return section.reducer(state, action);
    // The same filters keep the same state, so a page opened without filters does not render its list a second time.
    return sameFilters(action.filters, state) ? state : action.filters;
  }, section.defaults);
  // Fixed per page view so that sorting and date windows agree between renders.
  const now = useMemo(() => new Date(), []);

  // The build rendered the defaults; a shared link's filters apply right after hydration.
  useEffect(() => {
    dispatch({ type: 'replace', filters: section.fromQuery(new URLSearchParams(location.search), initial) });
  }, []);

  useEffect(() => {
    let live = true;
    load()
      // Unchanged since the build (the usual case): keep the same array, so the list stays the one the build rendered.
      .then((fresh) => {
        if (!live || JSON.stringify(initial) === JSON.stringify(fresh)) return;
        drawnAsBuilt.current = JSON.stringify(initial.map(section.drawn)) === JSON.stringify(fresh.map(section.drawn));
        setItems(fresh);
      })
      .catch((error: unknown) =>
        console.error('Failed to refresh the list:', error instanceof Error ? error.message : error),
      )
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
  // While the items are the build's and the filters its defaults (which do not depend on the clock), the list shown is
  // the one the build rendered. Once either changes the island renders its own list, for good (a Reset keeps it).
  const changedOnce = useRef(false);
  if ((items !== initial && !drawnAsBuilt.current) || filters !== section.defaults) changedOnce.current = true;
  const panel: FilterPanelProps = {
    panel: useMemo(() => section.panel(items, filters), [items, filters]),
    values: filters,
    // The reducer validates the value against the field's options.
    onChange: (key, value) => dispatch({ type: 'set', key, value } as FilterAction<F>),
    onReset: () => dispatch({ type: 'reset' }),
    count: visible.length,
    noun: visible.length === 1 ? section.noun[0] : section.noun[1],
  };
  return { items, visible, filters, loading, changed: changedOnce.current, panel };
}
