/**
 * The versions an item keeps, newest first: number, what the save was, who and when, the fields it changed, a badge
 * on the live one, and Restore as draft on every other after asking inline.
 * Usage: <RevisionList revisions={history.revisions} limit={history.limit} restoring={id or null} failure onRestore />.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { formatDateTime } from '../../../../lib/format/dates.ts';
import { REVISION_ACTION_LABELS, type RevisionSummary } from '../../../../shared/revisions.ts';

/** The refusal of the last restore, shown beside the version it was for. */
export interface RestoreFailure {
  id: string;
  message: string;
}

interface Props {
  revisions: readonly RevisionSummary[];
  limit: number;
  /** The version being restored, or null; every restore button is off meanwhile. */
  restoring: string | null;
  failure: RestoreFailure | null;
  onRestore: (revision: RevisionSummary) => void;
}

const button =
  'min-h-9 rounded-md border border-gray-300 px-3 py-1 text-sm font-medium hover:bg-gray-100 disabled:opacity-60 dark:border-white/20 dark:hover:bg-white/10';

/** 'Restored as a draft from version 2', 'Saved'. */
export const actionText = ({ action, restoredFrom }: RevisionSummary) =>
  `${REVISION_ACTION_LABELS[action]}${restoredFrom !== null ? ` from version ${restoredFrom}` : ''}`;

/** Who saved it; nobody for the item as it stood when its history began. */
const whoText = ({ savedBy }: RevisionSummary) => savedBy || 'Before changes were recorded';

function changedText({ changed, number }: RevisionSummary): string | null {
  if (changed.length > 0) return `Changed: ${changed.join(', ')}`;
  // The first version has nothing before it to differ from.
  return number > 1 ? 'No field changed' : null;
}

function RevisionItem({
  revision,
  restoring,
  failure,
  onRestore,
}: {
  revision: RevisionSummary;
  restoring: string | null;
  failure: string | null;
  onRestore: () => void;
}) {
  const headingId = useId();
  const [asking, setAsking] = useState(false);
  const ask = useRef<HTMLButtonElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  // The pressed button disappears: focus moves to the safe answer, and back once the question is gone.
  const asked = useRef(false);
  useEffect(() => {
    if (asking) cancel.current?.focus();
    else if (asked.current) ask.current?.focus();
    asked.current = asking;
  }, [asking]);

  const busy = restoring !== null;
  const changed = changedText(revision);
  return (
    <li className="grid min-w-0 gap-1 rounded-lg border border-gray-200 p-3 text-sm dark:border-white/10">
      <div className="flex flex-wrap items-center gap-2">
        <h4 id={headingId} className="m-0 text-base font-semibold">
          Version {revision.number}
        </h4>
        {revision.current && (
          <span className="rounded-full border border-emerald-600/40 bg-emerald-500/10 px-2 py-0.5 text-xs font-semibold text-emerald-800 dark:text-emerald-200">
            Live version
          </span>
        )}
      </div>
      <p className="m-0 break-words">{actionText(revision)}</p>
      <p className="m-0 break-words text-gray-600 dark:text-gray-400">
        {whoText(revision)} · <time dateTime={revision.savedAt}>{formatDateTime(revision.savedAt)}</time>
      </p>
      {changed && <p className="m-0 break-words text-gray-600 dark:text-gray-400">{changed}</p>}
      {!revision.current &&
        (asking ? (
          <div className="mt-1 grid gap-2 rounded-md border border-amber-500/50 bg-amber-500/10 p-2 text-amber-950 dark:text-amber-100">
            <p className="m-0 font-medium">
              Restore version {revision.number} as a draft? The published version stays until the draft is published.
            </p>
            <div className="flex flex-wrap gap-2">
              <button type="button" disabled={busy} className={button} onClick={onRestore}>
                {restoring === revision.id ? 'Restoring...' : 'Restore'}
              </button>
              <button ref={cancel} type="button" disabled={busy} className={button} onClick={() => setAsking(false)}>
                Cancel
              </button>
            </div>
          </div>
        ) : (
          <div className="mt-1">
            <button
              ref={ask}
              type="button"
              disabled={busy}
              aria-describedby={headingId}
              className={button}
              onClick={() => setAsking(true)}
            >
              Restore as draft
            </button>
          </div>
        ))}
      {failure && (
        <p role="alert" className="m-0 break-words font-medium text-red-700 dark:text-red-300">
          {failure}
        </p>
      )}
    </li>
  );
}

export default function RevisionList({ revisions, limit, restoring, failure, onRestore }: Props) {
  return (
    <div className="grid gap-2">
      <ol className="m-0 grid list-none gap-2 p-0">
        {revisions.map((revision) => (
          <RevisionItem
            key={revision.id}
            revision={revision}
            restoring={restoring}
            failure={failure?.id === revision.id ? failure.message : null}
            onRestore={() => onRestore(revision)}
          />
        ))}
      </ol>
      <p className="m-0 text-xs text-gray-600 dark:text-gray-400">
        The last {limit} versions of each item are kept; the version the item holds now is always kept.
      </p>
    </div>
  );
}
