/**
 * Two kept versions chosen (the newest and the one before it at first) and compared field by field: the changed
 * fields, then the unchanged ones once asked for.
 * Usage: <RevisionCompare itemPath="/api/admin/blogs/b1" revisions={history.revisions} />.
 */
import { useEffect, useId, useState } from 'react';
import { compareRevisions } from '../../../../lib/api/admin/revisions.ts';
import { errorMessage } from '../../../../lib/api/auth.ts';
import { REVISION_SAME, type RevisionComparison, type RevisionSummary } from '../../../../shared/revisions.ts';
import { FIELD_CLASS } from '../../ui/FilterFields.tsx';
import type { Remote } from '../../dashboard/use-remote.ts';
import { LoadError } from '../../dashboard/Panel.tsx';
import Spinner from '../../ui/Spinner.tsx';
import ComparedField, { ADDED_CLASS, REMOVED_CLASS } from './ComparedField.tsx';

interface Props {
  itemPath: string;
  /** Newest first, as the history lists them. */
  revisions: readonly RevisionSummary[];
}

const labelClass = 'block min-w-0 text-sm font-medium text-gray-800 dark:text-gray-200';

function VersionSelect({
  label,
  value,
  revisions,
  onChange,
}: {
  label: string;
  value: string;
  revisions: readonly RevisionSummary[];
  onChange: (id: string) => void;
}) {
  return (
    <label className={labelClass}>
      {label}
      <select className={FIELD_CLASS} value={value} onChange={(e) => onChange(e.target.value)}>
        {revisions.map((r) => (
          <option key={r.id} value={r.id}>
            {`Version ${r.number}${r.current ? ' (live)' : ''}`}
          </option>
        ))}
      </select>
    </label>
  );
}

function Fields({ comparison }: { comparison: RevisionComparison }) {
  const [showUnchanged, setShowUnchanged] = useState(false);
  const { older, newer, fields } = comparison;
  const changed = fields.filter((f) => f.changed);
  const unchanged = fields.filter((f) => !f.changed);
  const shown = showUnchanged ? [...changed, ...unchanged] : changed;
  return (
    <div className="grid gap-3">
      <p className="m-0 text-xs text-gray-600 dark:text-gray-400">
        <span className={REMOVED_CLASS}>Struck through</span>: only in version {older.number}.{' '}
        <span className={ADDED_CLASS}>Underlined</span>: only in version {newer.number}.
      </p>
      {changed.length === 0 && (
        <p className="m-0 text-sm">
          No field differs between version {older.number} and version {newer.number}.
        </p>
      )}
      {unchanged.length > 0 && (
        <label className="flex items-center gap-2 text-sm font-medium">
          <input type="checkbox" checked={showUnchanged} onChange={(e) => setShowUnchanged(e.target.checked)} />
          Show unchanged fields ({unchanged.length})
        </label>
      )}
      {shown.map((field) => (
        <ComparedField key={field.name} field={field} older={older} newer={newer} />
      ))}
    </div>
  );
}

export default function RevisionCompare({ itemPath, revisions }: Props) {
  const headingId = useId();
  const [from, setFrom] = useState(revisions[0]?.id ?? '');
  const [to, setTo] = useState(revisions[1]?.id ?? '');
  // Each answer is kept with the pair it is for: a slower answer for an earlier pair is never shown for this one.
  const [answer, setAnswer] = useState<{ pair: string; remote: Remote<RevisionComparison> } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const pairChosen = from !== '' && to !== '' && from !== to;
  const pair = `${from}:${to}:${attempt}`;
  const remote: Remote<RevisionComparison> = answer?.pair === pair ? answer.remote : { state: 'loading' };

  useEffect(() => {
    if (!pairChosen) return;
    compareRevisions(itemPath, from, to).then(
      (data) => setAnswer({ pair, remote: { state: 'ready', data } }),
      (error: unknown) =>
        setAnswer({
          pair,
          remote: {
            state: 'error',
            message: errorMessage(error, 'The versions could not be compared. Please try again.'),
          },
        }),
    );
  }, [itemPath, from, to, pairChosen, pair]);

  return (
    <section aria-labelledby={headingId} className="grid min-w-0 gap-3">
      <h3 id={headingId} className="m-0 text-base font-semibold">
        Compare
      </h3>
      {revisions.length < 2 ? (
        <p className="m-0 text-sm text-gray-600 dark:text-gray-400">
          Only one version is kept so far: there is nothing to compare it with yet.
        </p>
      ) : (
        <>
          <div className="grid gap-3 sm:grid-cols-2">
            <VersionSelect label="Compare version" value={from} revisions={revisions} onChange={setFrom} />
            <VersionSelect label="with version" value={to} revisions={revisions} onChange={setTo} />
          </div>
          {!pairChosen && <p className="m-0 text-sm">{REVISION_SAME}</p>}
          {pairChosen && remote.state === 'loading' && <Spinner compact label="Comparing the versions" />}
          {pairChosen && remote.state === 'error' && (
            <LoadError message={remote.message} onRetry={() => setAttempt((n) => n + 1)} />
          )}
          {/* Keyed by the pair: a new comparison starts with the unchanged fields hidden again. */}
          {pairChosen && remote.state === 'ready' && <Fields key={pair} comparison={remote.data} />}
        </>
      )}
    </section>
  );
}
