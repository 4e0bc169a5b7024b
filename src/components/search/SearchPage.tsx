/**
 * /search: the term comes from ?q= after hydration, one API call per term, filters applied in the browser and kept in
 * the URL beside q, with the page of results (?page=, 10 a page).
 */
import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { searchContent } from '../../lib/api/content.ts';
import { MAX_TEXT_LENGTH, type FilterAction } from '../../lib/filters/core.ts';
import {
  offeredFilters,
  pageCount,
  pageOf,
  parsePage,
  searchSectionFor,
  withoutEmptyTypes,
  type SearchFilters,
} from '../../lib/filters/search.ts';
import type { ContentSection } from '../../shared/navigation.ts';
import type { SearchResult } from '../../shared/types.ts';
import FilterPanel from '../lists/FilterPanel.tsx';
import SearchForm from './SearchForm.tsx';
import SearchPager from './SearchPager.tsx';
import SearchResultItem from './SearchResultItem.tsx';

type Status = 'reading' | 'prompt' | 'loading' | 'done' | 'failed';
type Action = FilterAction<SearchFilters> | { type: 'replace'; filters: SearchFilters };

type SearchSection = ReturnType<typeof searchSectionFor>;

/** The page's reducer over a section's rules: 'replace' takes filters read from the address as they are. */
const reducerOf = (section: SearchSection) => (state: SearchFilters, action: Action) =>
  action.type === 'replace' ? action.filters : section.reducer(state, action);
const muted = 'py-12 text-center text-gray-600 dark:text-gray-300';

interface SearchPageProps {
  /** The store's (GET /api/store), which every price is shown in. */
  currency: string;
  /** The store's search price bands (GET /api/store, read by the build): bounds in cents; the spec's when left out. */
  priceBounds?: readonly number[];
  /** Sections with nothing published (GET /api/navigation): their content type is not offered as a filter. */
  emptySections?: readonly ContentSection[];
}

/** One empty list for every render, so the read of the address below runs once. */
const NONE_EMPTY: readonly ContentSection[] = [];

export default function SearchPage({ currency, priceBounds, emptySections = NONE_EMPTY }: SearchPageProps) {
  // The store's bands, read by the build: the same for the island's whole life.
  const searchSection = useMemo(() => searchSectionFor(priceBounds, currency), [priceBounds, currency]);
  const reducer = useMemo(() => reducerOf(searchSection), [searchSection]);
  // The page is static: the term is unknown until the browser reads the URL ('reading' renders nothing that could flash).
  const [term, setTerm] = useState('');
  const [status, setStatus] = useState<Status>('reading');
  const [results, setResults] = useState<SearchResult[]>([]);
  const [filters, dispatch] = useReducer(reducer, searchSection.defaults);
  // The page asked for; shown clamped to the pages there are once the results are in.
  const [page, setPage] = useState(1);
  const top = useRef<HTMLDivElement>(null);
  const now = useMemo(() => new Date(), []);

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const q = (params.get('q') ?? '').trim().slice(0, MAX_TEXT_LENGTH);
    dispatch({ type: 'replace', filters: offeredFilters(searchSection.fromQuery(params), emptySections) });
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the address is read once hydration is done (the server renders without it): the second pass React prescribes for content only the browser knows
    setPage(parsePage(params.get('page'), Number.MAX_SAFE_INTEGER));
    setTerm(q);
    if (q === '') {
      setStatus('prompt');
      return;
    }
    let live = true;
    setStatus('loading');
    searchContent(q)
      .then((found) => {
        if (!live) return;
        setResults(found);
        setStatus('done');
      })
      .catch((error: unknown) => {
        console.error('Search failed:', error instanceof Error ? error.message : error);
        if (live) setStatus('failed');
      });
    return () => {
      live = false;
    };
  }, [emptySections, searchSection]);

  const visible = useMemo(() => searchSection.apply(results, filters, now), [searchSection, results, filters, now]);
  const n = visible.length;
  const pages = pageCount(n);
  // Until the results arrive the asked-for page stands (a reload mid-search keeps it).
  const current = status === 'done' ? Math.min(page, pages) : page;
  const shown = useMemo(() => pageOf(visible, current), [visible, current]);

  const ready = status !== 'reading';
  useEffect(() => {
    if (!ready) return;
    const params = new URLSearchParams(term ? { q: term } : {});
    for (const [key, value] of searchSection.toQuery(filters)) params.set(key, value);
    if (current > 1) params.set('page', String(current));
    const query = params.toString();
    const url = `${location.pathname}${query ? `?${query}` : ''}${location.hash}`;
    if (url !== `${location.pathname}${location.search}${location.hash}`) history.replaceState(history.state, '', url);
  }, [searchSection, filters, term, ready, current]);

  /** Another filter shows other results: back to their first page. */
  const change = (action: FilterAction<SearchFilters>) => {
    dispatch(action);
    setPage(1);
  };
  const goTo = (next: number) => {
    setPage(next);
    top.current?.scrollIntoView({ block: 'start' });
  };

  return (
    <>
      <SearchForm term={term} />
      {status === 'prompt' && (
        <p className={muted}>Enter a search term to find products, blogs, photos, videos, audio and events.</p>
      )}
      {term !== '' && (
        <FilterPanel
          panel={withoutEmptyTypes(searchSection.panel(results, filters), emptySections)}
          values={filters}
          onChange={(key, value) => change({ type: 'set', key, value } as FilterAction<SearchFilters>)}
          onReset={() => change({ type: 'reset' })}
          count={n}
          noun={searchSection.noun[n === 1 ? 0 : 1]}
        />
      )}
      <div ref={top} role="status" aria-live="polite" className="scroll-mt-20">
        {status === 'loading' && <p className={muted}>Searching...</p>}
        {status === 'failed' && <p className={muted}>Search is unavailable right now. Please try again.</p>}
        {status === 'done' && n > 0 && (
          <h2 className="mb-4 mt-0 text-xl font-semibold">
            {n} {n === 1 ? 'result' : 'results'} found for "{term}"
          </h2>
        )}
        {status === 'done' && n === 0 && (
          <div className={muted}>
            <h2 className="m-0 text-xl font-semibold text-gray-900 dark:text-gray-100">No results found</h2>
            <p className="mb-0 mt-2">Try adjusting your search terms or filters.</p>
          </div>
        )}
      </div>
      {status === 'done' && n > 0 && (
        <>
          <ul aria-label="Search results" className="m-0 grid list-none gap-4 p-0">
            {shown.map((result) => (
              <li key={`${result.type}:${result._id}`}>
                <SearchResultItem result={result} currency={currency} />
              </li>
            ))}
          </ul>
          {pages > 1 && <SearchPager page={current} pages={pages} onPage={goTo} />}
        </>
      )}
    </>
  );
}
