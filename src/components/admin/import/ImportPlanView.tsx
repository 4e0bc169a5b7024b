/**
 * The dry run as the admin reads it: how many of each type would be created, updated and skipped, what in the export
 * could not be read at all, and every item (filtered by action and type, the first 100 unless all are asked for) with
 * why; then "Import N items", asked first, and "Discard".
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { formatDateTime } from '../../../lib/format/dates.ts';
import type { ImportJob, ImportPlanItem } from '../../../shared/schemas/imports.ts';
import ConfirmDialog from '../ui/ConfirmDialog.tsx';
import { FilterSelect } from '../ui/FilterFields.tsx';
import { ActionBadge, linkButton, NOTE, primaryButton, secondaryButton, SUBHEADING } from './import-parts.tsx';
import {
  ACTION_LABELS,
  ACTIONS,
  ALL_ITEMS,
  filterPlanItems,
  importableCount,
  importButtonLabel,
  KIND_INFO,
  planRows,
  redirectText,
  showAllLabel,
  showingText,
  typeHeading,
  typeName,
  typesIn,
  visibleSlice,
  type PlanFilter,
} from './import-view.ts';

const th =
  'bg-gray-50 px-2 py-2 text-xs font-semibold uppercase tracking-wide text-gray-600 sm:px-3 dark:bg-[#16202b] dark:text-gray-300';
const td = 'whitespace-nowrap px-2 py-1.5 text-right tabular-nums sm:px-3';
/** A filter button, as the media library's view switch looks: the pressed one tinted in the brand colour. */
const segment = (pressed: boolean) =>
  `px-2.5 py-1.5 text-sm font-medium sm:px-3 ${pressed ? 'bg-[color-mix(in_srgb,var(--color-primary)_16%,transparent)] text-gray-900 dark:text-gray-100' : 'text-gray-600 hover:bg-gray-100 hover:text-gray-900 dark:text-gray-400 dark:hover:bg-white/10 dark:hover:text-gray-100'}`;

/** A count in the table: a zero is there but quiet. */
function Count({ value, strong = false }: { value: number; strong?: boolean }) {
  return (
    <td className={`${td} ${value === 0 ? 'text-gray-400 dark:text-gray-500' : strong ? 'font-semibold' : ''}`}>
      {value.toLocaleString('en-US')}
    </td>
  );
}

function PlanItem({ item }: { item: ImportPlanItem }) {
  const redirect = redirectText(item);
  return (
    <li
      className="grid min-w-0 gap-1 border-b border-gray-100 py-2.5 last:border-b-0 dark:border-white/5"
      data-key={item.key}
    >
      <p className="m-0 flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
        <ActionBadge action={item.action} />
        <span className="text-xs font-medium uppercase tracking-wide text-gray-500 dark:text-gray-400">
          {typeName(item.type)}
        </span>
        <span className="min-w-0 break-words text-sm font-medium">{item.title}</span>
      </p>
      {redirect && <p className="m-0 break-all font-mono text-xs text-gray-700 dark:text-gray-300">{redirect}</p>}
      {item.reason && <p className="m-0 break-words text-sm text-gray-600 dark:text-gray-400">{item.reason}</p>}
    </li>
  );
}

export default function ImportPlanView({
  job,
  focus,
  busy,
  locked,
  onStart,
  onDiscard,
  children,
}: {
  job: ImportJob;
  /** The heading takes the focus once drawn (the plan has just appeared). */
  focus: boolean;
  /** Which of the plan's own steps runs. */
  busy: 'start' | 'discard' | null;
  /** Something else runs (the pictures' upload): the steps wait. */
  locked: boolean;
  onStart: () => void;
  onDiscard: () => void;
  /** Between the items and the steps: the pictures' form. */
  children?: ReactNode;
}) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [filter, setFilter] = useState<PlanFilter>(ALL_ITEMS);
  const [showAll, setShowAll] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const { plan } = job;
  const { rows, total } = planRows(plan);
  const importable = importableCount(plan);
  const types = typesIn(plan.items);
  // A type the plan no longer has (the pictures changed it) filters nothing out.
  const effective: PlanFilter =
    filter.type !== 'all' && !types.includes(filter.type) ? { ...filter, type: 'all' } : filter;
  const matching = filterPlanItems(plan.items, effective);
  const { shown, hidden } = visibleSlice(matching, showAll);

  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus]);

  // The dialog closes once the step it started is over (the import started, or refused).
  const [lastBusy, setLastBusy] = useState(busy);
  if (busy !== lastBusy) {
    setLastBusy(busy);
    if (busy === null) setConfirming(false);
  }

  const choose = (next: PlanFilter) => {
    setFilter(next);
    setShowAll(false);
  };
  const idle = busy === null && !locked;

  return (
    <section aria-labelledby={`${id}-title`} className="grid grid-cols-[minmax(0,1fr)] gap-5">
      <div className="grid gap-1">
        <h3 ref={heading} id={`${id}-title`} tabIndex={-1} className={SUBHEADING}>
          What the import would do
        </h3>
        <p className={NOTE}>
          {KIND_INFO[job.kind].name} export <span className="break-all font-mono">{job.fileName}</span>
          {job.mediaFileName ? (
            <>
              {' '}
              with the pictures of <span className="break-all font-mono">{job.mediaFileName}</span>
            </>
          ) : (
            ', without a pictures archive'
          )}
          , uploaded <time dateTime={job.createdAt}>{formatDateTime(job.createdAt)}</time>. Nothing on the site has
          changed yet.
        </p>
      </div>

      {rows.length > 0 ? (
        // Four short columns fit 320 px; a very long count scrolls instead of spilling out.
        <div className="min-w-0 overflow-x-auto rounded-lg border border-gray-200 dark:border-white/10">
          <table className="w-full border-collapse text-sm">
            <caption className="sr-only">What the import would do, per type</caption>
            <thead>
              <tr>
                <th scope="col" className={`${th} text-left`}>
                  Type
                </th>
                {ACTIONS.map((action) => (
                  <th key={action} scope="col" className={`${th} text-right`}>
                    {ACTION_LABELS[action]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.type} className="border-t border-gray-100 dark:border-white/5">
                  <th scope="row" className="px-2 py-1.5 text-left font-normal sm:px-3">
                    {row.label}
                  </th>
                  {ACTIONS.map((action) => (
                    <Count key={action} value={row[action]} />
                  ))}
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="border-t border-gray-200 dark:border-white/10">
                <th scope="row" className="px-2 py-1.5 text-left font-semibold sm:px-3">
                  All
                </th>
                {ACTIONS.map((action) => (
                  <Count key={action} value={total[action]} strong />
                ))}
              </tr>
            </tfoot>
          </table>
        </div>
      ) : (
        <p className={NOTE}>The export holds nothing this site can import.</p>
      )}

      {plan.problems.length > 0 && (
        <div className="grid gap-2 rounded-lg border border-amber-500/40 bg-amber-500/10 p-3 text-amber-900 sm:p-4 dark:text-amber-200">
          <h4 className="m-0 flex items-center gap-2 text-sm font-semibold">
            <span aria-hidden="true">⚠</span>
            {plan.problems.length === 1
              ? 'One thing in the export cannot be read'
              : `${plan.problems.length} things in the export cannot be read`}
          </h4>
          <ul className="m-0 grid gap-1 pl-5 text-sm" aria-label="Problems in the export">
            {plan.problems.map((problem, i) => (
              // Sentences may repeat (two rows without a handle); their place tells them apart.
              <li key={i} className="break-words">
                {problem}
              </li>
            ))}
          </ul>
        </div>
      )}

      {plan.items.length > 0 && (
        <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3">
          <h4 className="m-0 text-sm font-semibold">Items</h4>
          <div className="flex flex-wrap items-end gap-3">
            <div
              role="group"
              aria-label="Action"
              className="inline-flex max-w-full divide-x divide-gray-300 overflow-hidden rounded-md border border-gray-300 dark:divide-white/20 dark:border-white/20"
            >
              {(['all', ...ACTIONS] as const).map((action) => (
                <button
                  key={action}
                  type="button"
                  aria-pressed={effective.action === action}
                  onClick={() => choose({ ...effective, action })}
                  className={segment(effective.action === action)}
                >
                  {action === 'all' ? 'All' : ACTION_LABELS[action]}
                </button>
              ))}
            </div>
            {types.length > 1 && (
              <FilterSelect
                id={`${id}-type`}
                label="Type"
                value={effective.type}
                options={[
                  { value: 'all', label: 'All types' },
                  ...types.map((type) => ({ value: type, label: typeHeading(type) })),
                ]}
                onChange={(value) => choose({ ...effective, type: types.find((t) => t === value) ?? 'all' })}
                className="min-w-40"
              />
            )}
          </div>
          <p role="status" className={NOTE}>
            {showingText(shown.length, matching.length, plan.items.length)}
          </p>
          {shown.length > 0 && (
            <ul
              className="m-0 list-none rounded-lg border border-gray-200 px-3 py-0 dark:border-white/10"
              aria-label="Items of the import"
            >
              {shown.map((item) => (
                <PlanItem key={item.key} item={item} />
              ))}
            </ul>
          )}
          {hidden > 0 && (
            <button type="button" onClick={() => setShowAll(true)} className={linkButton}>
              {showAllLabel(matching.length)}
            </button>
          )}
        </div>
      )}

      {children}

      <div className="grid justify-items-start gap-3 rounded-lg border border-gray-200 p-4 dark:border-white/10">
        <p className="m-0 text-sm text-gray-700 dark:text-gray-300">
          {importable > 0
            ? 'The server imports in the background: you may leave this page once it has started. Every old address then answers with a redirect to its new one.'
            : 'Nothing to create or update: everything in the export is here already or skipped.'}
        </p>
        <div className="flex flex-wrap gap-3">
          <button
            type="button"
            disabled={!idle || importable === 0}
            aria-busy={busy === 'start'}
            onClick={() => setConfirming(true)}
            className={primaryButton}
          >
            {busy === 'start' ? 'Starting…' : importButtonLabel(importable)}
          </button>
          <button
            type="button"
            disabled={!idle}
            aria-busy={busy === 'discard'}
            onClick={onDiscard}
            className={secondaryButton}
          >
            {busy === 'discard' ? 'Discarding…' : 'Discard'}
          </button>
        </div>
      </div>

      <ConfirmDialog
        open={confirming}
        title={`${importButtonLabel(importable)}?`}
        confirmLabel={importButtonLabel(importable)}
        busyLabel="Starting…"
        tone="safe"
        busy={busy === 'start'}
        onCancel={() => setConfirming(false)}
        onConfirm={onStart}
      >
        They are created or updated on this site, and every old address will answer with a redirect to its new one.
        Running the same export again later creates nothing twice: what was imported is updated instead.
      </ConfirmDialog>
    </section>
  );
}
