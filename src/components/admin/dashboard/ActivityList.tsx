/** Recent admin activity from the audit log: who did what, to which record, and when. */
import { useCallback } from 'react';
import { fetchActivity } from '../../../lib/api/admin/dashboard.ts';
import { formatDateTime } from '../../../lib/format/dates.ts';
import { LoadError, Panel, PanelLoading } from './Panel.tsx';
import { relativeTime } from './relative-time.ts';
import { useRemote } from './use-remote.ts';

const LIMIT = 10;

export default function ActivityList() {
  const load = useCallback(() => fetchActivity(LIMIT), []);
  const { remote, reload } = useRemote(load, 'Could not load the recent activity.');
  const refresh = (
    <button
      type="button"
      onClick={() => void reload()}
      disabled={remote.state === 'loading'}
      className="rounded-md px-2 py-1 text-sm font-medium text-[var(--color-primary-ink)] hover:bg-black/5 disabled:opacity-50 dark:hover:bg-white/10"
    >
      Refresh
    </button>
  );
  return (
    <Panel title="Recent Activity" id="recent-activity" action={refresh}>
      {remote.state === 'loading' && <PanelLoading label="Loading recent activity" />}
      {remote.state === 'error' && <LoadError message={remote.message} onRetry={() => void reload()} />}
      {remote.state === 'ready' && remote.data.length === 0 && (
        <p className="m-0 text-sm text-gray-600 dark:text-gray-400">No admin changes yet.</p>
      )}
      {remote.state === 'ready' && remote.data.length > 0 && (
        <ol
          className="m-0 list-none divide-y divide-gray-200 p-0 dark:divide-white/10"
          aria-label="Recent admin activity"
        >
          {remote.data.map((entry) => (
            <li
              key={entry.id}
              className="flex flex-col gap-0.5 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-baseline sm:gap-4"
            >
              <div className="min-w-0 flex-1">
                <p className="m-0 break-words text-sm font-medium">{entry.summary}</p>
                <p className="m-0 text-xs text-gray-600 dark:text-gray-400">
                  by <span className="font-medium">{entry.actor.name || 'an admin'}</span>
                </p>
              </div>
              <time
                dateTime={entry.at}
                title={formatDateTime(entry.at)}
                className="shrink-0 text-xs text-gray-600 tabular-nums dark:text-gray-400"
              >
                {relativeTime(entry.at)}
              </time>
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}
