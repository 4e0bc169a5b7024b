/**
 * Pictures and audio from the media library in the rich-text editor: the picker lists one kind, a picture needs alt
 * text (saved to the library before it goes in), the inserted HTML is the responsive, lazy figure the site renders, and
 * stored figures load back into the editor and come out unchanged.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ALT_MISSING } from '../../../src/components/admin/content/rich-text/MediaPickerDialog.tsx';
import RichTextEditor from '../../../src/components/admin/content/rich-text/RichTextEditor.tsx';
import { LibraryAudio } from '../../../src/components/admin/content/rich-text/library-audio.ts';
import { LibraryPicture } from '../../../src/components/admin/content/rich-text/library-picture.ts';
import { fetchMedia, updateMedia, uploadMedia } from '../../../src/lib/api/admin/media.ts';
import type { MediaItem, MediaItemDetail, MediaListAnswer } from '../../../src/shared/media-library.ts';
import { mediaItem } from '../../helpers/media-item.ts';
import { apiError, deferred, stubModalDialogs } from './helpers/browser.ts';

vi.mock('../../../src/lib/api/admin/media.ts', () => ({
  fetchMedia: vi.fn(),
  uploadMedia: vi.fn(),
  updateMedia: vi.fn(),
}));

beforeAll(stubModalDialogs);
beforeEach(() => vi.clearAllMocks());

const SUNSET_ID = '0b7f6a52-3c1d-4e8f-9a0b-1c2d3e4f5a6b';
const HARBOUR_ID = '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const BIRDS_ID = '2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a';

function item(id: string, fields: Partial<MediaItem> = {}): MediaItemDetail {
  return {
    ...mediaItem(id, { bytes: 120_000, width: 1200, height: 800, createdAt: '2026-12-01T10:00:00.000Z', ...fields }),
    uses: [],
  };
}

// Replaced once (version 2) and cropped off centre: inside text it shows whole, so only the version stays.
const SUNSET = item(SUNSET_ID, {
  title: 'Sunset',
  caption: 'Evening at the pier',
  version: 2,
  focalX: 30,
  focalY: 60,
  url: `/media/${SUNSET_ID}.webp?v=2&fp=30,60`,
});
const HARBOUR = item(HARBOUR_ID, { title: 'Harbour', alt: 'Boats in the harbour at dawn', width: 800, height: 600 });
const BIRDS = item(BIRDS_ID, {
  kind: 'audio',
  address: `/media/${BIRDS_ID}.mp3`,
  url: `/media/${BIRDS_ID}.mp3`,
  contentType: 'audio/mpeg',
  width: null,
  height: null,
  title: 'Morning birds',
});

const page = (items: MediaItem[]): MediaListAnswer => ({ items, total: items.length, page: 1, pageSize: 48, tags: [] });

const SUNSET_SRCSET = [480, 720, 960, 1440, 1920].map((w) => `/media/${SUNSET_ID}-w${w}.avif?v=2 ${w}w`).join(', ');
const HARBOUR_SRCSET = [480, 720, 960, 1440, 1920].map((w) => `/media/${HARBOUR_ID}-w${w}.avif ${w}w`).join(', ');
const SIZES = '(min-width: 768px) 720px, 100vw';

const SUNSET_FIGURE =
  `<figure><picture><source type="image/avif" srcset="${SUNSET_SRCSET}" sizes="${SIZES}">` +
  `<img src="/media/${SUNSET_ID}.webp?v=2" alt="The sun going down over the sea" width="1200" height="800" loading="lazy" decoding="async">` +
  `</picture><figcaption>Evening at the pier</figcaption></figure>`;
const HARBOUR_FIGURE =
  `<figure><picture><source type="image/avif" srcset="${HARBOUR_SRCSET}" sizes="${SIZES}">` +
  `<img src="/media/${HARBOUR_ID}.webp" alt="Boats in the harbour at dawn" width="800" height="600" loading="lazy" decoding="async">` +
  `</picture></figure>`;
const BIRDS_FIGURE = `<figure><audio controls="" preload="none" src="/media/${BIRDS_ID}.mp3"></audio><figcaption>Morning birds</figcaption></figure>`;

function renderEditor(initialHtml = '<p>Intro</p>') {
  const onChange = vi.fn<(html: string) => void>();
  render(<RichTextEditor label="Content" initialHtml={initialHtml} onChange={onChange} />);
  const lastHtml = () => onChange.mock.calls.at(-1)?.[0];
  return { onChange, lastHtml };
}

const picker = () => screen.getByRole('dialog', { name: /^Insert/ });

async function openPicker(button: 'Picture' | 'Audio', items: MediaItem[]) {
  vi.mocked(fetchMedia).mockResolvedValue(page(items));
  fireEvent.click(screen.getByRole('button', { name: button }));
  await within(picker()).findByRole('list');
}

const choose = (name: RegExp) => fireEvent.click(within(picker()).getByRole('button', { name }));
const insertButton = (name: string) => within(picker()).getByRole('button', { name });

describe('the rich-text editor with the media library', () => {
  it('lists the library’s pictures only, with those that still need alt text marked', async () => {
    renderEditor();
    await openPicker('Picture', [SUNSET, HARBOUR]);
    expect(fetchMedia).toHaveBeenCalledWith({ kind: 'image', q: '', page: 1 });
    expect(within(picker()).getByRole('heading').textContent).toBe('Insert a picture');
    const tiles = within(within(picker()).getByRole('list')).getAllByRole('button');
    expect(tiles.map((tile) => tile.textContent)).toEqual(['SunsetNo alt text', 'Harbour']);
    expect(insertButton('Insert picture')).toHaveProperty('disabled', true);
  });

  it('searches the library after typing pauses, from the first page', async () => {
    renderEditor();
    await openPicker('Picture', [SUNSET, HARBOUR]);
    vi.mocked(fetchMedia).mockResolvedValue(page([HARBOUR]));
    fireEvent.change(within(picker()).getByLabelText('Search pictures'), { target: { value: ' harbour ' } });
    await waitFor(() => expect(fetchMedia).toHaveBeenLastCalledWith({ kind: 'image', q: 'harbour', page: 1 }));
    await waitFor(() => expect(within(picker()).queryByRole('button', { name: /Sunset/ })).toBeNull());
  });

  it('refuses a picture without alt text, then saves the typed alt to the library before inserting the figure', async () => {
    const { onChange, lastHtml } = renderEditor();
    await openPicker('Picture', [SUNSET, HARBOUR]);
    choose(/Sunset/);
    expect(within(picker()).getByLabelText<HTMLInputElement>('Caption (optional)').value).toBe('Evening at the pier');

    fireEvent.click(insertButton('Insert picture'));
    expect(within(picker()).getByRole('alert').textContent).toBe(ALT_MISSING);
    expect(within(picker()).getByLabelText('Alt text').getAttribute('aria-invalid')).toBe('true');
    expect(updateMedia).not.toHaveBeenCalled();
    expect(onChange).not.toHaveBeenCalled();

    const saved = deferred<{ message: string; item: MediaItemDetail }>();
    vi.mocked(updateMedia).mockReturnValueOnce(saved.promise);
    fireEvent.change(within(picker()).getByLabelText('Alt text'), {
      target: { value: '  The sun going down over the sea ' },
    });
    fireEvent.click(insertButton('Insert picture'));
    expect(updateMedia).toHaveBeenCalledWith(SUNSET_ID, { alt: 'The sun going down over the sea' });
    // Nothing goes in before the library has the alt text.
    expect(insertButton('Saving alt text…')).toHaveProperty('disabled', true);
    expect(onChange).not.toHaveBeenCalled();

    await act(() => {
      saved.resolve({ message: 'Saved.', item: { ...SUNSET, alt: 'The sun going down over the sea' } });
      return Promise.resolve();
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(lastHtml()).toBe(`${SUNSET_FIGURE}<p>Intro</p>`);
  });

  it('inserts a picture that has alt text without saving anything, and without a caption when there is none', async () => {
    const { lastHtml } = renderEditor('');
    await openPicker('Picture', [SUNSET, HARBOUR]);
    choose(/Harbour/);
    expect(within(picker()).getByLabelText<HTMLInputElement>('Alt text').value).toBe('Boats in the harbour at dawn');
    fireEvent.click(insertButton('Insert picture'));
    expect(updateMedia).not.toHaveBeenCalled();
    // The empty paragraph the cursor was in follows the figure, ready for the next line.
    expect(lastHtml()).toBe(`${HARBOUR_FIGURE}<p></p>`);
  });

  it('shows the server’s refusal of the alt text and inserts nothing', async () => {
    const { onChange } = renderEditor();
    await openPicker('Picture', [SUNSET]);
    choose(/Sunset/);
    vi.mocked(updateMedia).mockRejectedValueOnce(
      apiError(400, { message: 'Alt text must be at most 300 characters', field: 'alt' }),
    );
    fireEvent.change(within(picker()).getByLabelText('Alt text'), { target: { value: 'A sunset' } });
    await act(() => Promise.resolve(fireEvent.click(insertButton('Insert picture'))));
    expect(within(picker()).getByRole('alert').textContent).toBe('Alt text must be at most 300 characters');
    expect(onChange).not.toHaveBeenCalled();

    vi.mocked(updateMedia).mockRejectedValueOnce(apiError(500, { message: 'The database is busy.' }));
    await act(() => Promise.resolve(fireEvent.click(insertButton('Insert picture'))));
    expect(within(picker()).getByRole('alert').textContent).toBe('The database is busy.');
    expect(within(picker()).getByLabelText('Alt text').getAttribute('aria-invalid')).toBeNull();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('uploads a new picture with its progress shown, and chooses it', async () => {
    renderEditor();
    await openPicker('Picture', [HARBOUR]);
    const upload = deferred<{ message: string; item: MediaItemDetail }>();
    let progress: ((p: { loaded: number; total: number; percent: number }) => void) | undefined;
    vi.mocked(uploadMedia).mockImplementationOnce((_file, _fields, onProgress) => {
      progress = onProgress;
      return upload.promise;
    });
    const file = new File(['x'], 'sunset.jpg', { type: 'image/jpeg' });
    fireEvent.change(within(picker()).getByLabelText('Upload new picture'), { target: { files: [file] } });
    expect(vi.mocked(uploadMedia).mock.calls[0]?.[0]).toBe(file);
    act(() => progress?.({ loaded: 40, total: 100, percent: 40 }));
    expect(within(picker()).getByRole('progressbar', { name: 'Upload progress' }).getAttribute('aria-valuenow')).toBe(
      '40',
    );
    expect(insertButton('Insert picture')).toHaveProperty('disabled', true);

    vi.mocked(fetchMedia).mockResolvedValue(page([SUNSET, HARBOUR]));
    await act(() => {
      upload.resolve({ message: 'Added to the media library.', item: SUNSET });
      return Promise.resolve();
    });
    expect(within(picker()).queryByRole('progressbar')).toBeNull();
    expect(within(picker()).getByRole('status').textContent).toBe('Added to the media library.');
    expect(within(picker()).getByRole('region', { name: 'Chosen file' }).textContent).toContain('Sunset');
    await waitFor(() =>
      expect(
        within(picker())
          .getByRole('button', { name: /Sunset/ })
          .getAttribute('aria-pressed'),
      ).toBe('true'),
    );
  });

  it('shows a refused upload and keeps an audio file out of the picture picker', async () => {
    renderEditor();
    await openPicker('Picture', [HARBOUR]);
    fireEvent.change(within(picker()).getByLabelText('Upload new picture'), {
      target: { files: [new File(['x'], 'song.mp3', { type: 'audio/mpeg' })] },
    });
    expect(uploadMedia).not.toHaveBeenCalled();
    expect(within(picker()).getByRole('alert').textContent).toMatch(/^That file is not a picture/);

    vi.mocked(uploadMedia).mockRejectedValueOnce(apiError(413, { message: 'The file is larger than 10 MB.' }));
    await act(() =>
      Promise.resolve(
        fireEvent.change(within(picker()).getByLabelText('Upload new picture'), {
          target: { files: [new File(['x'], 'huge.png', { type: 'image/png' })] },
        }),
      ),
    );
    expect(within(picker()).getByRole('alert').textContent).toBe('The file is larger than 10 MB.');
  });

  it('embeds an audio file with its title as the caption', async () => {
    const { lastHtml } = renderEditor('<p>Listen:</p>');
    await openPicker('Audio', [BIRDS]);
    expect(fetchMedia).toHaveBeenCalledWith({ kind: 'audio', q: '', page: 1 });
    expect(within(picker()).queryByLabelText('Alt text')).toBeNull();
    choose(/Morning birds/);
    fireEvent.click(insertButton('Insert audio'));
    expect(updateMedia).not.toHaveBeenCalled();
    expect(lastHtml()).toBe(`${BIRDS_FIGURE}<p>Listen:</p>`);
  });

  it('loads stored pictures and audio back into their nodes and writes them out unchanged', async () => {
    const stored = `<p>Before</p>${SUNSET_FIGURE}<p>Between</p>${BIRDS_FIGURE}${HARBOUR_FIGURE}<p>After</p>`;
    const { lastHtml } = renderEditor(stored);
    // The editor shows them as the same figures.
    const editor = screen.getByRole('textbox');
    expect(editor.querySelectorAll('figure > picture > source[type="image/avif"]')).toHaveLength(2);
    expect(editor.querySelector('figure > audio')?.getAttribute('preload')).toBe('none');
    // Any change makes the editor write the whole text: an audio file inserted at the start.
    await openPicker('Audio', [BIRDS]);
    choose(/Morning birds/);
    fireEvent.click(insertButton('Insert audio'));
    expect(lastHtml()).toBe(`${BIRDS_FIGURE}${stored}`);
  });

  it('closes the picker on Escape without cancelling the form dialog around the editor', async () => {
    const outerCancel = vi.fn();
    const onChange = vi.fn();
    render(
      <dialog open onCancel={outerCancel}>
        <RichTextEditor label="Content" initialHtml="<p>x</p>" onChange={onChange} />
      </dialog>,
    );
    await openPicker('Picture', [HARBOUR]);
    fireEvent(picker(), new Event('cancel', { cancelable: true }));
    expect(screen.queryByRole('dialog', { name: 'Insert a picture' })).toBeNull();
    expect(outerCancel).not.toHaveBeenCalled();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('leaves the Picture and Audio buttons out when told', () => {
    render(<RichTextEditor label="Message" initialHtml="" onChange={() => undefined} media={false} />);
    expect(screen.queryByRole('button', { name: 'Picture' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Audio' })).toBeNull();
  });
});

describe('the library picture and audio nodes', () => {
  it('parse a figure of either kind and render it back exactly', () => {
    const html = `${SUNSET_FIGURE}${HARBOUR_FIGURE}${BIRDS_FIGURE}`;
    const editor = new Editor({ extensions: [StarterKit, LibraryPicture, LibraryAudio], content: html });
    expect(editor.getJSON().content.map((node) => node.type)).toEqual([
      'libraryPicture',
      'libraryPicture',
      'libraryAudio',
    ]);
    expect(editor.getJSON().content[0]?.attrs).toEqual({
      src: `/media/${SUNSET_ID}.webp?v=2`,
      srcset: SUNSET_SRCSET,
      sizes: SIZES,
      alt: 'The sun going down over the sea',
      width: 1200,
      height: 800,
      caption: 'Evening at the pier',
    });
    expect(editor.getHTML()).toBe(html);
    expect(editor.isEmpty).toBe(false);
    editor.destroy();
  });

  it('leave a figure of anything else to the other nodes', () => {
    const editor = new Editor({
      extensions: [StarterKit, LibraryPicture, LibraryAudio],
      content: '<figure><blockquote><p>Quoted</p></blockquote></figure>',
    });
    expect(editor.getHTML()).toBe('<blockquote><p>Quoted</p></blockquote>');
    editor.destroy();
  });
});
