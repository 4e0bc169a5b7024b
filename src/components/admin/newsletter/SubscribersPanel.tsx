/**
 * The Subscribers tab: how many are pending, confirmed and unsubscribed; search, status and source filters; the
 * matching list as CSV; addresses added from a CSV (each asked to confirm); a subscriber removed after a confirmation.
 */
import { useId, useState } from 'react';
import {
  fetchAudience,
  fetchSubscribers,
  fetchSubscribersCsv,
  removeSubscriber,
} from '../../../lib/api/admin/newsletter.ts';
import { errorMessage } from '../../../lib/api/auth.ts';
import { saveFile } from '../../../lib/browser/save-file.ts';
import { SUBSCRIBERS_QUERY_MAX, type NewsletterSubscriber } from '../../../shared/schemas/newsletter.ts';
import { Panel } from '../dashboard/Panel.tsx';
import { useRemote } from '../dashboard/use-remote.ts';
import ConfirmDialog from '../ui/ConfirmDialog.tsx';
import DownloadIcon from '../ui/DownloadIcon.tsx';
import { FilterSelect, SearchField } from '../ui/FilterFields.tsx';
import { NoticeLine, PagedListBody, type ListTexts, type Notice } from '../ui/PagedList.tsx';
import { usePagedList } from '../ui/use-paged-list.ts';
import ImportDialog from './ImportDialog.tsx';
import { INITIAL_SUBSCRIBERS_QUERY, parseSource, parseStatus, subscribersQueryReducer } from './subscribers-list.ts';
import SubscribersTable from './SubscribersTable.tsx';

const TEXTS: ListTexts = {
  loading: 'Loading subscribers',
  empty: 'No subscribers found.',
  pager: 'Pages of subscribers',
  count: (n) => (n === 1 ? '1 subscriber' : `${n} subscribers`),
};

const STATUSES = [
  { value: '', label: 'All statuses' },
  { value: 'confirmed', label: 'Confirmed' },
  { value: 'pending', label: 'Pending' },
  { value: 'unsubscribed', label: 'Unsubscribed' },
];
const SOURCES = [
  { value: '', label: 'All sources' },
  { value: 'form', label: 'Sign-up form' },
  { value: 'import', label: 'Import' },
];

function Audience() {
  const { remote } = useRemote(fetchAudience, 'Could not count the subscribers.');
  if (remote.state !== 'ready') return null;
  const { confirmed, pending, unsubscribed } = remote.data;
  const figure = (n: number, label: string) => (
    <div className="flex items-baseline gap-1.5 rounded-lg border border-gray-200 px-2.5 py-1 dark:border-white/10 sm:px-3 sm:py-1.5">
      <dt className="order-last text-xs text-gray-600 dark:text-gray-400 sm:text-sm">{label}</dt>
      <dd className="m-0 text-base font-bold tabular-nums sm:text-lg">{n}</dd>
    </div>
  );
  return (
    <dl className="m-0 mb-4 flex flex-wrap gap-2" aria-label="Subscribers by status">
      {figure(confirmed, 'confirmed')}
      {figure(pending, 'pending')}
      {figure(unsubscribed, 'unsubscribed')}
    </dl>
  );
}

export default function SubscribersPanel() {
  const id = useId();
  const list = usePagedList(
    subscribersQueryReducer,
    INITIAL_SUBSCRIBERS_QUERY,
    fetchSubscribers,
    'Could not load the subscribers.',
  );
  const [importing, setImporting] = useState(false);
  const [removing, setRemoving] = useState<NewsletterSubscriber | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  // A new key reads the counts again after a change.
  const [round, setRound] = useState(0);
  const changed = () => {
    setRound((r) => r + 1);
    void list.reload(true);
  };

  async function exportCsv() {
    setBusy(true);
    setNotice(null);
    try {
      const { blob, fileName } = await fetchSubscribersCsv(list.query);
      saveFile(blob, fileName);
    } catch (error) {
      setNotice({ tone: 'error', text: errorMessage(error, 'The CSV could not be downloaded. Please try again.') });
    } finally {
      setBusy(false);
    }
  }

  async function remove(subscriber: NewsletterSubscriber) {
    setBusy(true);
    setNotice(null);
    try {
      setNotice({ tone: 'ok', text: (await removeSubscriber(subscriber._id)).message });
      changed();
    } catch (error) {
      setNotice({ tone: 'error', text: errorMessage(error, 'The subscriber could not be removed. Please try again.') });
    } finally {
      setBusy(false);
      setRemoving(null);
    }
  }

  const actions = (
    <div className="flex flex-wrap gap-2">
      <button
        type="button"
        disabled={busy}
        onClick={() => void exportCsv()}
        className="brand-button-outline inline-flex items-center gap-1.5 px-3 py-1.5 text-sm font-medium text-gray-900 hover:opacity-85 disabled:opacity-60 dark:text-gray-100"
      >
        <DownloadIcon size={16} />
        Export CSV
      </button>
      <button
        type="button"
        className="brand-button px-3 py-1.5 text-sm font-semibold"
        onClick={() => {
          setNotice(null);
          setImporting(true);
        }}
      >
        Add addresses
      </button>
    </div>
  );

  return (
    <Panel title="Subscribers" id="newsletter-subscribers" action={actions}>
      <Audience key={round} />
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-[minmax(0,1fr)_10rem_10rem]" role="search">
        <SearchField
          id={`${id}-q`}
          className="col-span-2 min-w-0 sm:col-span-1"
          label="Search subscribers"
          placeholder="Email contains"
          maxLength={SUBSCRIBERS_QUERY_MAX}
          value={list.query.q}
          onSearch={(q) => list.dispatch({ type: 'search', q })}
        />
        <FilterSelect
          id={`${id}-status`}
          label="Status"
          value={list.query.status}
          options={STATUSES}
          onChange={(value) => list.dispatch({ type: 'status', status: parseStatus(value) })}
        />
        <FilterSelect
          id={`${id}-source`}
          label="Source"
          value={list.query.source}
          options={SOURCES}
          onChange={(value) => list.dispatch({ type: 'source', source: parseSource(value) })}
        />
      </div>
      <NoticeLine notice={notice} />
      <PagedListBody list={list} texts={TEXTS}>
        {(rows) => <SubscribersTable subscribers={rows} busy={busy} onRemove={setRemoving} />}
      </PagedListBody>
      <ImportDialog
        open={importing}
        onClose={() => setImporting(false)}
        onImported={(report) => {
          setImporting(false);
          setNotice({ tone: 'ok', text: report.message });
          changed();
        }}
      />
      <ConfirmDialog
        open={removing !== null}
        title="Remove subscriber?"
        confirmLabel="Remove"
        busyLabel="Removing..."
        busy={busy}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && void remove(removing)}
      >
        {`${removing?.email ?? ''} is removed from the list and gets no more issues. To stop mailing someone but keep the record, let them use the unsubscribe link instead.`}
      </ConfirmDialog>
    </Panel>
  );
}
