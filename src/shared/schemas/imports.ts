/**
 * Moving in from WordPress or Shopify (/admin/import): what the admin uploads, the dry run's plan (what will be
 * created, changed and skipped), the job's progress and its report. The server answers these shapes; the admin screen
 * reads them.
 */
export const IMPORT_KINDS = ['wordpress', 'shopify'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

export const IMPORT_KIND_LABELS: Record<ImportKind, string> = {
  wordpress: 'WordPress export (WXR .xml)',
  shopify: 'Shopify products CSV',
};

/** The largest export file taken. */
export const IMPORT_FILE_MAX_BYTES = 50 * 1024 * 1024;
/** The largest archive of pictures taken. */
export const IMPORT_MEDIA_MAX_BYTES = 2 * 1024 * 1024 * 1024;

/** What each unit is, as the plan and report name it. */
export type ImportItemType = 'category' | 'author' | 'image' | 'post' | 'page' | 'comment' | 'product' | 'redirect';

/** The order items are planned, imported and listed in: what others refer to first. */
export const IMPORT_ITEM_ORDER: readonly ImportItemType[] = [
  'category',
  'author',
  'image',
  'post',
  'page',
  'comment',
  'product',
  'redirect',
];

export const IMPORT_ITEM_LABELS: Record<ImportItemType, { one: string; many: string }> = {
  category: { one: 'category', many: 'categories' },
  author: { one: 'author', many: 'authors' },
  image: { one: 'picture', many: 'pictures' },
  post: { one: 'post', many: 'posts' },
  page: { one: 'page', many: 'pages' },
  comment: { one: 'comment', many: 'comments' },
  product: { one: 'product', many: 'products' },
  redirect: { one: 'redirect', many: 'redirects' },
};

/** create: new here; update: imported before and changed in the source since; skip: nothing to do, or cannot be. */
export type ImportAction = 'create' | 'update' | 'skip';

export interface ImportPlanItem {
  /** The item's name in its source, for good: 'wp:post:42', 'shopify:product:mug', 'redirect:/2024/05/hello/'. */
  key: string;
  type: ImportItemType;
  /** What the admin knows it by: a title, a file name, an old address. */
  title: string;
  action: ImportAction;
  /** Why it is skipped or what changes, in a sentence; empty otherwise. */
  reason: string;
  /** For a redirect: the old path and the new one. */
  from?: string;
  to?: string;
}

export type ImportCounts = Record<ImportAction, number>;

export interface ImportPlan {
  items: ImportPlanItem[];
  /** Per type, how many of each action. */
  counts: Partial<Record<ImportItemType, ImportCounts>>;
  /** What the source had that cannot be read at all (a row without a handle…), in sentences. */
  problems: string[];
}

/** planned: dry run done, waiting for the admin; queued/running: being imported; done; failed; discarded. */
export type ImportStatus = 'planned' | 'queued' | 'running' | 'done' | 'failed' | 'discarded';

/** What became of each item. */
export type ImportOutcome = 'created' | 'updated' | 'unchanged' | 'skipped' | 'failed';

export interface ImportReportItem {
  key: string;
  type: ImportItemType;
  title: string;
  outcome: ImportOutcome;
  reason: string;
  /** The item's new address on this site, when it has one. */
  url?: string;
}

export interface ImportReport {
  counts: Partial<Record<ImportOutcome, number>>;
  items: ImportReportItem[];
}

export interface ImportJobSummary {
  id: string;
  kind: ImportKind;
  fileName: string;
  /** The pictures' archive, when one came with it. */
  mediaFileName: string | null;
  status: ImportStatus;
  /** Items handled so far, and in all. */
  done: number;
  total: number;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  createdBy: string;
  /** Why the job stopped, when it failed. */
  error: string | null;
}

export interface ImportJob extends ImportJobSummary {
  plan: ImportPlan;
  /** Once the job is done (or failed part way). */
  report: ImportReport | null;
}

export const IMPORT_NOT_FOUND = 'Import not found';
export const IMPORT_NOT_PLANNED = 'This import has started already; its report shows how it went.';
