/** Is the public static site up to date with the data? Polls while a rebuild is scheduled or running; Retry after a failure. */
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../lib/api/auth.ts';
import { fetchSiteStatus, requestSiteRebuild } from '../../../lib/api/admin/site.ts';
import { formatDateTime } from '../../../lib/format/dates.ts';
import type { PublishState, PublishStatus } from '../../../shared/admin.ts';
import { LoadError, Panel, PanelLoading } from '../dashboard/Panel.tsx';
import { relativeTime } from '../dashboard/relative-time.ts';
import { useRemote } from '../dashboard/use-remote.ts';

const POLL_MS = 3000;

const HEADLINE: Record<PublishState, string> = {
  'up-to-date': 'Public site is up to date',
  scheduled: 'Scheduled',
  building: 'Rebuilding the public site…',
  failed: 'Site rebuild failed',
};

const DOT: Record<PublishState, string> = {
  'up-to-date': 'bg-green-500',
  scheduled: 'bg-amber-400 animate-pulse motion-reduce:animate-none',
  building: 'bg-amber-400 animate-pulse motion-reduce:animate-none',
  failed: 'bg-red-500',
};

function When({ iso, prefix }: { iso: string | undefined; prefix: string }) {
  if (!iso || Number.isNaN(Date.parse(iso))) return null;
  return (
    <p className="m-0 text-sm text-gray-600 dark:text-gray-400">
      {prefix}{' '}
      <time dateTime={iso} title={formatDateTime(iso)}>
        {relativeTime(iso)}
      </time>
    </p>
  );
}

function Details({ status }: { status: PublishStatus }) {
  switch (status.state) {
    case 'up-to-date':
      return <When iso={status.lastBuiltAt ?? status.since} prefix="Last built" />;
    case 'scheduled':
      return (
        <>
          <p className="m-0 text-sm text-gray-600 dark:text-gray-400">A rebuild starts once the changes settle.</p>
          <When iso={status.since} prefix="Requested" />
        </>
      );
    case 'building':
      return <When iso={status.since} prefix="Started" />;
    case 'failed':
      return (
        <>
          <p className="m-0 break-words text-sm text-red-700 dark:text-red-300">
            {(status.reason ?? '') || 'The build stopped without a reason.'}
          </p>
          <When iso={status.since} prefix="Failed" />
          <When iso={status.lastBuiltAt} prefix="Visitors see the site built" />
        </>
      );
  }
}

export default function PublishStatusCard() {
  const { remote, reload, set } = useRemote(fetchSiteStatus, 'Could not load the publish state.');
  const [retrying, setRetrying] = useState(false);
  const [retryError, setRetryError] = useState('');
  const state = remote.state === 'ready' ? remote.data.state : null;

  // While a build is scheduled or running, ask again every 3 s without flashing the spinner.
  useEffect(() => {
    if (state !== 'scheduled' && state !== 'building') return;
    const timer = setTimeout(() => void reload(true), POLL_MS);
    return () => clearTimeout(timer);
  }, [state, remote, reload]);

  async function retry() {
    setRetrying(true);
    setRetryError('');
    try {
      set(await requestSiteRebuild());
    } catch (error) {
      setRetryError(errorMessage(error, 'Could not start a rebuild. Please try again.'));
    } finally {
      setRetrying(false);
    }
  }

  return (
    <Panel
      title="Public Site"
      id="publish-state"
      action={
        <a
          href="/"
          target="_blank"
          rel="noopener"
          className="rounded-md px-2 py-1 text-sm font-medium text-[var(--color-primary-ink)] hover:bg-black/5 dark:hover:bg-white/10"
        >
          View site
        </a>
      }
    >
      {remote.state === 'loading' && <PanelLoading label="Loading the publish state" />}
      {remote.state === 'error' && <LoadError message={remote.message} onRetry={() => void reload()} />}
      {remote.state === 'ready' && (
        <div className="flex flex-col gap-3" data-publish-state={remote.data.state}>
          <div className="flex items-start gap-3">
            <span className={`mt-1.5 h-3 w-3 shrink-0 rounded-full ${DOT[remote.data.state]}`} aria-hidden="true" />
            <div className="min-w-0 flex flex-col gap-1">
              <p role="status" className="m-0 font-semibold">
                {HEADLINE[remote.data.state]}
              </p>
              <Details status={remote.data} />
            </div>
          </div>
          {remote.data.state === 'failed' && (
            <div className="flex flex-wrap items-center gap-3">
              <button
                type="button"
                onClick={() => void retry()}
                disabled={retrying}
                className="brand-button px-4 py-2 text-sm font-semibold hover:opacity-85 disabled:opacity-60"
              >
                {retrying ? 'Retrying…' : 'Retry'}
              </button>
              {retryError && (
                <p role="alert" className="m-0 text-sm text-red-700 dark:text-red-300">
                  {retryError}
                </p>
              )}
            </div>
          )}
        </div>
      )}
    </Panel>
  );
}
