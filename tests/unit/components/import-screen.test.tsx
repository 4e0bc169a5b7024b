/**
 * The Import screen (/admin/import): WordPress or Shopify chosen, the export (and a .zip of pictures) uploaded with
 * each file's progress and Cancel, a refusal under the file input, the dry run with its counts, problems and filtered
 * items, the import started after asking, its progress polled until the report (outcomes, links to the new
 * addresses), a discard, and the earlier imports with Open. The endpoint functions answer from memory; the last block
 * sends the files to a local API to see them go out as they are.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import {
  afterAll,
  afterEach,
  assert,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  vi,
  type MockInstance,
} from 'vitest';
import ImportScreen from '../../../src/components/admin/import/ImportScreen.tsx';
import {
  discardImport,
  fetchImport,
  fetchImports,
  startImport,
  uploadImport,
  uploadImportMedia,
  type ImportAnswer,
} from '../../../src/lib/api/admin/imports.ts';
import type { UploadProgress } from '../../../src/lib/api/upload.ts';
import { $token } from '../../../src/lib/stores/session.ts';
import type {
  ImportJob,
  ImportJobSummary,
  ImportPlan,
  ImportPlanItem,
  ImportReport,
} from '../../../src/shared/schemas/imports.ts';
import type { User } from '../../../src/shared/types.ts';
import { apiError, consoleMessages, deferred, stubModalDialogs, watchConsoleErrors } from './helpers/browser.ts';
import { expectMarked } from './helpers/field-errors.ts';

// The screen past the admin check (covered by admin-gate.test.ts); its endpoint functions answer from memory.
vi.mock('../../../src/components/admin/ui/AdminGate.tsx', () => ({
  default: ({ children }: { children: (user: User) => ReactNode }) => children({ _id: 'a1', role: 'admin' } as User),
}));
vi.mock('../../../src/lib/api/admin/imports.ts', () => ({
  fetchImports: vi.fn(),
  fetchImport: vi.fn(),
  uploadImport: vi.fn(),
  uploadImportMedia: vi.fn(),
  startImport: vi.fn(),
  discardImport: vi.fn(),
}));

beforeAll(stubModalDialogs);

let consoleError: MockInstance<typeof console.error>;
beforeEach(() => {
  consoleError = watchConsoleErrors();
});
afterEach(() => {
  const logged = consoleMessages(consoleError);
  vi.useRealTimers();
  vi.resetAllMocks();
  vi.restoreAllMocks();
  $token.set(null);
  // React reports bad props and state updates outside act() on console.error.
  expect(logged).toEqual([]);
});

const ITEMS: ImportPlanItem[] = [
  { key: 'wp:category:news', type: 'category', title: 'News', action: 'create', reason: '' },
  {
    key: 'wp:author:ada',
    type: 'author',
    title: 'Ada Lovelace',
    action: 'create',
    reason: 'A staff account without rights.',
  },
  { key: 'wp:image:mug.jpg', type: 'image', title: 'mug.jpg', action: 'skip', reason: 'Not in the pictures archive.' },
  { key: 'wp:post:1', type: 'post', title: 'Hello world', action: 'create', reason: '' },
  {
    key: 'wp:post:2',
    type: 'post',
    title: 'Old news',
    action: 'update',
    reason: 'Changed in WordPress since the last import.',
  },
  { key: 'wp:page:3', type: 'page', title: 'About', action: 'skip', reason: 'Imported already and unchanged.' },
  {
    key: 'redirect:/2024/05/hello-world/',
    type: 'redirect',
    title: '/2024/05/hello-world/',
    action: 'create',
    reason: '',
    from: '/2024/05/hello-world/',
    to: '/blogs/hello-world',
  },
];

const PLAN: ImportPlan = {
  items: ITEMS,
  counts: {
    category: { create: 1, update: 0, skip: 0 },
    author: { create: 1, update: 0, skip: 0 },
    image: { create: 0, update: 0, skip: 1 },
    post: { create: 1, update: 1, skip: 0 },
    page: { create: 0, update: 0, skip: 1 },
    redirect: { create: 1, update: 0, skip: 0 },
  },
  problems: ['Item 17 has neither a title nor content; it is left out.'],
};

const REPORT: ImportReport = {
  counts: { created: 4, updated: 1, unchanged: 0, skipped: 1, failed: 1 },
  items: [
    { key: 'wp:post:1', type: 'post', title: 'Hello world', outcome: 'created', reason: '', url: '/blogs/hello-world' },
    {
      key: 'wp:image:mug.jpg',
      type: 'image',
      title: 'mug.jpg',
      outcome: 'skipped',
      reason: 'Not in the pictures archive.',
    },
    { key: 'wp:post:2', type: 'post', title: 'Old news', outcome: 'updated', reason: '', url: '/blogs/old-news' },
    { key: 'wp:page:3', type: 'page', title: 'About', outcome: 'failed', reason: 'The page slug “about” is taken.' },
    { key: 'wp:category:news', type: 'category', title: 'News', outcome: 'created', reason: '' },
  ],
};

const job = (overrides: Partial<ImportJob> = {}): ImportJob => ({
  id: 'imp-1',
  kind: 'wordpress',
  fileName: 'blog.xml',
  mediaFileName: null,
  status: 'planned',
  done: 0,
  total: 7,
  createdAt: '2026-12-01T09:00:00.000Z',
  startedAt: null,
  finishedAt: null,
  createdBy: 'Ada Admin',
  error: null,
  plan: PLAN,
  report: null,
  ...overrides,
});

/** The job as the list gives it: without its plan and report. */
function summary(full: ImportJob): ImportJobSummary {
  const rest: Partial<ImportJob> = { ...full };
  delete rest.plan;
  delete rest.report;
  return rest as ImportJobSummary;
}

const PLANNED = job();
const QUEUED = job({ status: 'queued', total: 5 });
const RUNNING = job({ status: 'running', total: 450, done: 120, startedAt: '2026-12-01T09:05:00.000Z' });
const DONE = job({
  status: 'done',
  total: 450,
  done: 450,
  startedAt: '2026-12-01T09:05:00.000Z',
  finishedAt: '2026-12-01T09:20:00.000Z',
  report: REPORT,
});

const button = (name: string | RegExp) => screen.getByRole<HTMLButtonElement>('button', { name });
const click = (element: HTMLElement) => act(() => Promise.resolve(fireEvent.click(element)));
/** Lets the answers already given arrive (under the test's clock). */
const flush = () => act(() => vi.advanceTimersByTimeAsync(0));
const exportInput = () => screen.getByLabelText<HTMLInputElement>('Export file');
const mediaInput = () => screen.getByLabelText<HTMLInputElement>('Pictures archive (.zip, optional)');
const choose = (input: HTMLInputElement, file: File) => fireEvent.change(input, { target: { files: [file] } });
const xml = (name = 'blog.xml') => new File([new Uint8Array(100)], name, { type: 'text/xml' });
/** The screen's notice line (NoticeLine), apart from the other live lines. */
const notice = () => screen.getAllByRole('status').find((el) => el.className.includes('min-h-5'));
const planRegion = () => screen.getByRole('region', { name: 'What the import would do' });
/** The cells of a row of the plan's table, by the row's heading. */
const tableRow = (label: string) =>
  within(within(planRegion()).getByRole('table'))
    .getByRole('rowheader', { name: label })
    .closest('tr')
    ?.querySelectorAll('td');
const cells = (label: string) => Array.from(tableRow(label) ?? []).map((td) => td.textContent);
/** One item of the plan's list, by its key. */
function itemRow(key: string): HTMLElement {
  const li = screen
    .getByRole('list', { name: 'Items of the import' })
    .querySelector<HTMLElement>(`[data-key="${key}"]`);
  assert(li, `no item ${key}`);
  return li;
}
const itemTitles = () =>
  within(screen.getByRole('list', { name: 'Items of the import' }))
    .getAllByRole('listitem')
    .map((li) => li.getAttribute('data-key'));

/** The screen with `history` as the earlier imports; a planned or running one among them is opened as `open`. */
async function renderScreen(history: ImportJob[] = [], open?: ImportJob) {
  vi.mocked(fetchImports).mockResolvedValue(history.map(summary));
  if (open) vi.mocked(fetchImport).mockResolvedValue(open);
  render(<ImportScreen />);
  await screen.findByRole('region', { name: 'Import from WordPress or Shopify' });
  if (history.length > 0) await screen.findByRole('list', { name: 'Earlier imports' });
  else await screen.findByText('No imports yet.');
}

describe('the Import screen', () => {
  it('offers WordPress or Shopify, each with what it brings, and takes the export file of the one chosen', async () => {
    await renderScreen();
    const group = screen.getByRole('group', { name: 'Where from' });
    const wordpress = within(group).getByRole<HTMLInputElement>('radio', { name: 'WordPress' });
    const shopify = within(group).getByRole<HTMLInputElement>('radio', { name: 'Shopify' });
    expect(wordpress.checked).toBe(true);
    expect(shopify.checked).toBe(false);
    expect(document.getElementById(wordpress.getAttribute('aria-describedby') ?? '')?.textContent).toContain(
      'Posts, pages, categories, tags, authors (as staff accounts without rights), comments and pictures',
    );
    expect(document.getElementById(shopify.getAttribute('aria-describedby') ?? '')?.textContent).toContain(
      'Products with prices, stock, pictures, and product types as categories',
    );
    expect(exportInput().accept).toBe('.xml');
    expect(mediaInput().accept).toBe('.zip,application/zip');
    expect(screen.getByText(/Zip the wp-content\/uploads folder/)).toBeTruthy();

    fireEvent.click(shopify);
    expect(shopify.checked).toBe(true);
    expect(exportInput().accept).toBe('.csv');
    expect(screen.getByText(/Zip a folder of the product pictures/)).toBeTruthy();
  });

  it('uploads the export with its progress, then shows the plan with its counts and problems', async () => {
    await renderScreen();
    const sent = deferred<ImportAnswer>();
    let report: ((progress: UploadProgress) => void) | undefined;
    vi.mocked(uploadImport).mockImplementation((_kind, _file, onProgress) => {
      report = onProgress;
      return sent.promise;
    });
    const file = xml();
    choose(exportInput(), file);
    await click(button('Upload and check'));
    expect(uploadImport).toHaveBeenCalledTimes(1);
    const [kind, sentFile, , signal] = vi.mocked(uploadImport).mock.calls[0] ?? [];
    expect(kind).toBe('wordpress');
    expect(sentFile).toBe(file);
    expect(signal).toBeInstanceOf(AbortSignal);
    expect(button('Uploading…').getAttribute('aria-busy')).toBe('true');
    expect(button('Cancel')).toBeTruthy();

    act(() => report?.({ loaded: 40, total: 100, percent: 40 }));
    expect(screen.getByRole('progressbar', { name: 'Export file upload' }).getAttribute('aria-valuenow')).toBe('40');
    expect(screen.getByText('Uploading: 40 bytes of 100 bytes (40%)')).toBeTruthy();
    act(() => report?.({ loaded: 100, total: 100, percent: 100 }));
    expect(screen.getByText('Uploaded; the server is reading the export and making the plan…')).toBeTruthy();

    vi.mocked(fetchImports).mockResolvedValue([summary(PLANNED)]);
    await act(() => {
      sent.resolve({ job: PLANNED, message: 'The export was read: 7 items.' });
      return sent.promise;
    });
    const plan = planRegion();
    const heading = within(plan).getByRole('heading', { name: 'What the import would do' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(plan.textContent).toContain('WordPress export blog.xml, without a pictures archive');
    expect(
      within(plan)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Type', 'Create', 'Update', 'Skip']);
    expect(cells('Categories')).toEqual(['1', '0', '0']);
    expect(cells('Pictures')).toEqual(['0', '0', '1']);
    expect(cells('Posts')).toEqual(['1', '1', '0']);
    expect(cells('Redirects')).toEqual(['1', '0', '0']);
    expect(cells('All')).toEqual(['4', '1', '2']);
    expect(within(plan).queryByRole('rowheader', { name: 'Products' })).toBeNull();
    const problems = within(plan).getByRole('list', { name: 'Problems in the export' });
    expect(within(problems).getByRole('listitem').textContent).toBe(
      'Item 17 has neither a title nor content; it is left out.',
    );
    expect(plan.textContent).toContain('One thing in the export cannot be read');
    expect(button('Import 5 items')).toBeTruthy();
    expect(button('Discard')).toBeTruthy();
    expect(notice()?.textContent).toBe('The export was read: 7 items.');
    // The new import is in the list below, marked as the one shown.
    const row = await waitFor(() => {
      const li = screen
        .getByRole('list', { name: 'Earlier imports' })
        .querySelector<HTMLElement>('[data-import="imp-1"]');
      assert(li, 'the new import is not listed');
      return li;
    });
    expect(row.getAttribute('aria-current')).toBe('true');
    expect(within(row).getByText('Shown above')).toBeTruthy();
  });

  it('filters the items by action and type, each with its badge, reason and redirect', async () => {
    await renderScreen([PLANNED], PLANNED);
    await screen.findByRole('region', { name: 'What the import would do' });
    expect(itemTitles()).toEqual(ITEMS.map((i) => i.key));
    expect(screen.getByText('Showing all 7 items.')).toBeTruthy();
    const redirect = itemRow('redirect:/2024/05/hello-world/');
    expect(within(redirect).getByText('/2024/05/hello-world/ → /blogs/hello-world')).toBeTruthy();
    expect(within(redirect).getByText('Create')).toBeTruthy();

    const actions = screen.getByRole('group', { name: 'Action' });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['All', 'Create', 'Update', 'Skip']);
    expect(within(actions).getByRole('button', { name: 'All' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(within(actions).getByRole('button', { name: 'Skip' }));
    expect(within(actions).getByRole('button', { name: 'Skip' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(actions).getByRole('button', { name: 'All' }).getAttribute('aria-pressed')).toBe('false');
    expect(itemTitles()).toEqual(['wp:image:mug.jpg', 'wp:page:3']);
    const mug = itemRow('wp:image:mug.jpg');
    expect(within(mug).getByText('Skip')).toBeTruthy();
    expect(within(mug).getByText('picture')).toBeTruthy();
    expect(within(mug).getByText('Not in the pictures archive.')).toBeTruthy();

    const type = screen.getByLabelText<HTMLSelectElement>('Type');
    expect(Array.from(type.options).map((o) => o.textContent)).toEqual([
      'All types',
      'Categories',
      'Authors',
      'Pictures',
      'Posts',
      'Pages',
      'Redirects',
    ]);
    fireEvent.change(type, { target: { value: 'page' } });
    expect(itemTitles()).toEqual(['wp:page:3']);
    fireEvent.click(within(actions).getByRole('button', { name: 'Update' }));
    expect(screen.queryByRole('list', { name: 'Items of the import' })).toBeNull();
    expect(screen.getByText('No items match these filters.')).toBeTruthy();
    fireEvent.click(within(actions).getByRole('button', { name: 'All' }));
    expect(itemTitles()).toEqual(['wp:page:3']);
    fireEvent.change(type, { target: { value: 'all' } });
    expect(itemTitles()).toHaveLength(7);
  });

  it('lists the first 100 items until all are asked for', async () => {
    const items: ImportPlanItem[] = Array.from({ length: 150 }, (_, i) => ({
      key: `shopify:product:p${i}`,
      type: 'product',
      title: `Product ${i}`,
      action: 'create',
      reason: '',
    }));
    const big = job({
      kind: 'shopify',
      fileName: 'products.csv',
      total: 150,
      plan: { items, counts: { product: { create: 150, update: 0, skip: 0 } }, problems: [] },
    });
    await renderScreen([big], big);
    await screen.findByRole('region', { name: 'What the import would do' });
    expect(itemTitles()).toHaveLength(100);
    expect(screen.getByText('Showing 100 of 150 items.')).toBeTruthy();
    // One type only: no type filter to choose from.
    expect(screen.queryByLabelText('Type')).toBeNull();
    expect(screen.queryByRole('list', { name: 'Problems in the export' })).toBeNull();
    fireEvent.click(button('Show all 150'));
    expect(itemTitles()).toHaveLength(150);
    expect(screen.queryByRole('button', { name: 'Show all 150' })).toBeNull();
    expect(button('Import 150 items')).toBeTruthy();
  });

  it('starts the import after asking, asks every 1.5 s how far it is, and ends on the report', async () => {
    await renderScreen([PLANNED], PLANNED);
    await screen.findByRole('region', { name: 'What the import would do' });
    vi.mocked(fetchImport).mockReset();
    // From here on the clock is the test's (Testing Library's waiting needs the real one, so no find* below).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });

    await click(button('Import 5 items'));
    const dialog = screen.getByRole('dialog', { name: 'Import 5 items?' });
    expect(dialog.textContent).toContain('every old address will answer with a redirect to its new one');
    expect(dialog.textContent).toContain('Running the same export again later creates nothing twice');
    expect(startImport).not.toHaveBeenCalled();

    vi.mocked(startImport).mockResolvedValue({ job: QUEUED, message: 'The import is queued.' });
    await click(within(dialog).getByRole('button', { name: 'Import 5 items' }));
    await flush();
    expect(startImport).toHaveBeenCalledWith('imp-1');
    const heading = screen.getByRole('heading', { name: 'Importing' });
    expect(document.activeElement).toBe(heading);
    const bar = screen.getByRole('progressbar', { name: 'Import progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('0');
    expect(screen.getByText('Waiting to start: the server takes the import up in a moment.')).toBeTruthy();
    expect(screen.getByText(/You may leave this page: the import goes on in the server/).textContent).toContain(
      'if the server restarts, it resumes where it stopped',
    );
    expect(notice()?.textContent).toBe('The import is queued.');

    vi.mocked(fetchImport)
      .mockResolvedValueOnce(RUNNING)
      .mockRejectedValueOnce(apiError(503, null))
      .mockResolvedValueOnce(DONE);
    await act(() => vi.advanceTimersByTimeAsync(1499));
    expect(fetchImport).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(fetchImport).toHaveBeenCalledTimes(1);
    expect(fetchImport).toHaveBeenCalledWith('imp-1');
    expect(screen.getByRole('progressbar', { name: 'Import progress' }).getAttribute('aria-valuenow')).toBe('26');
    expect(screen.getByText('Imported 120 of 450 items (26%).')).toBeTruthy();

    // A poll the server does not answer (restarting, say) is said, then asked again.
    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(fetchImport).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('alert').textContent).toBe('The server cannot be reached right now. Asking again…');
    expect(screen.getByText('Imported 120 of 450 items (26%).')).toBeTruthy();

    vi.mocked(fetchImports).mockResolvedValue([summary(DONE)]);
    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(fetchImport).toHaveBeenCalledTimes(3);
    const report = screen.getByRole('region', { name: 'Import report' });
    expect(document.activeElement).toBe(within(report).getByRole('heading', { name: 'Import report' }));
    expect(screen.queryByRole('progressbar', { name: 'Import progress' })).toBeNull();
    expect(report.textContent).toContain('The import is done: 4 created, 1 updated, 1 skipped, 1 failed.');
    const counts = report.querySelector('dl[aria-label="Items per outcome"]');
    expect(
      Array.from(counts?.querySelectorAll('[data-outcome]') ?? []).map(
        (box) => `${box.querySelector('dt')?.textContent}=${box.querySelector('dd')?.textContent}`,
      ),
    ).toEqual(['Created=4', 'Updated=1', 'Unchanged=0', 'Skipped=1', 'Failed=1']);
    expect(within(report).getByText(REBUILD)).toBeTruthy();

    const problems = within(report).getByRole('list', { name: 'Failed and skipped items' });
    expect(
      within(problems)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('data-key')),
    ).toEqual(['wp:page:3', 'wp:image:mug.jpg']);
    expect(within(problems).getByText('The page slug “about” is taken.')).toBeTruthy();
    expect(within(problems).getByText('Failed')).toBeTruthy();
    const changed = within(report).getByRole('list', { name: 'Created and updated items' });
    expect(
      within(changed)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('data-key')),
    ).toEqual(['wp:post:1', 'wp:category:news', 'wp:post:2']);
    const hello = within(changed).getByRole<HTMLAnchorElement>('link', { name: /Hello world/ });
    expect(hello.getAttribute('href')).toBe('/blogs/hello-world');
    expect(hello.target).toBe('_blank');
    expect(hello.rel).toContain('noopener');
    expect(
      within(changed)
        .getByRole('link', { name: /Old news/ })
        .getAttribute('href'),
    ).toBe('/blogs/old-news');
    // No address, no link.
    expect(within(changed).queryByRole('link', { name: /News \(/ })).toBeNull();
    expect(within(report).queryByRole('list', { name: 'Unchanged items' })).toBeNull();

    // Ended: nobody asks again.
    await act(() => vi.advanceTimersByTimeAsync(6000));
    expect(fetchImport).toHaveBeenCalledTimes(3);
    expect(fetchImports).toHaveBeenCalledTimes(3);

    await click(button('Import another file'));
    expect(screen.getByRole('radio', { name: /^WordPress/ })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Import report' })).toBeNull();
  });

  it('discards a planned import and comes back to the upload form', async () => {
    await renderScreen([PLANNED], PLANNED);
    await screen.findByRole('region', { name: 'What the import would do' });
    vi.mocked(discardImport).mockResolvedValue({ message: 'The import was discarded.' });
    vi.mocked(fetchImports).mockResolvedValue([summary({ ...PLANNED, status: 'discarded' })]);
    await click(button('Discard'));
    expect(discardImport).toHaveBeenCalledWith('imp-1');
    expect(startImport).not.toHaveBeenCalled();
    const wordpress = await screen.findByRole('radio', { name: /^WordPress/ });
    expect(screen.queryByRole('region', { name: 'What the import would do' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(wordpress));
    expect(notice()?.textContent).toBe('The import was discarded.');
    const row = await screen.findByText('Discarded');
    expect(row.closest('li')?.getAttribute('aria-current')).toBeNull();
  });

  it('shows a refused upload’s message under the export file input', async () => {
    await renderScreen();
    // Checked here first: nothing chosen, then a file of the other kind.
    await click(button('Upload and check'));
    expectMarked(exportInput(), screen.getByRole('alert'));
    expect(screen.getByRole('alert').textContent).toBe('Choose the WordPress export file (.xml) first.');
    choose(exportInput(), new File(['a,b'], 'products.csv'));
    expect(screen.queryByRole('alert')).toBeNull();
    await click(button('Upload and check'));
    expect(screen.getByRole('alert').textContent).toBe(
      'The WordPress export file ends in .xml; products.csv does not.',
    );
    expect(uploadImport).not.toHaveBeenCalled();

    const refusal = 'This is not a WordPress export (WXR) file.';
    vi.mocked(uploadImport).mockRejectedValueOnce(apiError(400, { message: refusal, field: 'file' }));
    choose(exportInput(), xml('posts.xml'));
    await click(button('Upload and check'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(refusal);
    expectMarked(exportInput(), alert);
    await waitFor(() => expect(document.activeElement).toBe(exportInput()));
    expect(screen.queryByRole('region', { name: 'What the import would do' })).toBeNull();
    expect(button('Upload and check').disabled).toBe(false);

    // Too large: the server's 413 goes under the same input.
    vi.mocked(uploadImport).mockRejectedValueOnce(apiError(413, { message: 'The file is larger than 50 MB.' }));
    choose(exportInput(), xml('posts.xml'));
    await click(button('Upload and check'));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('The file is larger than 50 MB.'));
    expectMarked(exportInput(), screen.getByRole('alert'));
  });

  it('uploads the pictures after the export, each file with its bar, into the plan', async () => {
    await renderScreen();
    vi.mocked(uploadImport).mockResolvedValue({ job: PLANNED, message: 'The export was read.' });
    const pictures = deferred<ImportAnswer>();
    let report: ((progress: UploadProgress) => void) | undefined;
    vi.mocked(uploadImportMedia).mockImplementation((_id, _file, onProgress) => {
      report = onProgress;
      return pictures.promise;
    });
    const zip = new File([new Uint8Array(2048)], 'uploads.zip', { type: 'application/zip' });
    choose(exportInput(), xml());
    choose(mediaInput(), zip);
    await click(button('Upload and check'));
    await waitFor(() => expect(uploadImportMedia).toHaveBeenCalledTimes(1));
    expect(vi.mocked(uploadImportMedia).mock.calls[0]?.slice(0, 2)).toEqual(['imp-1', zip]);
    expect(screen.getByRole('progressbar', { name: 'Export file upload' }).getAttribute('aria-valuenow')).toBe('100');
    expect(screen.getByText('Uploaded and checked.')).toBeTruthy();
    act(() => report?.({ loaded: 1024, total: 2048, percent: 50 }));
    expect(screen.getByRole('progressbar', { name: 'Pictures upload' }).getAttribute('aria-valuenow')).toBe('50');
    expect(screen.getByText('Uploading: 1 KB of 2 KB (50%)')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'What the import would do' })).toBeNull();

    const withPictures = job({
      mediaFileName: 'uploads.zip',
      plan: {
        ...PLAN,
        items: PLAN.items.map((i) => (i.type === 'image' ? { ...i, action: 'create' as const, reason: '' } : i)),
        counts: { ...PLAN.counts, image: { create: 1, update: 0, skip: 0 } },
      },
    });
    await act(() => {
      pictures.resolve({ job: withPictures, message: 'The plan was made again: 1 picture found.' });
      return pictures.promise;
    });
    const plan = planRegion();
    expect(plan.textContent).toContain('WordPress export blog.xml with the pictures of uploads.zip');
    expect(cells('Pictures')).toEqual(['1', '0', '0']);
    expect(button('Import 6 items')).toBeTruthy();
    expect(notice()?.textContent).toBe('The plan was made again: 1 picture found.');
    expect(button('Replace pictures')).toBeTruthy();
  });

  it('shows the plan when the pictures are refused, and takes them again from there', async () => {
    await renderScreen();
    vi.mocked(uploadImport).mockResolvedValue({ job: PLANNED, message: 'The export was read.' });
    vi.mocked(uploadImportMedia).mockRejectedValueOnce(
      apiError(400, { message: 'This .zip cannot be opened.', field: 'file' }),
    );
    choose(exportInput(), xml());
    choose(mediaInput(), new File([new Uint8Array(10)], 'uploads.zip'));
    await click(button('Upload and check'));
    await screen.findByRole('region', { name: 'What the import would do' });
    expect(notice()?.textContent).toBe(
      'The pictures could not be uploaded: This .zip cannot be opened. The plan is made without them; add them under “Pictures”.',
    );
    expect(button('Import 5 items')).toBeTruthy();

    await click(button('Upload pictures'));
    const input = screen.getByLabelText<HTMLInputElement>('Pictures archive (.zip)');
    expectMarked(input, screen.getByRole('alert'));
    expect(screen.getByRole('alert').textContent).toBe('Choose the pictures archive (.zip) first.');
    const zip = new File([new Uint8Array(10)], 'uploads-2.zip');
    choose(input, zip);
    vi.mocked(uploadImportMedia).mockResolvedValueOnce({
      job: job({ mediaFileName: 'uploads-2.zip' }),
      message: 'The plan was made again.',
    });
    await click(button('Upload pictures'));
    expect(vi.mocked(uploadImportMedia).mock.calls.at(-1)?.slice(0, 2)).toEqual(['imp-1', zip]);
    await waitFor(() => expect(planRegion().textContent).toContain('with the pictures of uploads-2.zip'));
    expect(notice()?.textContent).toBe('The plan was made again.');
  });

  it('cancels an upload under way', async () => {
    await renderScreen();
    vi.mocked(uploadImport).mockImplementation(
      (_kind, _file, _progress, signal) =>
        new Promise((_resolve, reject) => {
          signal?.addEventListener('abort', () => reject(new Error('aborted')));
        }),
    );
    choose(exportInput(), xml());
    await click(button('Upload and check'));
    expect(screen.getByRole('progressbar', { name: 'Export file upload' })).toBeTruthy();
    await click(button('Cancel'));
    await waitFor(() => expect(notice()?.textContent).toBe('The upload was cancelled. Nothing was imported.'));
    expect(button('Upload and check').disabled).toBe(false);
    expect(screen.queryByRole('progressbar', { name: 'Export file upload' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says why an import could not start, and shows where another admin took it', async () => {
    await renderScreen([PLANNED], PLANNED);
    await screen.findByRole('region', { name: 'What the import would do' });
    vi.mocked(startImport).mockRejectedValue(
      apiError(409, { message: 'This import has started already; its report shows how it went.' }),
    );
    vi.mocked(fetchImport).mockResolvedValue(RUNNING);
    await click(button('Import 5 items'));
    await click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Import 5 items' }));
    expect(await screen.findByRole('heading', { name: 'Importing' })).toBeTruthy();
    expect(notice()?.textContent).toBe('This import has started already; its report shows how it went.');
    expect(screen.getByText('Imported 120 of 450 items (26%).')).toBeTruthy();
  });

  it('lists the earlier imports, and opens one to show its report', async () => {
    const failed = job({
      id: 'imp-2',
      kind: 'shopify',
      fileName: 'products.csv',
      mediaFileName: 'pictures.zip',
      status: 'failed',
      total: 80,
      done: 30,
      createdAt: '2026-11-30T15:30:00.000Z',
      createdBy: 'Grace Admin',
      error: 'The disk is full',
    });
    await renderScreen([DONE, failed, job({ id: 'imp-3', status: 'discarded', fileName: 'old.xml' })]);
    // Nothing under way or waiting: the upload form stays.
    expect(screen.getByRole('button', { name: 'Upload and check' })).toBeTruthy();
    expect(fetchImport).not.toHaveBeenCalled();
    const rows = within(screen.getByRole('list', { name: 'Earlier imports' })).getAllByRole('listitem');
    const [first, second] = rows;
    assert(first && second);
    expect(rows.map((row) => row.getAttribute('data-import'))).toEqual(['imp-1', 'imp-2', 'imp-3']);
    expect(rows[0]?.textContent).toContain('WordPress');
    expect(rows[0]?.textContent).toContain('Done');
    expect(rows[0]?.textContent).toContain('blog.xml');
    expect(rows[0]?.textContent).toContain('Dec 1, 2026, 9:00 AM UTC · by Ada Admin · 450 items');
    expect(rows[1]?.textContent).toContain('Shopify');
    expect(rows[1]?.textContent).toContain('products.csv + pictures.zip');
    expect(rows[1]?.textContent).toContain('Nov 30, 2026, 3:30 PM UTC · by Grace Admin · 30 of 80 items');
    expect(within(second).getByText('Failed').closest('[data-badge]')?.getAttribute('data-badge')).toBe('failed');
    expect(rows[1]?.textContent).toContain('The disk is full');
    expect(rows[2]?.textContent).toContain('Discarded');

    vi.mocked(fetchImport).mockResolvedValue(DONE);
    await click(within(first).getByRole('button', { name: /^Open/ }));
    expect(fetchImport).toHaveBeenCalledWith('imp-1');
    const report = await screen.findByRole('region', { name: 'Import report' });
    await waitFor(() =>
      expect(document.activeElement).toBe(within(report).getByRole('heading', { name: 'Import report' })),
    );
    // Opened later, not seen ending: the rebuild started back then, not now.
    expect(within(report).queryByText(REBUILD)).toBeNull();
    expect(
      within(report).getByText(
        'Visitors see the imported content once the site is rebuilt, which started when the import ended.',
      ),
    ).toBeTruthy();
    expect(within(report).getByRole('link', { name: /Hello world/ })).toBeTruthy();
    expect(within(first).getByText('Shown above')).toBeTruthy();
    expect(within(first).queryByRole('button', { name: /^Open/ })).toBeNull();
  });

  it('tells of a failed import why it stopped, and no rebuild when nothing changed', async () => {
    const failed = job({
      status: 'failed',
      done: 2,
      total: 7,
      finishedAt: '2026-12-01T09:10:00.000Z',
      error: 'The disk is full',
      report: {
        counts: { skipped: 1, failed: 1 },
        items: REPORT.items.filter((i) => i.outcome === 'skipped' || i.outcome === 'failed'),
      },
    });
    await renderScreen([failed]);
    vi.mocked(fetchImport).mockResolvedValue(failed);
    await click(screen.getByRole('button', { name: /^Open/ }));
    const report = await screen.findByRole('region', { name: 'Import report' });
    expect(report.textContent).toContain('WordPress export blog.xml, stopped Dec 1, 2026, 9:10 AM UTC.');
    expect(within(report).getByRole('alert').textContent).toBe(
      'The import stopped part way: 1 skipped, 1 failed. The disk is full. Upload the same export again to finish it: nothing imported already is created twice.',
    );
    expect(within(report).queryByText(/Visitors see the imported content/)).toBeNull();
    expect(within(report).queryByRole('list', { name: 'Created and updated items' })).toBeNull();
    expect(within(report).getAllByRole('listitem')).toHaveLength(2);
  });

  it('opens an import still under way when the screen loads, and follows it', async () => {
    // The test's clock from the start, so the first poll is on it too (no find* then: Testing Library's waiting needs
    // the real one).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.mocked(fetchImports).mockResolvedValue([summary(RUNNING)]);
    vi.mocked(fetchImport).mockResolvedValue(RUNNING);
    render(<ImportScreen />);
    await flush();
    await flush();
    expect(screen.getByRole('heading', { name: 'Importing' })).toBeTruthy();
    expect(fetchImport).toHaveBeenCalledTimes(1);
    expect(fetchImport).toHaveBeenCalledWith('imp-1');
    // Loaded, not asked for: the focus stays where the page put it.
    expect(document.activeElement).toBe(document.body);
    expect(screen.queryByRole('button', { name: 'Upload and check' })).toBeNull();
    const row = screen.getByRole('list', { name: 'Earlier imports' }).querySelector('li');
    assert(row);
    expect(row.textContent).toContain('120 of 450 items');
    vi.mocked(fetchImport).mockResolvedValue({ ...RUNNING, done: 300 });
    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(screen.getByText('Imported 300 of 450 items (66%).')).toBeTruthy();
    // The list follows the import shown.
    expect(row.textContent).toContain('300 of 450 items');
  });

  it('says when the earlier imports cannot be loaded, with Retry', async () => {
    vi.mocked(fetchImports).mockRejectedValue(apiError(500, null));
    render(<ImportScreen />);
    expect((await screen.findByRole('alert')).textContent).toContain('The earlier imports could not be loaded.');
    vi.mocked(fetchImports).mockResolvedValue([summary(DONE)]);
    await click(button('Retry'));
    expect(await screen.findByRole('list', { name: 'Earlier imports' })).toBeTruthy();
  });
});

const REBUILD = 'Visitors see the imported content once the site is rebuilt, which starts now.';

describe('the files sent to a local API', () => {
  let server: Server;
  let seen: { method: string; url: string; headers: IncomingHttpHeaders; body: Buffer }[];

  beforeAll(async () => {
    server = createServer((req, res) => {
      // The page (jsdom's origin) and the API differ, as when PUBLIC_API_URL is set.
      res.setHeader('Access-Control-Allow-Origin', req.headers.origin ?? '*');
      res.setHeader('Access-Control-Allow-Credentials', 'true');
      if (req.method === 'OPTIONS') {
        res.writeHead(204, {
          'Access-Control-Allow-Methods': 'POST, PUT',
          'Access-Control-Allow-Headers': req.headers['access-control-request-headers'] ?? '',
        });
        res.end();
        return;
      }
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
        res
          .writeHead(req.method === 'POST' ? 201 : 200, { 'Content-Type': 'application/json' })
          .end(JSON.stringify({ job: PLANNED, message: 'Read.' }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    vi.stubEnv('PUBLIC_API_URL', `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    seen = [];
  });

  const actual = () =>
    vi.importActual<typeof import('../../../src/lib/api/admin/imports.ts')>('../../../src/lib/api/admin/imports.ts');

  it('posts the export as the whole body, with its kind and name, and reports the progress', async () => {
    const { uploadImport: send } = await actual();
    $token.set('tok_0123456789abcdef');
    const bytes = new Uint8Array(16 * 1024).map((_, i) => i % 251);
    const progress: UploadProgress[] = [];
    const answer = await send('shopify', new File([bytes], 'products é.csv'), (p) => progress.push(p));
    expect(answer).toEqual({ job: PLANNED, message: 'Read.' });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/api/admin/imports?kind=shopify' });
    expect(seen[0]?.headers['content-type']).toBe('application/octet-stream');
    expect(seen[0]?.headers['x-file-name']).toBe(encodeURIComponent('products é.csv'));
    expect(seen[0]?.headers.authorization).toBe('Bearer tok_0123456789abcdef');
    expect(Buffer.compare(seen[0]?.body ?? Buffer.alloc(0), Buffer.from(bytes))).toBe(0);
    expect(progress.at(-1)).toMatchObject({ percent: 100, total: bytes.byteLength });
  });

  it('puts the pictures’ archive to its import', async () => {
    const { uploadImportMedia: send } = await actual();
    const bytes = new Uint8Array(4096).map((_, i) => i % 7);
    await send('imp 1', new File([bytes], 'uploads.zip'));
    expect(seen[0]).toMatchObject({ method: 'PUT', url: '/api/admin/imports/imp%201/media' });
    expect(seen[0]?.headers['x-file-name']).toBe('uploads.zip');
    expect(Buffer.compare(seen[0]?.body ?? Buffer.alloc(0), Buffer.from(bytes))).toBe(0);
  });
});
