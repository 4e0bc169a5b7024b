/**
 * The Publish checks screen's pure pieces: the items in the order the admin fixes them, the summary sentence, the
 * times of the last run and of the last page measurement, and how long the screen waits for a run it asked for.
 */
import { formatDateTime } from '../../../lib/format/dates.ts';
import {
  CHECKED_KIND_LABELS,
  reportCounts,
  type CheckedItem,
  type CheckFinding,
  type CheckSeverity,
  type PublishCheckReport,
} from '../../../shared/publish-checks.ts';

/** How often the report is read again after "Check now", in milliseconds. */
export const POLL_MS = 2000;
/** How many times it is read before the screen stops waiting (about 20 s). */
export const POLL_TRIES = 10;

export const SEVERITY_LABELS: Record<CheckSeverity, string> = { error: 'Error', warning: 'Warning' };

export const EXPLANATION =
  'Every rebuild checks what it publishes. Errors (missing alt text, broken links, unreadable colours) hold an item back until they are fixed; the rest of the site still goes out. Warnings are shown here and publish.';
export const NOT_RUN = 'The checks have not run yet.';
export const NOTHING_TO_FIX = 'Nothing to fix: every checked item passes.';
export const NOT_MEASURED = 'Page sizes not measured yet.';
export const STILL_RUNNING =
  'The checks are taking longer than usual. The report below is the last one; reload this page in a minute for the new one.';

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** 0 for an item held back, 1 for one with an error, 2 for warnings alone: the order the admin fixes them in. */
export function urgency(item: Pick<CheckedItem, 'held' | 'findings'>): 0 | 1 | 2 {
  if (item.held) return 0;
  return item.findings.some((finding) => finding.severity === 'error') ? 1 : 2;
}

/** An item's findings, errors before warnings, each group in the server's order. */
export const sortFindings = (findings: readonly CheckFinding[]): CheckFinding[] =>
  [...findings].sort((a, b) => (a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1));

const compare = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base', numeric: true });

/** The items held back first, then those with errors, then those with warnings; within each, by kind, then title. */
export function sortItems(items: readonly CheckedItem[]): CheckedItem[] {
  return [...items].sort(
    (a, b) =>
      urgency(a) - urgency(b) ||
      compare(CHECKED_KIND_LABELS[a.kind], CHECKED_KIND_LABELS[b.kind]) ||
      compare(a.title, b.title),
  );
}

/** '42 items checked: 2 held back, 3 errors, 5 warnings.', '42 items checked: nothing to fix.', or not run yet. */
export function summarySentence(report: PublishCheckReport): string {
  if (report.checkedAt === null) return NOT_RUN;
  const { held, errors, warnings } = reportCounts(report);
  const parts = [
    held > 0 ? `${held.toLocaleString('en-US')} held back` : '',
    errors > 0 ? count(errors, 'error', 'errors') : '',
    warnings > 0 ? count(warnings, 'warning', 'warnings') : '',
  ].filter(Boolean);
  return `${count(report.checked, 'item', 'items')} checked: ${parts.length > 0 ? parts.join(', ') : 'nothing to fix'}.`;
}

/** 'Last checked Nov 22, 2026, 6:00 PM UTC.', or null before the first run. */
export const lastCheckedText = (checkedAt: string | null): string | null =>
  checkedAt === null ? null : `Last checked ${formatDateTime(checkedAt) || 'at an unknown time'}.`;

/** 'Page sizes measured Nov 22, 2026, 6:05 PM UTC.', or that they are not yet. */
export const pagesMeasuredText = (pagesMeasuredAt: string | null): string =>
  pagesMeasuredAt === null
    ? NOT_MEASURED
    : `Page sizes measured ${formatDateTime(pagesMeasuredAt) || 'at an unknown time'}.`;

/** Whether a report read after "Check now" comes from a newer run than the one shown when it was pressed. */
export const isNewRun = (before: string | null, report: Pick<PublishCheckReport, 'checkedAt'>): boolean =>
  report.checkedAt !== null && report.checkedAt !== before;

/** What the live line says once the new run's report is in. */
export const doneText = (report: PublishCheckReport) => `Checked again. ${summarySentence(report)}`;

/** The kind of an item as the card names it ('Post', 'Hero slide'). */
export const kindLabel = (item: Pick<CheckedItem, 'kind'>) => CHECKED_KIND_LABELS[item.kind];
