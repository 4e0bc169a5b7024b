/**
 * How an import went: how many items ended in each outcome, when visitors see the result, then what went wrong
 * (failed, then skipped, each with why), then what was created or updated, each with a link to its new address, and
 * what was left as it was.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { formatDateTime } from '../../../lib/format/dates.ts';
import type { ImportJob, ImportReportItem } from '../../../shared/schemas/imports.ts';
import { Failure, linkButton, NOTE, OutcomeBadge, secondaryButton, SUBHEADING } from './import-parts.tsx';
import {
  changedSomething,
  itemsText,
  KIND_INFO,
  outcomeCounts,
  REBUILD_SENTENCE,
  REBUILT_SENTENCE,
  reportGroups,
  reportHeadline,
  showAllLabel,
  typeName,
  visibleSlice,
} from './import-view.ts';

function ReportItem({ item }: { item: ImportReportItem }) {
  return (
    <li
      className="grid min-w-0 gap-1 border-b border-gray-100 py-2.5 last:border-b-0 dark:border-white/5"
      data-key={item.key}
    >
      <p className="m-0 flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
        <OutcomeBadge outcome={item.outcome} />
        <span className="text-xs font-medium uppercase tracking-wide text-gray-500 dark:text-gray-400">
          {typeName(item.type)}
        </span>
        {item.url ? (
          <a
            href={item.url}
            target="_blank"
            rel="noopener"
            className="min-w-0 break-words text-sm font-medium text-[var(--color-primary-ink)] underline underline-offset-2 hover:no-underline"
          >
            {item.title}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        ) : (
          <span className="min-w-0 break-words text-sm font-medium">{item.title}</span>
        )}
      </p>
      {item.url && <p className="m-0 break-all font-mono text-xs text-gray-600 dark:text-gray-400">{item.url}</p>}
      {item.reason && <p className="m-0 break-words text-sm text-gray-600 dark:text-gray-400">{item.reason}</p>}
    </li>
  );
}

/** One group of the report, the first 100 unless all are asked for. */
function ItemGroup({ title, items, label }: { title: string; items: ImportReportItem[]; label: string }) {
  const [all, setAll] = useState(false);
  const { shown, hidden } = visibleSlice(items, all);
  if (items.length === 0) return null;
  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-2">
      <h4 className="m-0 text-sm font-semibold">
        {title} <span className="font-normal text-gray-600 dark:text-gray-400">({itemsText(items.length)})</span>
      </h4>
      <ul className="m-0 list-none rounded-lg border border-gray-200 px-3 py-0 dark:border-white/10" aria-label={label}>
        {shown.map((item) => (
          <ReportItem key={item.key} item={item} />
        ))}
      </ul>
      {hidden > 0 && (
        <button type="button" onClick={() => setAll(true)} className={linkButton}>
          {showAllLabel(items.length)}
        </button>
      )}
    </div>
  );
}

export default function ImportReportView({
  job,
  focus,
  live,
  onAgain,
}: {
  job: ImportJob;
  /** The heading takes the focus once drawn (the import has just ended, or was opened). */
  focus: boolean;
  /** The screen saw the import end just now, so the rebuild it asked for is starting (else it started back then). */
  live: boolean;
  /** "Import another file": back to the upload form. */
  onAgain: () => void;
}) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const { report } = job;
  const groups = reportGroups(report?.items ?? []);

  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus]);

  return (
    <section aria-labelledby={`${id}-title`} className="grid grid-cols-[minmax(0,1fr)] gap-5">
      <div className="grid gap-1">
        <h3 ref={heading} id={`${id}-title`} tabIndex={-1} className={SUBHEADING}>
          Import report
        </h3>
        <p className={NOTE}>
          {KIND_INFO[job.kind].name} export <span className="break-all font-mono">{job.fileName}</span>
          {job.finishedAt ? (
            <>
              , {job.status === 'failed' ? 'stopped' : 'finished'}{' '}
              <time dateTime={job.finishedAt}>{formatDateTime(job.finishedAt)}</time>
            </>
          ) : null}
          .
        </p>
      </div>
      {job.status === 'failed' ? (
        <Failure message={reportHeadline(job, report)} />
      ) : (
        <p className="m-0 text-sm font-semibold text-emerald-800 dark:text-emerald-300">
          {reportHeadline(job, report)}
        </p>
      )}
      {report && (
        <dl className="m-0 grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-5" aria-label="Items per outcome">
          {outcomeCounts(report).map((row) => (
            <div
              key={row.outcome}
              className="rounded-lg border border-gray-200 px-3 py-2 dark:border-white/10"
              data-outcome={row.outcome}
            >
              <dt className="text-xs font-medium text-gray-600 dark:text-gray-400">{row.label}</dt>
              <dd className="m-0 text-xl font-semibold tabular-nums">{row.count.toLocaleString('en-US')}</dd>
            </div>
          ))}
        </dl>
      )}
      {report && changedSomething(report) && (
        <p className="m-0 rounded-lg border border-sky-500/30 bg-sky-500/5 px-3 py-2 text-sm text-gray-700 dark:text-gray-300">
          {live ? REBUILD_SENTENCE : REBUILT_SENTENCE}
        </p>
      )}
      <ItemGroup title="Failed and skipped" items={groups.problems} label="Failed and skipped items" />
      <ItemGroup title="Created and updated" items={groups.changed} label="Created and updated items" />
      <ItemGroup title="Unchanged" items={groups.unchanged} label="Unchanged items" />
      <button type="button" onClick={onAgain} className={`${secondaryButton} justify-self-start`}>
        Import another file
      </button>
    </section>
  );
}
