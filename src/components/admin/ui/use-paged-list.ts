/** The paged-list state of an admin list screen: its query (a reducer), the page read for it, and the page count. */
import { useCallback, useEffect, useReducer } from 'react';
import { useRemote } from '../dashboard/use-remote.ts';
import { pageCount, type PageAction } from './paged-list.ts';

/** A page of rows as the admin list APIs answer it. */
export interface PageOf<T> {
  results: T[];
  total: number;
  pageSize: number;
}

/**
 * Reads the page for each new query (`fetchPage` must be stable, e.g. a module function); `fallback` is the line
 * shown when the server sent no { message }.
 */
export function usePagedList<Q extends { page: number }, A, P extends PageOf<unknown>>(
  reducer: (query: Q, action: A | PageAction) => Q,
  initial: Q,
  fetchPage: (query: Q) => Promise<P>,
  fallback: string,
) {
  const [query, dispatch] = useReducer(reducer, initial);
  const load = useCallback(() => fetchPage(query), [fetchPage, query]);
  const { remote, reload, set } = useRemote<P>(load, fallback);
  const data = remote.state === 'ready' ? remote.data : null;
  const pages = data ? pageCount(data.total, data.pageSize) : 1;
  // A change that empties the last page (a row left the filter or was deleted) steps back to the page that now is last.
  useEffect(() => {
    if (data && data.results.length === 0 && query.page > pages) dispatch({ type: 'page', page: pages });
  }, [data, query.page, pages]);
  const goTo = useCallback((page: number) => dispatch({ type: 'page', page }), []);
  return { query, dispatch, remote, reload, set, pages, goTo } as const;
}
