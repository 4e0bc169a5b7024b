/**
 * The /admin/media screen: every stored picture and audio file in one place, and the documents too (only listed:
 * the Documents tab manages them). Upload in bulk; search, filter, sort and page through the files as a grid or a
 * list (the address bar keeps the choice); open a file to edit its details, replace it at the same address, see where
 * it is used, or delete it.
 */
import { useEffect, useReducer, useState } from 'react';
import type { MediaItem } from '../../../shared/media-library.ts';
import { LoadError, Panel, PanelLoading } from '../dashboard/Panel.tsx';
import AdminGate from '../ui/AdminGate.tsx';
import { pageCount } from '../ui/paged-list.ts';
import { NoticeLine, Pager, type Notice } from '../ui/PagedList.tsx';
import MediaDetailsPanel from './MediaDetailsPanel.tsx';
import MediaGrid from './MediaGrid.tsx';
import MediaIcon from './MediaIcon.tsx';
import {
  EMPTY_LIBRARY,
  fileCount,
  isFiltered,
  mediaQueryReducer,
  NO_MATCHES,
  queryFromSearch,
  searchFromQuery,
  type MediaView,
} from './media-screen.ts';
import MediaTable from './MediaTable.tsx';
import MediaToolbar from './MediaToolbar.tsx';
import MediaUploader from './MediaUploader.tsx';
import { useMediaList } from './use-media-list.ts';

function EmptyState({ filtered, onClear }: { filtered: boolean; onClear: () => void }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-gray-300 px-4 py-10 text-center dark:border-white/15">
      <MediaIcon name="library" className="h-10 w-10 text-gray-400 dark:text-gray-500" />
      <p className="m-0 max-w-md text-gray-700 dark:text-gray-300">{filtered ? NO_MATCHES : EMPTY_LIBRARY}</p>
      {filtered && (
        <button
          type="button"
          onClick={onClear}
          className="brand-button-outline px-4 py-1.5 text-sm font-semibold text-gray-900 dark:text-gray-100"
        >
          Clear filters
        </button>
      )}
    </div>
  );
}

function MediaScreen() {
  const [start] = useState(() => queryFromSearch(window.location.search));
  const [query, dispatch] = useReducer(mediaQueryReducer, start.query);
  const [view, setView] = useState<MediaView>(start.view);
  const list = useMediaList(query);
  const [open, setOpen] = useState<MediaItem | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const { data, answers, loading, error } = list;

  // The address bar follows the query and the view, so a reload or a shared link shows the same files.
  useEffect(() => {
    const search = searchFromQuery(query, view);
    if (search !== window.location.search)
      window.history.replaceState(
        window.history.state,
        '',
        `${window.location.pathname}${search}${window.location.hash}`,
      );
  }, [query, view]);

  // A page past the last (files deleted, a link kept too long) is answered with the last page: the pager follows.
  useEffect(() => {
    if (data && answers === query && data.page !== query.page) dispatch({ type: 'page', page: data.page });
  }, [data, answers, query]);

  const filtered = isFiltered(query);
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <MediaUploader onUploaded={() => void list.reload()} onOpen={setOpen} />
      <Panel title="Files" id="media-files">
        <MediaToolbar query={query} dispatch={dispatch} tags={data?.tags ?? []} view={view} onView={setView} />
        <NoticeLine notice={notice} />
        <div className="mt-2 flex flex-col gap-3">
          {error && <LoadError message={error} onRetry={() => void list.reload()} />}
          {!data && loading && <PanelLoading label="Loading the media library" />}
          {data && (
            <div
              aria-busy={loading}
              className={`transition-opacity motion-reduce:transition-none ${loading || answers !== query ? 'opacity-60' : ''}`}
            >
              {data.items.length === 0 ? (
                <EmptyState filtered={filtered || data.total > 0} onClear={() => dispatch({ type: 'reset' })} />
              ) : view === 'grid' ? (
                <MediaGrid items={data.items} onOpen={setOpen} />
              ) : (
                <MediaTable items={data.items} onOpen={setOpen} />
              )}
              {data.total > 0 && (
                <Pager
                  page={Math.min(query.page, pageCount(data.total, data.pageSize))}
                  pages={pageCount(data.total, data.pageSize)}
                  total={data.total}
                  onPage={(page) => dispatch({ type: 'page', page })}
                  label="Pages of files"
                  count={fileCount}
                />
              )}
            </div>
          )}
        </div>
      </Panel>
      <MediaDetailsPanel
        item={open}
        onClose={() => setOpen(null)}
        onChanged={(item) => {
          list.replaceItem(item);
          // The change may move the file out of the filter or the order: the page is read again.
          void list.reload();
        }}
        onDeleted={(_, message) => {
          setOpen(null);
          setNotice({ tone: 'ok', text: message });
          void list.reload();
        }}
      />
    </div>
  );
}

export default function MediaLibrary() {
  return <AdminGate>{() => <MediaScreen />}</AdminGate>;
}
