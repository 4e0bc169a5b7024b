/**
 * The media library screen: the page of files as tiles or rows, the filters as the query the API is asked and the
 * address bar keeps, the empty states, the documents it only lists, and bulk upload (two at a time, each file with its
 * progress and its answer).
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, assert, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import MediaLibrary from '../../../src/components/admin/media/MediaLibrary.tsx';
import { EMPTY_LIBRARY, NO_MATCHES } from '../../../src/components/admin/media/media-screen.ts';
import { fetchMedia, fetchMediaItem, uploadMedia } from '../../../src/lib/api/admin/media.ts';
import type { UploadProgress } from '../../../src/lib/api/upload.ts';
import {
  MEDIA_UPLOADED,
  type MediaItem,
  type MediaItemAnswer,
  type MediaListAnswer,
} from '../../../src/shared/media-library.ts';
import type { User } from '../../../src/shared/types.ts';
import { mediaItem } from '../../helpers/media-item.ts';
import { apiError, consoleMessages, deferred, stubModalDialogs, watchConsoleErrors } from './helpers/browser.ts';

vi.mock('../../../src/components/admin/ui/AdminGate.tsx', () => ({
  default: ({ children }: { children: (user: User) => ReactNode }) => children({ _id: 'u1', role: 'editor' } as User),
}));
vi.mock('../../../src/lib/api/admin/media.ts', () => ({
  fetchMedia: vi.fn(),
  fetchMediaItem: vi.fn(),
  uploadMedia: vi.fn(),
  updateMedia: vi.fn(),
  replaceMedia: vi.fn(),
  deleteMedia: vi.fn(),
}));

const item = (id: string, change: Partial<MediaItem> = {}): MediaItem =>
  mediaItem(id, {
    bytes: 245_760,
    width: 1600,
    height: 900,
    title: `Picture ${id}`,
    alt: 'A described picture',
    uploadedBy: 'Ann',
    createdAt: '2026-12-01T10:00:00.000Z',
    useCount: 1,
    ...change,
  });

const answer = (items: MediaItem[], change: Partial<MediaListAnswer> = {}): MediaListAnswer => ({
  items,
  total: items.length,
  page: 1,
  pageSize: 48,
  tags: ['boats', 'sea'],
  ...change,
});

const ITEMS = [
  item('p1', { title: 'Harbour at dawn', alt: '' }),
  item('a1', {
    kind: 'audio',
    title: 'Sea shanty',
    contentType: 'audio/mpeg',
    bytes: 3_500_000,
    width: null,
    height: null,
    useCount: 0,
  }),
];

beforeAll(stubModalDialogs);

let consoleError: MockInstance<typeof console.error>;
beforeEach(() => {
  history.replaceState(null, '', '/admin/media');
  consoleError = watchConsoleErrors();
  vi.mocked(fetchMedia).mockResolvedValue(answer(ITEMS));
  vi.mocked(fetchMediaItem).mockImplementation((id) =>
    Promise.resolve({ ...(ITEMS.find((i) => i.id === id) ?? item(id)), uses: [] }),
  );
});
afterEach(() => {
  const logged = consoleMessages(consoleError);
  vi.clearAllMocks();
  expect(logged).toEqual([]);
});

/** The queries the list asked the API, oldest first. */
const asked = () => vi.mocked(fetchMedia).mock.calls.map(([query]) => query);

describe('the media library list', () => {
  it('shows each file as a tile: its title, format and size; a picture without alt text is marked', async () => {
    render(<MediaLibrary />);
    const grid = await screen.findByRole('list', { name: 'Files' });
    const tiles = within(grid).getAllByRole('button');
    expect(tiles.map((tile) => tile.textContent)).toEqual([
      'No alt textHarbour at dawnWEBP · 240 KB',
      'MP3Sea shantyMP3 · 3.3 MB · Not used',
    ]);
    expect(within(grid).getAllByText('No alt text')).toHaveLength(1);
    // The picture's tile shows the picture itself, from the media address.
    expect(tiles[0]?.querySelector('img')?.getAttribute('src')).toBe('/media/p1.webp');
    expect(screen.getByRole('navigation', { name: 'Pages of files' }).textContent).toContain(
      '2 filesPreviousPage 1 of 1Next',
    );
    expect(asked()).toEqual([{ sort: 'newest', page: 1 }]);
  });

  it('lists documents with their icon, format and size, never an alt text badge, and filters them by type', async () => {
    const report = item('document-7d1c', {
      kind: 'document',
      address: '/api/documents/7d1c/download',
      url: '/api/documents/7d1c/download',
      contentType: 'application/pdf',
      bytes: 1_258_291,
      width: null,
      height: null,
      title: 'Annual report',
      alt: '',
      uploadedBy: null,
    });
    const sheet = item('document-9e2f', {
      ...report,
      id: 'document-9e2f',
      title: 'Prices',
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      bytes: 20_480,
    });
    vi.mocked(fetchMedia).mockResolvedValue(answer([report, sheet]));
    render(<MediaLibrary />);
    const grid = await screen.findByRole('list', { name: 'Files' });
    const tiles = within(grid).getAllByRole('button');
    expect(tiles.map((tile) => tile.textContent)).toEqual(['PDFAnnual reportPDF · 1.2 MB', 'XLSXPricesXLSX · 20 KB']);
    expect(within(grid).queryByText('No alt text')).toBeNull();
    // A document is drawn as an icon, not fetched as a picture.
    expect(grid.querySelector('img')).toBeNull();
    expect(tiles[0]?.querySelectorAll('svg')).toHaveLength(1);

    const type = screen.getByRole('combobox', { name: 'Type' });
    expect(
      within(type)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All', 'Pictures', 'Audio', 'Documents']);
    fireEvent.change(type, { target: { value: 'document' } });
    await waitFor(() => expect(asked().at(-1)).toEqual({ kind: 'document', sort: 'newest', page: 1 }));
    expect(location.search).toBe('?kind=document');

    fireEvent.click(screen.getByRole('button', { name: 'List' }));
    const [first, second] = within(await screen.findByRole('table', { name: 'Files' }))
      .getAllByRole('row')
      .slice(1);
    assert(first && second);
    expect(first.textContent).toContain('Document · PDF');
    expect(first.textContent).toContain('1.2 MB');
    expect(second.textContent).toContain('Document · XLSX');
    expect(within(first).queryByText('No alt text')).toBeNull();
  });

  it('asks again with each filter, starting from page 1, and keeps them in the address', async () => {
    vi.mocked(fetchMedia).mockImplementation((query) =>
      Promise.resolve(answer(ITEMS, { total: 100, page: query?.page ?? 1 })),
    );
    render(<MediaLibrary />);
    await screen.findByRole('list', { name: 'Files' });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(asked().at(-1)).toEqual({ sort: 'newest', page: 2 }));

    fireEvent.change(screen.getByRole('combobox', { name: 'Type' }), { target: { value: 'audio' } });
    await waitFor(() => expect(asked().at(-1)).toEqual({ kind: 'audio', sort: 'newest', page: 1 }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Tag' }), { target: { value: 'sea' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Sort' }), { target: { value: 'largest' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Unused only' }));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: '  shanty ' } });
    await waitFor(() =>
      expect(asked().at(-1)).toEqual({
        q: 'shanty',
        kind: 'audio',
        tag: 'sea',
        sort: 'largest',
        page: 1,
        unused: 'true',
      }),
    );
    expect(location.search).toBe('?q=shanty&kind=audio&tag=sea&sort=largest&unused=true');

    // The tag filter offers every tag of the library.
    const tags = within(screen.getByRole('combobox', { name: 'Tag' })).getAllByRole('option');
    expect(tags.map((o) => o.textContent)).toEqual(['All tags', 'boats', 'sea']);
  });

  it('starts from the filters in the address, and switches to a table and back', async () => {
    history.replaceState(null, '', '/admin/media?kind=image&view=list&page=2');
    vi.mocked(fetchMedia).mockResolvedValue(answer(ITEMS, { total: 60, page: 2 }));
    render(<MediaLibrary />);
    const table = await screen.findByRole('table', { name: 'Files' });
    expect(asked()[0]).toEqual({ kind: 'image', sort: 'newest', page: 2 });
    expect(screen.getByRole('button', { name: 'List' }).getAttribute('aria-pressed')).toBe('true');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]?.textContent).toContain('Harbour at dawn');
    expect(rows[0]?.textContent).toContain('Picture · WEBP');
    expect(rows[0]?.textContent).toContain('1600 × 900');
    expect(rows[0]?.textContent).toContain('Used once');
    expect(rows[1]?.textContent).toContain('Audio · MP3');
    expect(rows[1]?.textContent).toContain('Not used');
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Grid' }));
    expect(await screen.findByRole('list', { name: 'Files' })).toBeTruthy();
    expect(location.search).toBe('?kind=image&page=2');
  });

  it('follows the server to the last page when the address asks for one past it', async () => {
    history.replaceState(null, '', '/admin/media?page=9');
    vi.mocked(fetchMedia).mockImplementation((query) =>
      Promise.resolve(answer(ITEMS, { total: 60, page: Math.min(query?.page ?? 1, 2) })),
    );
    render(<MediaLibrary />);
    expect(await screen.findByText('Page 2 of 2')).toBeTruthy();
    await waitFor(() => expect(location.search).toBe('?page=2'));
    expect(asked().map((q) => q?.page)).toEqual([9, 2]);
  });

  it('says a new library is empty, and that a filter matched nothing, with a way back', async () => {
    vi.mocked(fetchMedia).mockResolvedValue(answer([], { tags: [] }));
    const { unmount } = render(<MediaLibrary />);
    expect(await screen.findByText(EMPTY_LIBRARY)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
    unmount();

    history.replaceState(null, '', '/admin/media?unused=true');
    render(<MediaLibrary />);
    expect(await screen.findByText(NO_MATCHES)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(asked().at(-1)).toEqual({ sort: 'newest', page: 1 }));
  });

  it('shows the server’s refusal with a retry', async () => {
    vi.mocked(fetchMedia).mockRejectedValueOnce(apiError(403, { message: 'Your role does not include this screen.' }));
    render(<MediaLibrary />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your role does not include this screen.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('list', { name: 'Files' })).toBeTruthy();
  });
});

describe('bulk upload', () => {
  const picture = (name: string) => new File([new Uint8Array(2048)], name, { type: 'image/jpeg' });

  it('sends two files at a time, each with its own progress, the server’s answer or refusal, and refreshes the list', async () => {
    const sent: {
      file: File;
      progress: (p: UploadProgress) => void;
      answer: ReturnType<typeof deferred<MediaItemAnswer>>;
    }[] = [];
    vi.mocked(uploadMedia).mockImplementation((file, _fields, onProgress) => {
      const answer = deferred<MediaItemAnswer>();
      sent.push({ file, progress: onProgress ?? (() => undefined), answer });
      return answer.promise;
    });
    render(<MediaLibrary />);
    await screen.findByRole('list', { name: 'Files' });
    const input = screen.getByLabelText<HTMLInputElement>('Files to upload');
    expect(input.multiple).toBe(true);
    expect(input.accept).toContain('image/jpeg');
    expect(input.accept).toContain('audio/mpeg');
    fireEvent.change(input, { target: { files: [picture('one.jpg'), picture('two.jpg'), picture('three.jpg')] } });

    const uploads = screen.getByRole('list', { name: 'Uploads' });
    expect(sent.map((s) => s.file.name)).toEqual(['one.jpg', 'two.jpg']);
    expect(
      within(uploads)
        .getAllByRole('listitem')
        .map((row) => row.textContent),
    ).toEqual([
      expect.stringContaining('one.jpg2 KB0%'),
      expect.stringContaining('two.jpg2 KB0%'),
      expect.stringContaining('three.jpg2 KBWaiting'),
    ]);

    act(() => sent[0]?.progress({ loaded: 820, total: 2048, percent: 40 }));
    expect(screen.getByRole('progressbar', { name: 'Uploading one.jpg' }).getAttribute('aria-valuenow')).toBe('40');
    expect(screen.getByRole('progressbar', { name: 'Uploading two.jpg' }).getAttribute('aria-valuenow')).toBe('0');

    await act(async () => {
      sent[1]?.answer.reject(apiError(413, { message: 'File size must be less than 5MB', field: 'file' }));
      await Promise.resolve();
    });
    // A refused file frees its place: the third one starts.
    expect(sent.map((s) => s.file.name)).toEqual(['one.jpg', 'two.jpg', 'three.jpg']);
    const two = within(uploads).getAllByRole('listitem')[1];
    assert(two);
    expect(two.textContent).toContain('File size must be less than 5MB');
    expect(within(two).queryByRole('button', { name: /Try again/ })).toBeNull();

    const fetchesBefore = asked().length;
    await act(async () => {
      sent[0]?.answer.resolve({ message: MEDIA_UPLOADED, item: { ...item('n1'), uses: [] } });
      await Promise.resolve();
    });
    expect(within(uploads).getAllByRole('listitem')[0]?.textContent).toContain(MEDIA_UPLOADED);
    await waitFor(() => expect(asked().length).toBe(fetchesBefore + 1));
    expect(screen.getByText('Uploading 3 of 3 files…')).toBeTruthy();

    await act(async () => {
      sent[2]?.answer.reject(apiError(503, { message: 'The server is busy. Please try again in a moment.' }));
      await Promise.resolve();
    });
    expect(screen.getByText('1 file uploaded, 2 not.')).toBeTruthy();
    // A busy server may take it another time; a refused file would only be refused again.
    fireEvent.click(within(uploads).getByRole('button', { name: 'Try again with three.jpg' }));
    expect(sent.map((s) => s.file.name)).toEqual(['one.jpg', 'two.jpg', 'three.jpg', 'three.jpg']);
    await act(async () => {
      sent[3]?.answer.resolve({ message: MEDIA_UPLOADED, item: { ...item('n2'), uses: [] } });
      await Promise.resolve();
    });
    expect(screen.getByText('2 files uploaded, 1 not.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Clear finished' }));
    expect(screen.queryByRole('list', { name: 'Uploads' })).toBeNull();
  });

  it('says it takes pictures and audio, and sends documents to the Documents tab', async () => {
    render(<MediaLibrary />);
    await screen.findByRole('list', { name: 'Files' });
    const choose = screen.getByRole('button', { name: 'Choose files' });
    const hint = document.getElementById(choose.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toContain('Takes pictures and audio.');
    expect(hint?.textContent).toContain('Documents (PDF, Word and others) are added on the Documents tab.');
    const link = screen.getByRole('link', { name: 'Documents tab' });
    expect(link.getAttribute('href')).toBe('/admin/content?tab=Documents');
  });

  it('refuses a picture over 5 MB without sending it, and opens an uploaded file’s details', async () => {
    vi.mocked(uploadMedia).mockResolvedValue({
      message: MEDIA_UPLOADED,
      item: { ...item('n1', { alt: '' }), uses: [] },
    });
    render(<MediaLibrary />);
    await screen.findByRole('list', { name: 'Files' });
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'huge.jpg', { type: 'image/jpeg' });
    fireEvent.change(screen.getByLabelText('Files to upload'), { target: { files: [big, picture('ok.jpg')] } });
    const uploads = screen.getByRole('list', { name: 'Uploads' });
    expect(within(uploads).getAllByRole('listitem')[0]?.textContent).toContain('File size must be less than 5MB');
    expect(vi.mocked(uploadMedia).mock.calls.map(([file]) => file.name)).toEqual(['ok.jpg']);
    fireEvent.click(await within(uploads).findByRole('button', { name: 'Edit details of ok.jpg' }));
    expect(await screen.findByRole('dialog', { name: 'Picture n1' })).toBeTruthy();
  });
});
