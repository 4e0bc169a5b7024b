/** Is the public static site up to date with the data? Polls while a rebuild is scheduled or running; Retry after a failure. */
import { useStore } from '@nanostores/react';
import { etaText, failedReason, PUBLISH_DOT, PUBLISH_HEADLINE } from '../../../lib/admin/publish-view.ts';
import { formatDateTime } from '../../../lib/format/dates.ts';
import { $publish, refreshPublish } from '../../../lib/stores/publish.ts';
import type { PublishStatus } from '../../../shared/admin.ts';
import { LoadError, Panel, PanelLoading } from '../dashboard/Panel.tsx';
import { relativeTime } from '../dashboard/relative-time.ts';
import RetryBuild from './RetryBuild.tsx';

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

function Eta({ status, at }: { status: PublishStatus; at: number }) {
  return (
    <p className="m-0 text-sm text-gray-600 dark:text-gray-400">Visitors see the changes {etaText(status, at)}.</p>
  );
}

function Details({ status, at }: { status: PublishStatus; at: number }) {
  switch (status.state) {
    case 'up-to-date':
      return <When iso={status.lastBuiltAt ?? status.since} prefix="Last built" />;
    case 'scheduled':
      return (
        <>
          <p className="m-0 text-sm text-gray-600 dark:text-gray-400">A rebuild starts once the changes settle.</p>
          <Eta status={status} at={at} />
          <When iso={status.since} prefix="Requested" />
        </>
      );
    case 'building':
      return (
        <>
          <Eta status={status} at={at} />
          <When iso={status.since} prefix="Started" />
        </>
      );
    case 'failed':
      return (
        <>
          <p className="m-0 break-words text-sm text-red-700 dark:text-red-300">{failedReason(status)}</p>
          <When iso={status.since} prefix="Failed" />
          <When iso={status.lastBuiltAt} prefix="Visitors see the site built" />
        </>
      );
  }
}

export default function PublishStatusCard() {
  const { status, error, receivedAt } = useStore($publish);

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
      {!status && !error && <PanelLoading label="Loading the publish state" />}
      {!status && error && <LoadError message={error} onRetry={() => void refreshPublish()} />}
      {status && (
        <div className="flex flex-col gap-3" data-publish-state={status.state}>
          <div className="flex items-start gap-3">
            <span className={`mt-1.5 h-3 w-3 shrink-0 rounded-full ${PUBLISH_DOT[status.state]}`} aria-hidden="true" />
            <div className="min-w-0 flex flex-col gap-1">
              <p role="status" className="m-0 font-semibold">
                {PUBLISH_HEADLINE[status.state]}
              </p>
              <Details status={status} at={receivedAt} />
            </div>
          </div>
          {status.state === 'failed' && <RetryBuild />}
        </div>
      )}
    </Panel>
  );
}
