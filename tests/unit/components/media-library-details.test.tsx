/**
 * A file's details dialog in the media library: alt text saved with PATCH and the server's answer shown, the focal
 * point set by a click or the arrow keys (with the crops following), a replaced file, where it is used, and a delete
 * the server refuses while the file is in use; a document shown with a way to the Documents tab, and nothing to edit.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import MediaDetailsPanel from '../../../src/components/admin/media/MediaDetailsPanel.tsx';
import MediaLibrary from '../../../src/components/admin/media/MediaLibrary.tsx';
import { ALT_HINT } from '../../../src/components/admin/media/media-screen.ts';
import {
  deleteMedia,
  fetchMedia,
  fetchMediaItem,
  replaceMedia,
  updateMedia,
} from '../../../src/lib/api/admin/media.ts';
import {
  DOCUMENT_MANAGED_ELSEWHERE,
  inUseMessage,
  MEDIA_DELETED,
  MEDIA_REPLACED,
  MEDIA_SAVED_LIVE,
  type MediaItem,
  type MediaItemDetail,
  type MediaUse,
} from '../../../src/shared/media-library.ts';
import type { User } from '../../../src/shared/types.ts';
import { mediaItem } from '../../helpers/media-item.ts';
import { apiError, consoleMessages, deferred, stubModalDialogs, watchConsoleErrors } from './helpers/browser.ts';

vi.mock('../../../src/components/admin/ui/AdminGate.tsx', () => ({
  default: ({ children }: { children: (user: User) => ReactNode }) => children({ _id: 'u1', role: 'admin' } as User),
}));
vi.mock('../../../src/lib/api/admin/media.ts', () => ({
  fetchMedia: vi.fn(),
  fetchMediaItem: vi.fn(),
  uploadMedia: vi.fn(),
  updateMedia: vi.fn(),
  replaceMedia: vi.fn(),
  deleteMedia: vi.fn(),
}));

const USES: MediaUse[] = [
  { label: 'Blog post', name: 'Summer at sea', id: 'b1' },
  { label: 'Page', name: 'About us', id: 'p9' },
];

const PICTURE: MediaItem = mediaItem('m1', {
  bytes: 524_288,
  width: 1600,
  height: 900,
  title: 'Harbour at dawn',
  tags: ['sea'],
  uploadedBy: 'Ann Lee',
  createdAt: '2026-12-01T10:00:00.000Z',
  useCount: 1,
});
const detail = (change: Partial<MediaItemDetail> = {}): MediaItemDetail => ({ ...PICTURE, uses: USES, ...change });

beforeAll(stubModalDialogs);

let consoleError: MockInstance<typeof console.error>;
beforeEach(() => {
  consoleError = watchConsoleErrors();
  vi.mocked(fetchMediaItem).mockResolvedValue(detail());
});
afterEach(() => {
  const logged = consoleMessages(consoleError);
  vi.clearAllMocks();
  vi.unstubAllEnvs();
  expect(logged).toEqual([]);
});

function renderPanel(item: MediaItem = PICTURE) {
  const props = { onClose: vi.fn(), onChanged: vi.fn(), onDeleted: vi.fn() };
  render(<MediaDetailsPanel item={item} {...props} />);
  return props;
}

const dialog = () => screen.getByRole('dialog', { name: PICTURE.title });

describe('the details dialog', () => {
  it('opens from a tile, shows what the file is and where it is used, and saves alt text with PATCH', async () => {
    history.replaceState(null, '', '/admin/media');
    vi.mocked(fetchMedia).mockResolvedValue({ items: [PICTURE], total: 1, page: 1, pageSize: 48, tags: ['sea'] });
    const saved = detail({ alt: 'Fishing boats leaving the harbour at dawn', updatedAt: '2026-12-02T09:30:00.000Z' });
    vi.mocked(updateMedia).mockImplementation(() => {
      vi.mocked(fetchMedia).mockResolvedValue({ items: [saved], total: 1, page: 1, pageSize: 48, tags: ['sea'] });
      return Promise.resolve({ message: MEDIA_SAVED_LIVE, item: saved });
    });
    render(<MediaLibrary />);
    fireEvent.click(await screen.findByRole('button', { name: /Harbour at dawn/ }));
    const box = dialog();
    expect(fetchMediaItem).toHaveBeenCalledWith('m1');
    const uses = within(box).getByRole('region', { name: 'Where it is used' });
    await waitFor(() => expect(uses.textContent).toContain('Blog post — Summer at sea'));
    expect(within(uses).getAllByRole('listitem')[1]?.textContent).toBe('Page — About us');

    expect(within(box).getByLabelText<HTMLInputElement>('Address').value).toBe('http://localhost:3000/media/m1.webp');
    expect(box.textContent).toContain('Picture · WEBP');
    expect(box.textContent).toContain('512 KB');
    expect(box.textContent).toContain('1600 × 900 px');
    expect(box.textContent).toContain('by Ann Lee');

    const alt = within(box).getByLabelText<HTMLInputElement>('Alt text');
    expect(document.getElementById(alt.getAttribute('aria-describedby') ?? '')?.textContent).toBe(ALT_HINT);
    expect(within(box).getByText('This picture has no alt text yet.')).toBeTruthy();
    fireEvent.change(alt, { target: { value: 'Fishing boats leaving the harbour at dawn' } });
    expect(within(box).getByText('Unsaved changes')).toBeTruthy();
    await act(() => Promise.resolve(fireEvent.click(within(box).getByRole('button', { name: 'Save' }))));

    expect(updateMedia).toHaveBeenCalledWith('m1', { alt: 'Fishing boats leaving the harbour at dawn' });
    await waitFor(() => expect(within(box).getByText(MEDIA_SAVED_LIVE)).toBeTruthy());
    expect(within(box).queryByText('This picture has no alt text yet.')).toBeNull();
    expect(within(box).queryByText('Unsaved changes')).toBeNull();
    // The tile behind the dialog no longer warns, and the page is read again.
    expect(screen.queryByText('No alt text')).toBeNull();
    await waitFor(() => expect(fetchMedia).toHaveBeenCalledTimes(2));
    expect(screen.queryByText('No alt text')).toBeNull();
  });

  it('shows a refusal under the field it names', async () => {
    vi.mocked(updateMedia).mockRejectedValue(
      apiError(400, { message: 'Caption must be at most 500 characters.', field: 'caption' }),
    );
    renderPanel();
    const caption = within(dialog()).getByLabelText<HTMLTextAreaElement>('Caption');
    fireEvent.change(caption, { target: { value: 'A long caption' } });
    await act(() => Promise.resolve(fireEvent.click(within(dialog()).getByRole('button', { name: 'Save' }))));
    await waitFor(() => expect(caption.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog()).getByRole('alert').textContent).toBe('Caption must be at most 500 characters.');
  });

  it('sets the focal point where the picture is clicked and moves it by 5 with the arrow keys', async () => {
    vi.mocked(updateMedia).mockResolvedValue({ message: MEDIA_SAVED_LIVE, item: detail({ focalX: 30, focalY: 80 }) });
    renderPanel();
    const box = dialog();
    const picker = within(box).getByRole('button', { name: 'Focal point: 50% from the left, 50% from the top' });
    vi.spyOn(picker, 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ x: 100, y: 40, width: 400, height: 200 }),
    );
    fireEvent.click(picker, { clientX: 220, clientY: 200, detail: 1 });

    expect(picker.getAttribute('aria-label')).toBe('Focal point: 30% from the left, 80% from the top');
    expect(within(box).getByLabelText<HTMLInputElement>('From the left (%)').value).toBe('30');
    expect(within(box).getByLabelText<HTMLInputElement>('From the top (%)').value).toBe('80');
    const marker = picker.querySelector<HTMLElement>('[aria-hidden="true"]');
    expect([marker?.style.left, marker?.style.top]).toEqual(['30%', '80%']);
    const crops = within(box).getAllByRole('figure');
    expect(crops.map((crop) => crop.textContent)).toEqual(['Square', 'Wide (16:9)']);
    expect(crops.map((crop) => crop.querySelector('img')?.style.objectPosition)).toEqual(['30% 80%', '30% 80%']);

    // A keyboard's Enter clicks the button too, with no place on the picture: nothing moves.
    fireEvent.click(picker, { clientX: 0, clientY: 0, detail: 0 });
    fireEvent.keyDown(picker, { key: 'ArrowRight' });
    fireEvent.keyDown(picker, { key: 'ArrowUp' });
    expect(picker.getAttribute('aria-label')).toBe('Focal point: 35% from the left, 75% from the top');
    fireEvent.change(within(box).getByLabelText('From the top (%)'), { target: { value: '80' } });
    fireEvent.keyDown(picker, { key: 'ArrowLeft' });

    await act(() => Promise.resolve(fireEvent.click(within(box).getByRole('button', { name: 'Save' }))));
    expect(updateMedia).toHaveBeenCalledWith('m1', { focalX: 30, focalY: 80 });
  });

  it('replaces the file at the same address and shows when visitors see it', async () => {
    const sent = deferred<{ message: string; item: MediaItemDetail }>();
    let progress: ((p: { loaded: number; total: number; percent: number }) => void) | undefined;
    vi.mocked(replaceMedia).mockImplementation((_id, _file, onProgress) => {
      progress = onProgress;
      return sent.promise;
    });
    const { onChanged } = renderPanel();
    const box = dialog();
    const input = within(box).getByLabelText<HTMLInputElement>('New file');
    expect(input.accept).toBe('image/jpeg,image/png,image/gif,image/webp');
    const button = within(box).getByRole<HTMLButtonElement>('button', { name: 'Replace file' });
    expect(button.disabled).toBe(true);

    const song = new File(['x'], 'song.mp3', { type: 'audio/mpeg' });
    fireEvent.change(input, { target: { files: [song] } });
    expect(within(box).getByRole('alert').textContent).toContain('Replace a picture with a picture');
    expect(button.disabled).toBe(true);

    fireEvent.change(input, { target: { files: [new File(['x'], 'new.jpg', { type: 'image/jpeg' })] } });
    fireEvent.click(button);
    act(() => progress?.({ loaded: 1, total: 2, percent: 50 }));
    expect(within(box).getByRole('progressbar', { name: 'Upload progress' }).getAttribute('aria-valuenow')).toBe('50');
    await act(async () => {
      sent.resolve({ message: MEDIA_REPLACED, item: detail({ version: 2, url: '/media/m1.webp?v=2' }) });
      await sent.promise;
    });
    expect(replaceMedia).toHaveBeenCalledWith('m1', expect.any(File), expect.any(Function));
    expect(within(box).getByText(MEDIA_REPLACED)).toBeTruthy();
    expect(onChanged).toHaveBeenCalledWith(expect.objectContaining({ version: 2 }));
    expect(box.textContent).toContain('Version2');
  });

  it('asks before deleting, and shows the server’s refusal naming the uses', async () => {
    const inUse: MediaUse[] = [
      { label: 'Blog post', name: 'Summer at sea', id: 'b1' },
      { label: 'Slider', name: 'Home', id: 's1' },
    ];
    vi.mocked(fetchMediaItem).mockResolvedValue(detail({ uses: [] }));
    vi.mocked(deleteMedia).mockRejectedValueOnce(apiError(409, { message: inUseMessage(inUse), uses: inUse }));
    const { onDeleted } = renderPanel();
    const box = dialog();
    await waitFor(() => expect(box.textContent).toContain('Not used anywhere yet.'));

    fireEvent.click(within(box).getByRole('button', { name: 'Delete file' }));
    const question = within(box).getByRole('group', { name: 'Confirm the delete' });
    expect(question.textContent).toContain('Delete “Harbour at dawn” from the media library?');
    expect(document.activeElement).toBe(within(question).getByRole('button', { name: 'Cancel' }));
    expect(deleteMedia).not.toHaveBeenCalled();
    await act(() =>
      Promise.resolve(fireEvent.click(within(question).getByRole('button', { name: 'Delete for good' }))),
    );

    expect(deleteMedia).toHaveBeenCalledWith('m1');
    const alert = await within(box).findByRole('alert');
    expect(alert.textContent).toBe(
      'This file is in use and cannot be deleted: Blog post “Summer at sea”, Slider “Home”. Remove it there first.',
    );
    const uses = within(box).getByRole('region', { name: 'Where it is used' });
    expect(
      within(uses)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Blog post — Summer at sea', 'Slider — Home']);
    expect(onDeleted).not.toHaveBeenCalled();

    vi.mocked(deleteMedia).mockResolvedValueOnce({ message: MEDIA_DELETED });
    fireEvent.click(within(box).getByRole('button', { name: 'Delete file' }));
    await act(() => Promise.resolve(fireEvent.click(within(box).getByRole('button', { name: 'Delete for good' }))));
    await waitFor(() => expect(onDeleted).toHaveBeenCalledWith('m1', MEDIA_DELETED));
  });

  it('plays audio and offers no alt text or focal point for it', async () => {
    const song: MediaItem = {
      ...PICTURE,
      id: 'a1',
      kind: 'audio',
      title: 'Sea shanty',
      contentType: 'audio/mpeg',
      url: '/media/a1.mp3',
      width: null,
      height: null,
    };
    vi.mocked(fetchMediaItem).mockResolvedValue({ ...song, uses: [] });
    renderPanel(song);
    const box = screen.getByRole('dialog', { name: 'Sea shanty' });
    await waitFor(() => expect(box.textContent).toContain('Not used anywhere yet.'));
    expect(box.querySelector('audio')?.getAttribute('src')).toBe('/media/a1.mp3');
    expect(within(box).queryByLabelText('Alt text')).toBeNull();
    expect(within(box).queryByRole('button', { name: /Focal point/ })).toBeNull();
    expect(within(box).getByLabelText<HTMLInputElement>('New file').accept).toContain('audio/mpeg');
  });

  describe('a document', () => {
    const REPORT: MediaItem = {
      ...PICTURE,
      id: 'document-7d1c',
      kind: 'document',
      address: '/api/documents/7d1c/download',
      url: '/api/documents/7d1c/download',
      contentType: 'application/pdf',
      bytes: 1_258_291,
      width: null,
      height: null,
      title: 'Annual report',
      caption: 'Our year in numbers.',
      tags: [],
      uploadedBy: null,
    };
    const USED: MediaUse[] = [{ label: 'Document', name: 'Annual report', id: '7d1c' }];

    it('shows what it is, its download and where it is used, with the Documents tab instead of any edit', async () => {
      vi.mocked(fetchMediaItem).mockResolvedValue({ ...REPORT, uses: USED });
      renderPanel(REPORT);
      const box = screen.getByRole('dialog', { name: 'Annual report' });
      expect(within(box).getByRole('heading', { level: 2 }).textContent).toBe('Annual report');
      const uses = within(box).getByRole('region', { name: 'Where it is used' });
      await waitFor(() =>
        expect(
          within(uses)
            .getAllByRole('listitem')
            .map((li) => li.textContent),
        ).toEqual(['Document — Annual report']),
      );
      expect(fetchMediaItem).toHaveBeenCalledWith('document-7d1c');

      const address = 'http://localhost:3000/api/documents/7d1c/download';
      expect(within(box).getByLabelText<HTMLInputElement>('Address').value).toBe(address);
      const download = within(box).getByRole('link', { name: 'Download' });
      expect(download.getAttribute('href')).toBe(address);
      expect(download.getAttribute('target')).toBe('_blank');
      expect(box.textContent).toContain('Document · PDF');
      expect(box.textContent).toContain('1.2 MB');
      expect(box.textContent).toContain('Added');
      expect(box.textContent).not.toContain('Version');
      expect(within(box).getByRole('region', { name: 'Description' }).textContent).toContain('Our year in numbers.');

      expect(within(box).getByText(DOCUMENT_MANAGED_ELSEWHERE)).toBeTruthy();
      expect(within(box).getByRole('link', { name: 'Open the Documents tab' }).getAttribute('href')).toBe(
        '/admin/content?tab=Documents',
      );
      expect(box.querySelector('form')).toBeNull();
      expect(within(box).queryByRole('textbox', { name: 'Title' })).toBeNull();
      expect(within(box).queryByLabelText('Alt text')).toBeNull();
      expect(within(box).queryByRole('button', { name: /Focal point/ })).toBeNull();
      expect(within(box).queryByRole('button', { name: 'Save' })).toBeNull();
      expect(within(box).queryByLabelText('New file')).toBeNull();
      expect(within(box).queryByRole('button', { name: /Replace/ })).toBeNull();
      expect(within(box).queryByRole('button', { name: /Delete/ })).toBeNull();
      expect(within(box).queryByText('No alt text')).toBeNull();
      expect(box.querySelector('img, audio')).toBeNull();
      expect([updateMedia, replaceMedia, deleteMedia].map((call) => vi.mocked(call).mock.calls.length)).toEqual([
        0, 0, 0,
      ]);
    });

    it('downloads from the API’s origin when the API lives elsewhere', async () => {
      vi.stubEnv('PUBLIC_API_URL', 'https://api.example.com/');
      vi.mocked(fetchMediaItem).mockResolvedValue({ ...REPORT, uses: USED });
      renderPanel(REPORT);
      const box = screen.getByRole('dialog', { name: 'Annual report' });
      await waitFor(() => expect(box.textContent).toContain('Document — Annual report'));
      expect(within(box).getByRole('link', { name: 'Download' }).getAttribute('href')).toBe(
        'https://api.example.com/api/documents/7d1c/download',
      );
    });

    it('says so when where it is used cannot be read, and still closes', async () => {
      vi.mocked(fetchMediaItem).mockRejectedValue(apiError(500, { message: 'Something went wrong.' }));
      const { onClose } = renderPanel(REPORT);
      const box = screen.getByRole('dialog', { name: 'Annual report' });
      expect((await within(box).findByRole('alert')).textContent).toBe('Something went wrong.');
      fireEvent.click(within(box).getByRole('button', { name: 'Close' }));
      expect(onClose).toHaveBeenCalled();
    });
  });
});
