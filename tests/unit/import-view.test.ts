/**
 * The Import screen's pure pieces: the checks before a file is sent, the plan's table, button and filters, the
 * progress in numbers and words, the history's items column and the report's counts, groups and first sentence.
 */
import { describe, expect, it } from 'vitest';
import {
  ALL_ITEMS,
  changedSomething,
  exportFileProblem,
  filterPlanItems,
  historyItemsText,
  importableCount,
  importButtonLabel,
  isUnderWay,
  itemsText,
  KIND_INFO,
  LIST_LIMIT,
  mediaFileProblem,
  outcomeCounts,
  planRows,
  progressPercent,
  progressText,
  redirectText,
  reportGroups,
  reportHeadline,
  showAllLabel,
  showingText,
  STATUS_LABELS,
  typeHeading,
  typeName,
  typesIn,
  uploadPercent,
  uploadText,
  visibleSlice,
} from '../../src/components/admin/import/import-view.ts';
import {
  IMPORT_FILE_MAX_BYTES,
  IMPORT_MEDIA_MAX_BYTES,
  type ImportPlanItem,
  type ImportReportItem,
  type ImportStatus,
} from '../../src/shared/schemas/imports.ts';

const item = (key: string, type: ImportPlanItem['type'], action: ImportPlanItem['action']): ImportPlanItem => ({
  key,
  type,
  title: key,
  action,
  reason: '',
});

const done = (key: string, outcome: ImportReportItem['outcome']): ImportReportItem => ({
  key,
  type: 'post',
  title: key,
  outcome,
  reason: '',
});

describe('the checks before a file is sent', () => {
  it('asks for the export file of the chosen kind, by its extension, any case', () => {
    expect(exportFileProblem('wordpress', null)).toBe('Choose the WordPress export file (.xml) first.');
    expect(exportFileProblem('shopify', null)).toBe('Choose the Shopify export file (.csv) first.');
    expect(exportFileProblem('wordpress', { name: 'products.csv', size: 10 })).toBe(
      'The WordPress export file ends in .xml; products.csv does not.',
    );
    expect(exportFileProblem('shopify', { name: 'blog.xml', size: 10 })).toBe(
      'The Shopify export file ends in .csv; blog.xml does not.',
    );
    expect(exportFileProblem('wordpress', { name: 'Blog.XML', size: 10 })).toBeNull();
    expect(exportFileProblem('shopify', { name: 'products_export.csv', size: 10 })).toBeNull();
  });

  it('refuses an empty export and one over the limit, and takes one exactly at it', () => {
    expect(exportFileProblem('wordpress', { name: 'blog.xml', size: 0 })).toBe('blog.xml is empty.');
    expect(exportFileProblem('wordpress', { name: 'blog.xml', size: IMPORT_FILE_MAX_BYTES + 1 })).toBe(
      'blog.xml is 50.0 MB; the export file may be at most 50.0 MB.',
    );
    expect(exportFileProblem('wordpress', { name: 'blog.xml', size: IMPORT_FILE_MAX_BYTES })).toBeNull();
  });

  it('takes no pictures archive unless one is required, and only a .zip within the limit', () => {
    expect(mediaFileProblem(null)).toBeNull();
    expect(mediaFileProblem(null, true)).toBe('Choose the pictures archive (.zip) first.');
    expect(mediaFileProblem({ name: 'uploads.tar.gz', size: 10 })).toBe(
      'The pictures archive ends in .zip; uploads.tar.gz does not.',
    );
    expect(mediaFileProblem({ name: 'Uploads.ZIP', size: 10 })).toBeNull();
    expect(mediaFileProblem({ name: 'uploads.zip', size: IMPORT_MEDIA_MAX_BYTES })).toBeNull();
    expect(mediaFileProblem({ name: 'uploads.zip', size: IMPORT_MEDIA_MAX_BYTES + 1 })).toBe(
      'uploads.zip is 2.00 GB; the pictures archive may be at most 2.00 GB.',
    );
  });

  it('says what each source brings and which file it takes', () => {
    expect(KIND_INFO.wordpress.accept).toBe('.xml');
    expect(KIND_INFO.shopify.accept).toBe('.csv');
    expect(KIND_INFO.wordpress.brings).toContain(
      'Posts, pages, categories, tags, authors (as staff accounts without rights), comments and pictures',
    );
    expect(KIND_INFO.shopify.brings).toContain(
      'Products with prices, stock, pictures, and product types as categories',
    );
    expect(KIND_INFO.wordpress.mediaHint).toContain('wp-content/uploads');
  });
});

describe('the plan', () => {
  it('has one row per type counted, in a fixed order, types with nothing left out, and the totals', () => {
    const { rows, total } = planRows({
      counts: {
        redirect: { create: 4, update: 0, skip: 0 },
        post: { create: 3, update: 1, skip: 2 },
        comment: { create: 0, update: 0, skip: 0 },
        category: { create: 1, update: 0, skip: 1 },
      },
    });
    expect(rows).toEqual([
      { type: 'category', label: 'Categories', create: 1, update: 0, skip: 1 },
      { type: 'post', label: 'Posts', create: 3, update: 1, skip: 2 },
      { type: 'redirect', label: 'Redirects', create: 4, update: 0, skip: 0 },
    ]);
    expect(total).toEqual({ create: 8, update: 1, skip: 3 });
  });

  it('reads a count the server left out as 0', () => {
    const counts = { product: { create: 2 } } as unknown as Parameters<typeof planRows>[0]['counts'];
    expect(planRows({ counts }).rows).toEqual([{ type: 'product', label: 'Products', create: 2, update: 0, skip: 0 }]);
  });

  it('imports what is created or updated, never what is skipped, and names the count on the button', () => {
    const counts = { post: { create: 3, update: 2, skip: 40 }, image: { create: 1, update: 0, skip: 5 } };
    expect(importableCount({ counts })).toBe(6);
    expect(importableCount({ counts: { post: { create: 0, update: 0, skip: 4 } } })).toBe(0);
    expect(importButtonLabel(1)).toBe('Import 1 item');
    expect(importButtonLabel(0)).toBe('Import 0 items');
    expect(importButtonLabel(1200)).toBe('Import 1,200 items');
  });

  const items = [
    item('wp:post:1', 'post', 'create'),
    item('wp:post:2', 'post', 'skip'),
    item('wp:page:3', 'page', 'update'),
    item('redirect:/a/', 'redirect', 'create'),
    item('wp:category:x', 'category', 'create'),
  ];

  it('filters the items by action, by type, by both, or not at all, keeping their order', () => {
    const keys = (list: ImportPlanItem[]) => list.map((i) => i.key);
    expect(keys(filterPlanItems(items, ALL_ITEMS))).toEqual(items.map((i) => i.key));
    expect(keys(filterPlanItems(items, { action: 'create', type: 'all' }))).toEqual([
      'wp:post:1',
      'redirect:/a/',
      'wp:category:x',
    ]);
    expect(keys(filterPlanItems(items, { action: 'all', type: 'post' }))).toEqual(['wp:post:1', 'wp:post:2']);
    expect(keys(filterPlanItems(items, { action: 'skip', type: 'post' }))).toEqual(['wp:post:2']);
    expect(filterPlanItems(items, { action: 'update', type: 'post' })).toEqual([]);
  });

  it('offers as type choices the types present, in the fixed order', () => {
    expect(typesIn(items)).toEqual(['category', 'post', 'page', 'redirect']);
    expect(typesIn([])).toEqual([]);
  });

  it('shows the first 100 unless all are asked for, and says how many are left out', () => {
    const many = Array.from({ length: 250 }, (_, i) => i);
    expect(LIST_LIMIT).toBe(100);
    const first = visibleSlice(many, false);
    expect(first.shown).toHaveLength(100);
    expect(first.shown[99]).toBe(99);
    expect(first.hidden).toBe(150);
    expect(visibleSlice(many, true)).toEqual({ shown: many, hidden: 0 });
    expect(visibleSlice(many.slice(0, 100), false).hidden).toBe(0);
    expect(visibleSlice(many.slice(0, 101), false).hidden).toBe(1);
    expect(showAllLabel(1250)).toBe('Show all 1,250');
  });

  it('says how many items are shown, or why none are', () => {
    expect(showingText(100, 250, 300)).toBe('Showing 100 of 250 items.');
    expect(showingText(12, 12, 300)).toBe('Showing all 12 items.');
    expect(showingText(1, 1, 300)).toBe('Showing 1 item.');
    expect(showingText(0, 0, 300)).toBe('No items match these filters.');
    expect(showingText(0, 0, 0)).toBe('The export holds nothing to import.');
  });

  it('writes a redirect as old → new, and nothing for other items', () => {
    expect(redirectText({ from: '/2024/05/hello/', to: '/blogs/hello' })).toBe('/2024/05/hello/ → /blogs/hello');
    expect(redirectText({ from: '/old/' })).toBe('/old/ → ?');
    expect(redirectText({})).toBeNull();
  });

  it('names the types as a column and beside one item', () => {
    expect(typeHeading('image')).toBe('Pictures');
    expect(typeHeading('category')).toBe('Categories');
    expect(typeName('image')).toBe('picture');
    expect(itemsText(1)).toBe('1 item');
    expect(itemsText(2400)).toBe('2,400 items');
  });
});

describe('the progress', () => {
  it('is a whole percentage that reaches 100 only when every item is handled', () => {
    expect(progressPercent(0, 0)).toBe(0);
    expect(progressPercent(5, 0)).toBe(0);
    expect(progressPercent(0, 200)).toBe(0);
    expect(progressPercent(1, 3)).toBe(33);
    expect(progressPercent(199, 200)).toBe(99);
    expect(progressPercent(9999, 10000)).toBe(99);
    expect(progressPercent(200, 200)).toBe(100);
    expect(progressPercent(250, 200)).toBe(100);
  });

  it('is asked again only while queued or running', () => {
    const polled = (['planned', 'queued', 'running', 'done', 'failed', 'discarded'] as ImportStatus[]).filter(
      isUnderWay,
    );
    expect(polled).toEqual(['queued', 'running']);
  });

  it('says in words where the import stands', () => {
    expect(progressText({ status: 'queued', done: 0, total: 450 })).toBe(
      'Waiting to start: the server takes the import up in a moment.',
    );
    expect(progressText({ status: 'running', done: 120, total: 1450 })).toBe('Imported 120 of 1,450 items (8%).');
    expect(progressText({ status: 'done', done: 450, total: 450 })).toBe('All 450 items handled.');
    expect(progressText({ status: 'failed', done: 12, total: 450 })).toBe('Stopped after 12 of 450 items.');
    expect(progressText({ status: 'planned', done: 0, total: 450 })).toBe('');
  });

  it('gives each file’s upload its line and its bar', () => {
    expect(uploadText('export', { state: 'sending', loaded: 40, total: 100, percent: 40 })).toBe(
      'Uploading: 40 bytes of 100 bytes (40%)',
    );
    expect(uploadText('export', { state: 'sending', loaded: 100, total: 100, percent: 100 })).toBe(
      'Uploaded; the server is reading the export and making the plan…',
    );
    expect(uploadText('media', { state: 'checking' })).toBe(
      'Uploaded; the server is looking for the pictures and making the plan again…',
    );
    expect(uploadText('media', { state: 'waiting' })).toBe('Waits for the export file.');
    expect(uploadText('export', { state: 'done' })).toBe('Uploaded and checked.');
    expect(uploadPercent({ state: 'waiting' })).toBe(0);
    expect(uploadPercent({ state: 'sending', loaded: 3, total: 10, percent: 30 })).toBe(30);
    expect(uploadPercent({ state: 'checking' })).toBe(100);
    expect(uploadPercent({ state: 'done' })).toBe(100);
  });
});

describe('the history', () => {
  it('counts the items, and how far a running or failed one got', () => {
    expect(historyItemsText({ status: 'planned', done: 0, total: 450 })).toBe('450 items');
    expect(historyItemsText({ status: 'queued', done: 0, total: 1 })).toBe('1 item');
    expect(historyItemsText({ status: 'running', done: 20, total: 450 })).toBe('20 of 450 items');
    expect(historyItemsText({ status: 'failed', done: 20, total: 450 })).toBe('20 of 450 items');
    expect(historyItemsText({ status: 'done', done: 450, total: 450 })).toBe('450 items');
  });

  it('names every status', () => {
    expect(STATUS_LABELS).toEqual({
      planned: 'Checked, not imported',
      queued: 'Waiting to start',
      running: 'Importing',
      done: 'Done',
      failed: 'Failed',
      discarded: 'Discarded',
    });
  });
});

describe('the report', () => {
  it('counts every outcome in order, a missing one as 0', () => {
    expect(outcomeCounts({ counts: { created: 3, failed: 1 } })).toEqual([
      { outcome: 'created', label: 'Created', count: 3 },
      { outcome: 'updated', label: 'Updated', count: 0 },
      { outcome: 'unchanged', label: 'Unchanged', count: 0 },
      { outcome: 'skipped', label: 'Skipped', count: 0 },
      { outcome: 'failed', label: 'Failed', count: 1 },
    ]);
  });

  it('puts failed then skipped items first, then created and updated, then unchanged', () => {
    const groups = reportGroups([
      done('a', 'created'),
      done('b', 'skipped'),
      done('c', 'unchanged'),
      done('d', 'failed'),
      done('e', 'updated'),
      done('f', 'failed'),
    ]);
    expect(groups.problems.map((i) => i.key)).toEqual(['d', 'f', 'b']);
    expect(groups.changed.map((i) => i.key)).toEqual(['a', 'e']);
    expect(groups.unchanged.map((i) => i.key)).toEqual(['c']);
  });

  it('knows a rebuild follows only when something was created or updated', () => {
    expect(changedSomething({ counts: { created: 1 } })).toBe(true);
    expect(changedSomething({ counts: { updated: 2, skipped: 3 } })).toBe(true);
    expect(changedSomething({ counts: { unchanged: 5, skipped: 1, failed: 1 } })).toBe(false);
  });

  it('opens with how it ended and the non-zero counts', () => {
    const report = { counts: { created: 12, updated: 3, skipped: 2 }, items: [] };
    expect(reportHeadline({ status: 'done', error: null }, report)).toBe(
      'The import is done: 12 created, 3 updated, 2 skipped.',
    );
    expect(reportHeadline({ status: 'done', error: null }, { counts: {}, items: [] })).toBe('The import is done.');
    expect(reportHeadline({ status: 'failed', error: 'The disk is full' }, report)).toBe(
      'The import stopped part way: 12 created, 3 updated, 2 skipped. The disk is full. Upload the same export again to finish it: nothing imported already is created twice.',
    );
    expect(reportHeadline({ status: 'failed', error: 'The disk is full.' }, null)).toBe(
      'The import stopped part way. The disk is full. Upload the same export again to finish it: nothing imported already is created twice.',
    );
    expect(reportHeadline({ status: 'failed', error: null }, null)).toBe(
      'The import stopped part way. Upload the same export again to finish it: nothing imported already is created twice.',
    );
  });
});
