/**
 * The Import screen's pure pieces: what each source brings and which file it takes, the checks made before a file is
 * sent, the plan's counts and filters, labels, the progress in numbers and words, and the report's groups.
 */
import {
  IMPORT_FILE_MAX_BYTES,
  IMPORT_ITEM_LABELS,
  IMPORT_ITEM_ORDER,
  IMPORT_MEDIA_MAX_BYTES,
  type ImportAction,
  type ImportCounts,
  type ImportItemType,
  type ImportJobSummary,
  type ImportKind,
  type ImportOutcome,
  type ImportPlan,
  type ImportPlanItem,
  type ImportReport,
  type ImportReportItem,
  type ImportStatus,
} from '../../../shared/schemas/imports.ts';
import { formatBytes } from '../backup/format-bytes.ts';

/** How many items a list shows before "Show all N". */
export const LIST_LIMIT = 100;

/** How often a queued or running import is asked how far it is, in milliseconds. */
export const POLL_MS = 1500;

export const REBUILD_SENTENCE = 'Visitors see the imported content once the site is rebuilt, which starts now.';
/** The same, for a report opened later: the rebuild started when the import ended. */
export const REBUILT_SENTENCE =
  'Visitors see the imported content once the site is rebuilt, which started when the import ended.';

export interface KindInfo {
  name: string;
  /** What it brings, in one line. */
  brings: string;
  /** The export file's extension, as the file input's accept. */
  accept: '.xml' | '.csv';
  /** Where the export file comes from. */
  fileHint: string;
  /** What to zip for the pictures. */
  mediaHint: string;
}

export const KIND_INFO: Record<ImportKind, KindInfo> = {
  wordpress: {
    name: 'WordPress',
    brings:
      'Posts, pages, categories, tags, authors (as staff accounts without rights), comments and pictures, with a redirect from each old address.',
    accept: '.xml',
    fileHint: 'The WXR .xml file from WordPress: Tools › Export › All content › Download Export File.',
    mediaHint:
      'Optional. Zip the wp-content/uploads folder of the old site, so the pictures come from the archive. The plan shows which pictures it found.',
  },
  shopify: {
    name: 'Shopify',
    brings:
      'Products with prices, stock, pictures, and product types as categories, with a redirect from each old address.',
    accept: '.csv',
    fileHint: 'The products .csv file from Shopify: Products › Export › All products.',
    mediaHint:
      'Optional. Zip a folder of the product pictures, named as in the export’s image addresses. The plan shows which pictures it found.',
  },
};

/** A file as the checks need it. */
export interface FileFacts {
  name: string;
  size: number;
}

const endsWith = (name: string, extension: string) => name.toLowerCase().endsWith(extension);

/** Why the export file cannot be sent as it is, or null: none chosen, the wrong kind of file, or too large. */
export function exportFileProblem(kind: ImportKind, file: FileFacts | null): string | null {
  const { name, accept } = KIND_INFO[kind];
  if (!file) return `Choose the ${name} export file (${accept}) first.`;
  if (!endsWith(file.name, accept)) return `The ${name} export file ends in ${accept}; ${file.name} does not.`;
  if (file.size === 0) return `${file.name} is empty.`;
  if (file.size > IMPORT_FILE_MAX_BYTES)
    return `${file.name} is ${formatBytes(file.size)}; the export file may be at most ${formatBytes(IMPORT_FILE_MAX_BYTES)}.`;
  return null;
}

/** Why the pictures archive cannot be sent as it is, or null; none chosen is fine where it is optional. */
export function mediaFileProblem(file: FileFacts | null, required = false): string | null {
  if (!file) return required ? 'Choose the pictures archive (.zip) first.' : null;
  if (!endsWith(file.name, '.zip')) return `The pictures archive ends in .zip; ${file.name} does not.`;
  if (file.size > IMPORT_MEDIA_MAX_BYTES)
    return `${file.name} is ${formatBytes(file.size)}; the pictures archive may be at most ${formatBytes(IMPORT_MEDIA_MAX_BYTES)}.`;
  return null;
}

/** The item types in the order the screen lists them. */
export const TYPE_ORDER = IMPORT_ITEM_ORDER;

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** 'Posts', 'Pictures': a type as a heading or a column names it. */
export const typeHeading = (type: ImportItemType) => capitalise(IMPORT_ITEM_LABELS[type].many);

/** 'post', 'picture': a type beside one item. */
export const typeName = (type: ImportItemType) => IMPORT_ITEM_LABELS[type].one;

/** '1 item', '12 items'. */
export const itemsText = (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'item' : 'items'}`;

export const ACTION_LABELS: Record<ImportAction, string> = { create: 'Create', update: 'Update', skip: 'Skip' };
export const ACTIONS: readonly ImportAction[] = ['create', 'update', 'skip'];

export const OUTCOME_LABELS: Record<ImportOutcome, string> = {
  created: 'Created',
  updated: 'Updated',
  unchanged: 'Unchanged',
  skipped: 'Skipped',
  failed: 'Failed',
};
export const OUTCOMES: readonly ImportOutcome[] = ['created', 'updated', 'unchanged', 'skipped', 'failed'];

export type Tone = 'ok' | 'info' | 'waiting' | 'warning' | 'failed' | 'neutral';

export const ACTION_TONES: Record<ImportAction, Tone> = { create: 'ok', update: 'info', skip: 'neutral' };
export const OUTCOME_TONES: Record<ImportOutcome, Tone> = {
  created: 'ok',
  updated: 'info',
  unchanged: 'neutral',
  skipped: 'warning',
  failed: 'failed',
};

export const STATUS_LABELS: Record<ImportStatus, string> = {
  planned: 'Checked, not imported',
  queued: 'Waiting to start',
  running: 'Importing',
  done: 'Done',
  failed: 'Failed',
  discarded: 'Discarded',
};
export const STATUS_TONES: Record<ImportStatus, Tone> = {
  planned: 'info',
  queued: 'waiting',
  running: 'waiting',
  done: 'ok',
  failed: 'failed',
  discarded: 'neutral',
};

/** Queued or running: the server is at it, so the screen keeps asking how far it is. */
export const isUnderWay = (status: ImportStatus) => status === 'queued' || status === 'running';

/** One row of the plan's summary table. */
export interface PlanRow extends ImportCounts {
  type: ImportItemType;
  label: string;
}

const zero = (): ImportCounts => ({ create: 0, update: 0, skip: 0 });

/** The summary table's rows, one per type the plan counts (in TYPE_ORDER), and their totals. */
export function planRows(plan: Pick<ImportPlan, 'counts'>): { rows: PlanRow[]; total: ImportCounts } {
  const total = zero();
  const rows: PlanRow[] = [];
  for (const type of TYPE_ORDER) {
    const counts = plan.counts[type];
    if (!counts) continue;
    const row = { type, label: typeHeading(type), ...zero(), ...counts };
    if (row.create + row.update + row.skip === 0) continue;
    for (const action of ACTIONS) total[action] += row[action];
    rows.push(row);
  }
  return { rows, total };
}

/** What "Import" brings in: every item to create or to update. */
export function importableCount(plan: Pick<ImportPlan, 'counts'>): number {
  const { total } = planRows(plan);
  return total.create + total.update;
}

/** 'Import 1 item', 'Import 1,200 items'. */
export const importButtonLabel = (count: number) => `Import ${itemsText(count)}`;

/** The plan list's filter: an action and a type, or all of either. */
export interface PlanFilter {
  action: ImportAction | 'all';
  type: ImportItemType | 'all';
}

export const ALL_ITEMS: PlanFilter = { action: 'all', type: 'all' };

/** The items the filter lets through, in the plan's order. */
export function filterPlanItems(items: readonly ImportPlanItem[], filter: PlanFilter): ImportPlanItem[] {
  return items.filter(
    (item) =>
      (filter.action === 'all' || item.action === filter.action) &&
      (filter.type === 'all' || item.type === filter.type),
  );
}

/** The types that occur among the items, in TYPE_ORDER: the type filter's choices. */
export function typesIn(items: readonly { type: ImportItemType }[]): ImportItemType[] {
  const present = new Set(items.map((item) => item.type));
  return TYPE_ORDER.filter((type) => present.has(type));
}

/** The first LIST_LIMIT of a list unless all are asked for, and how many are left out. */
export function visibleSlice<T>(
  list: readonly T[],
  showAll: boolean,
  limit = LIST_LIMIT,
): { shown: T[]; hidden: number } {
  if (showAll || list.length <= limit) return { shown: [...list], hidden: 0 };
  return { shown: list.slice(0, limit), hidden: list.length - limit };
}

/** 'Show all 1,200'. */
export const showAllLabel = (count: number) => `Show all ${count.toLocaleString('en-US')}`;

/** 'Showing 100 of 1,200 items' / 'Showing all 12 items' / 'No items match.' under the filters. */
export function showingText(shown: number, matching: number, inPlan: number): string {
  if (matching === 0) return inPlan === 0 ? 'The export holds nothing to import.' : 'No items match these filters.';
  if (shown < matching) return `Showing ${shown.toLocaleString('en-US')} of ${itemsText(matching)}.`;
  return matching === 1 ? 'Showing 1 item.' : `Showing all ${itemsText(matching)}.`;
}

/** '/2024/05/hello/ → /blogs/hello': a redirect's old and new address. */
export function redirectText(item: Pick<ImportPlanItem, 'from' | 'to'>): string | null {
  if (!item.from && !item.to) return null;
  return `${item.from ?? '?'} → ${item.to ?? '?'}`;
}

/** 0 to 100, whole numbers; 100 only once every item is handled; 0 while the total is not known. */
export function progressPercent(done: number, total: number): number {
  if (!(total > 0) || !(done > 0)) return 0;
  if (done >= total) return 100;
  return Math.min(99, Math.floor((done / total) * 100));
}

/** The live line beside the progress bar. */
export function progressText(job: Pick<ImportJobSummary, 'status' | 'done' | 'total'>): string {
  if (job.status === 'queued') return 'Waiting to start: the server takes the import up in a moment.';
  if (job.status === 'running')
    return `Imported ${job.done.toLocaleString('en-US')} of ${itemsText(job.total)} (${progressPercent(job.done, job.total)}%).`;
  if (job.status === 'done') return `All ${itemsText(job.total)} handled.`;
  if (job.status === 'failed') return `Stopped after ${job.done.toLocaleString('en-US')} of ${itemsText(job.total)}.`;
  return '';
}

/** The items column of the history: how many, and how far a running one is. */
export function historyItemsText(job: Pick<ImportJobSummary, 'status' | 'done' | 'total'>): string {
  if (job.status === 'running' || job.status === 'failed')
    return `${job.done.toLocaleString('en-US')} of ${itemsText(job.total)}`;
  return itemsText(job.total);
}

/** The report's counts, every outcome in order, none left out (a 0 says as much as a number). */
export function outcomeCounts(
  report: Pick<ImportReport, 'counts'>,
): { outcome: ImportOutcome; label: string; count: number }[] {
  return OUTCOMES.map((outcome) => ({ outcome, label: OUTCOME_LABELS[outcome], count: report.counts[outcome] ?? 0 }));
}

/** The report's items in the order the admin reads them: what went wrong (failed, then skipped), what changed, the rest. */
export function reportGroups(items: readonly ImportReportItem[]): {
  problems: ImportReportItem[];
  changed: ImportReportItem[];
  unchanged: ImportReportItem[];
} {
  const of = (outcome: ImportOutcome) => items.filter((item) => item.outcome === outcome);
  return {
    problems: [...of('failed'), ...of('skipped')],
    changed: [...of('created'), ...of('updated')],
    unchanged: of('unchanged'),
  };
}

/** Whether anything visitors see changed, so a rebuild is under way. */
export function changedSomething(report: Pick<ImportReport, 'counts'>): boolean {
  return (report.counts.created ?? 0) + (report.counts.updated ?? 0) > 0;
}

/** The report's first sentence. */
export function reportHeadline(job: Pick<ImportJobSummary, 'status' | 'error'>, report: ImportReport | null): string {
  const parts = report
    ? outcomeCounts(report)
        .filter((row) => row.count > 0)
        .map((row) => `${row.count.toLocaleString('en-US')} ${row.label.toLowerCase()}`)
    : [];
  const tally = parts.length > 0 ? `: ${parts.join(', ')}` : '';
  if (job.status === 'failed') {
    const why = job.error ? ` ${job.error.replace(/\.?$/, '.')}` : '';
    return `The import stopped part way${tally}.${why} Upload the same export again to finish it: nothing imported already is created twice.`;
  }
  return `The import is done${tally}.`;
}

/** One file's way to the server: waiting for the one before it, being sent, being read there, or through. */
export type FileUpload =
  | { state: 'waiting' }
  | { state: 'sending'; loaded: number; total: number; percent: number }
  | { state: 'checking' }
  | { state: 'done' };

/** The line under a file's progress bar; `what` is 'export' or 'media'. */
export function uploadText(what: 'export' | 'media', upload: FileUpload): string {
  switch (upload.state) {
    case 'waiting':
      return 'Waits for the export file.';
    case 'sending':
      return upload.percent >= 100
        ? uploadText(what, { state: 'checking' })
        : `Uploading: ${formatBytes(upload.loaded)} of ${formatBytes(upload.total)} (${upload.percent}%)`;
    case 'checking':
      return what === 'export'
        ? 'Uploaded; the server is reading the export and making the plan…'
        : 'Uploaded; the server is looking for the pictures and making the plan again…';
    case 'done':
      return 'Uploaded and checked.';
  }
}

/** The bar's value for a file's upload: empty while it waits, the share sent, then full once all is sent. */
export function uploadPercent(upload: FileUpload): number {
  if (upload.state === 'sending') return upload.percent;
  return upload.state === 'waiting' ? 0 : 100;
}
