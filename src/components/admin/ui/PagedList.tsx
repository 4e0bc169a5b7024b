/** The parts every admin list screen shows the same way: the status line, the loading/error/empty states, the pager. */
import type { ReactNode } from 'react';
import { LoadError, PanelLoading } from '../dashboard/Panel.tsx';
import type { Remote } from '../dashboard/use-remote.ts';
import type { PageOf } from './use-paged-list.ts';

/** The server's answer (or refusal) to the last change, shown in the status line. */
export type Notice = { tone: 'ok' | 'error'; text: string } | null;

/** The status line under the filters; always present (and polite) so screen readers hear each new answer. */
export function NoticeLine({ notice }: { notice: Notice }) {
  return (
    <p
      role="status"
      className={`m-0 mt-3 min-h-5 text-sm ${notice?.tone === 'error' ? 'font-medium text-red-700 dark:text-red-300' : 'text-emerald-700 dark:text-emerald-300'}`}
    >
      {notice?.text}
    </p>
  );
}

interface PagerProps {
  page: number;
  pages: number;
  total: number;
  onPage: (page: number) => void;
  /** The nav's accessible name, e.g. 'Pages of orders'. */
  label: string;
  /** How `total` rows are written: '1 order', '12 orders'. */
  count: (total: number) => string;
}

/** Previous / 'Page n of m' / Next under a list, with the number of rows. */
export function Pager({ page, pages, total, onPage, label, count }: PagerProps) {
  const button =
    'rounded-md border border-gray-300 px-3 py-1.5 text-sm font-medium hover:bg-gray-100 disabled:cursor-not-allowed disabled:opacity-50 dark:border-white/20 dark:hover:bg-white/10';
  return (
    <nav
      className="mt-4 flex flex-wrap items-center justify-between gap-3 border-t border-gray-200 pt-4 dark:border-white/10"
      aria-label={label}
    >
      <p className="m-0 text-sm text-gray-600 dark:text-gray-400">{count(total)}</p>
      <div className="flex items-center gap-2">
        <button type="button" className={button} disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </button>
        <span className="px-1 text-sm tabular-nums" aria-live="polite">
          Page {page} of {pages}
        </span>
        <button type="button" className={button} disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Next
        </button>
      </div>
    </nav>
  );
}

/** What a list screen calls its rows. */
export interface ListTexts {
  /** The spinner's label, e.g. 'Loading orders'. */
  loading: string;
  /** The line of an empty page, e.g. 'No orders found.'. */
  empty: string;
  /** The pager's accessible name, e.g. 'Pages of orders'. */
  pager: string;
  /** How `total` rows are written: '1 order', '12 orders'. */
  count: (total: number) => string;
}

interface BodyProps<T> {
  /** The list state from usePagedList. */
  list: {
    remote: Remote<PageOf<T>>;
    reload: () => Promise<void>;
    query: { page: number };
    pages: number;
    goTo: (page: number) => void;
  };
  texts: ListTexts;
  /** The table (or cards) of a page with rows. */
  children: (rows: T[]) => ReactNode;
}

/** The list under the filters: spinner, load error with a retry, 'none found', or the rows; then the pager. */
export function PagedListBody<T>({ list, texts, children }: BodyProps<T>) {
  const { remote } = list;
  const data = remote.state === 'ready' ? remote.data : null;
  return (
    <div className="mt-2">
      {remote.state === 'loading' && <PanelLoading label={texts.loading} />}
      {remote.state === 'error' && <LoadError message={remote.message} onRetry={() => void list.reload()} />}
      {data?.results.length === 0 && (
        <p className="m-0 py-8 text-center text-gray-600 dark:text-gray-400">{texts.empty}</p>
      )}
      {data && data.results.length > 0 && children(data.results)}
      {data && (
        <Pager
          page={list.query.page}
          pages={list.pages}
          total={data.total}
          onPage={list.goTo}
          label={texts.pager}
          count={texts.count}
        />
      )}
    </div>
  );
}
