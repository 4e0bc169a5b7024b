/**
 * A queued or running import: its bar (items handled of all), a live line on how far it is, asked again every 1.5 s
 * until it ends, and that the admin may leave: the server's runner does the work and picks it up again after a
 * restart. A failed poll (the server restarting, say) is said and tried again.
 */
import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api/auth.ts';
import { fetchImport } from '../../../lib/api/admin/imports.ts';
import { formatDateTime } from '../../../lib/format/dates.ts';
import type { ImportJob } from '../../../shared/schemas/imports.ts';
import ProgressTrack from '../ui/ProgressTrack.tsx';
import { NOTE, SUBHEADING } from './import-parts.tsx';
import { isUnderWay, KIND_INFO, POLL_MS, progressPercent, progressText } from './import-view.ts';

/** Answers after which asking again cannot help: the import is gone, or this admin is no longer let in. */
const FINAL = new Set([401, 403, 404]);

export default function ImportProgress({
  job,
  focus,
  onUpdate,
}: {
  job: ImportJob;
  /** The heading takes the focus once drawn (the import has just started). */
  focus: boolean;
  /** The job as the server has it now; the screen shows the report once it has ended. */
  onUpdate: (job: ImportJob) => void;
}) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  // Why the last poll failed, and whether to try again.
  const [lost, setLost] = useState<{ message: string; final: boolean; round: number } | null>(null);
  const update = useEffectEvent(onUpdate);

  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus]);

  // One request at a time: the next is timed from the last answer (a new job object, or a failure's new round).
  const round = lost?.round ?? 0;
  const stopped = lost?.final === true;
  useEffect(() => {
    if (!isUnderWay(job.status) || stopped) return;
    let live = true;
    const timer = setTimeout(() => {
      fetchImport(job.id).then(
        (next) => {
          if (!live) return;
          setLost(null);
          update(next);
        },
        (error: unknown) => {
          if (!live) return;
          const status = (error as { status?: number } | null)?.status;
          setLost({
            message: errorMessage(error, 'The server cannot be reached right now.'),
            final: status !== undefined && FINAL.has(status),
            round: round + 1,
          });
        },
      );
    }, POLL_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [job, round, stopped]);

  const percent = progressPercent(job.done, job.total);
  return (
    <section aria-labelledby={`${id}-title`} className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <div className="grid gap-1">
        <h3 ref={heading} id={`${id}-title`} tabIndex={-1} className={SUBHEADING}>
          Importing
        </h3>
        <p className={NOTE}>
          {KIND_INFO[job.kind].name} export <span className="break-all font-mono">{job.fileName}</span>
          {job.startedAt ? (
            <>
              , started <time dateTime={job.startedAt}>{formatDateTime(job.startedAt)}</time>
            </>
          ) : null}
          .
        </p>
      </div>
      <div className="grid gap-1.5">
        <ProgressTrack label="Import progress" percent={percent} />
        <p role="status" className="m-0 text-sm font-medium tabular-nums text-gray-800 dark:text-gray-200">
          {progressText(job)}
        </p>
      </div>
      {lost && (
        <p role="alert" className="m-0 break-words text-sm font-medium text-amber-800 dark:text-amber-300">
          {lost.final
            ? `${lost.message} Reload the page to see where the import stands.`
            : `${lost.message} Asking again…`}
        </p>
      )}
      <p className="m-0 rounded-lg border border-sky-500/30 bg-sky-500/5 px-3 py-2 text-sm text-gray-700 dark:text-gray-300">
        You may leave this page: the import goes on in the server, and if the server restarts, it resumes where it
        stopped. Come back here to read its report.
      </p>
    </section>
  );
}
