/**
 * Earlier imports, newest first: where from, the file (and its pictures), how it stands, when and by whom, how many
 * items; Open shows its plan or its report above. The import shown above is marked, with its latest numbers.
 */
import { formatDateTime } from '../../../lib/format/dates.ts';
import type { ImportJobSummary } from '../../../shared/schemas/imports.ts';
import { LoadError, PanelLoading } from '../dashboard/Panel.tsx';
import type { Remote } from '../dashboard/use-remote.ts';
import { NEUTRAL_ACTION } from '../ui/row-actions.tsx';
import { NOTE, StatusBadge } from './import-parts.tsx';
import { historyItemsText, KIND_INFO } from './import-view.ts';

function HistoryRow({
  job,
  shown,
  opening,
  disabled,
  onOpen,
}: {
  job: ImportJobSummary;
  shown: boolean;
  opening: boolean;
  disabled: boolean;
  onOpen: (id: string) => void;
}) {
  const when = formatDateTime(job.createdAt);
  return (
    <li
      className={`flex min-w-0 flex-wrap items-center justify-between gap-x-3 gap-y-2 p-3 sm:p-4 ${shown ? 'bg-[color-mix(in_srgb,var(--color-primary)_6%,transparent)]' : ''}`}
      aria-current={shown ? 'true' : undefined}
      data-import={job.id}
    >
      <div className="grid min-w-0 flex-1 basis-56 gap-1">
        <p className="m-0 flex flex-wrap items-center gap-2">
          <span className="text-sm font-semibold">{KIND_INFO[job.kind].name}</span>
          <StatusBadge status={job.status} />
        </p>
        <p className="m-0 min-w-0 break-all font-mono text-sm">
          {job.fileName}
          {job.mediaFileName && <span className="text-gray-600 dark:text-gray-400"> + {job.mediaFileName}</span>}
        </p>
        <p className="m-0 text-sm text-gray-600 dark:text-gray-400">
          <time dateTime={job.createdAt}>{when}</time> · by {job.createdBy} · {historyItemsText(job)}
        </p>
        {job.status === 'failed' && job.error && (
          <p className="m-0 break-words text-sm font-medium text-red-700 dark:text-red-300">{job.error}</p>
        )}
      </div>
      {shown ? (
        <span className="text-sm font-medium text-gray-600 dark:text-gray-400">Shown above</span>
      ) : (
        <button
          type="button"
          className={NEUTRAL_ACTION}
          disabled={disabled}
          aria-busy={opening}
          aria-label={`Open the import of ${job.fileName}, ${when}`}
          onClick={() => onOpen(job.id)}
        >
          {opening ? 'Opening…' : 'Open'}
        </button>
      )}
    </li>
  );
}

export default function ImportHistory({
  remote,
  current,
  opening,
  disabled,
  onOpen,
  onRetry,
}: {
  remote: Remote<ImportJobSummary[]>;
  /** The import shown above, as it stands now (it may be ahead of the list). */
  current: ImportJobSummary | null;
  /** The import being opened. */
  opening: string | null;
  /** Another step runs: nothing else is opened meanwhile. */
  disabled: boolean;
  onOpen: (id: string) => void;
  onRetry: () => void;
}) {
  if (remote.state === 'loading') return <PanelLoading label="Loading the earlier imports" />;
  if (remote.state === 'error') return <LoadError message={remote.message} onRetry={onRetry} />;
  const jobs = remote.data.map((job) => (job.id === current?.id ? { ...job, ...current } : job));
  if (jobs.length === 0) return <p className={NOTE}>No imports yet.</p>;
  return (
    <ul
      className="m-0 list-none divide-y divide-gray-200 overflow-hidden rounded-lg border border-gray-200 p-0 dark:divide-white/10 dark:border-white/10"
      aria-label="Earlier imports"
    >
      {jobs.map((job) => (
        <HistoryRow
          key={job.id}
          job={job}
          shown={current?.id === job.id}
          opening={opening === job.id}
          disabled={disabled || opening !== null}
          onOpen={onOpen}
        />
      ))}
    </ul>
  );
}
