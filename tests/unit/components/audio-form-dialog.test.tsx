/**
 * The audio form's drafts, previews and history: a published item's changes (its fields and cover) kept as a draft,
 * a new audio file replacing the item's at once beside the draft, a preview link shared without closing, an item with
 * a draft opened on it and published from it, the draft discarded, and a version from the history restored into the
 * form. The field refusals are in content-field-errors.test.tsx.
 */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import AudioFormDialog from '../../../src/components/admin/content/audio/AudioFormDialog.tsx';
import {
  audioPreviewLink,
  discardAudioDraft,
  fetchAudioDraft,
  publishAudioDraft,
  replaceAudioFile,
  saveAudioDraft,
} from '../../../src/lib/api/admin/audios.ts';
import { createAudio, updateAudio } from '../../../src/lib/api/admin/content.ts';
import { fetchRevisions } from '../../../src/lib/api/admin/revisions.ts';
import { REVISION_RESTORED } from '../../../src/shared/revisions.ts';
import type { AdminAudio, AudioDraft } from '../../../src/shared/schemas/audio-admin.ts';
import { apiError, stubModalDialogs } from './helpers/browser.ts';
import { historyOf, restoreVersionOne } from './helpers/revision-history.ts';

// The endpoint functions are mocked; the form's own rules (shared with the server) and the paths stay real.
vi.mock('../../../src/lib/api/admin/audios.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/lib/api/admin/audios.ts')>()),
  fetchAudioDraft: vi.fn(),
  saveAudioDraft: vi.fn(),
  discardAudioDraft: vi.fn(),
  publishAudioDraft: vi.fn(),
  audioPreviewLink: vi.fn(),
  replaceAudioFile: vi.fn(),
}));
vi.mock('../../../src/lib/api/admin/content.ts', () => ({ createAudio: vi.fn(), updateAudio: vi.fn() }));
vi.mock('../../../src/lib/api/admin/revisions.ts', () => ({
  fetchRevisions: vi.fn(),
  compareRevisions: vi.fn(() => new Promise(() => undefined)),
  restoreRevision: vi.fn(),
}));
vi.mock('../../../src/lib/api/admin/categories.ts', () => ({
  fetchAdminCategories: vi.fn(() =>
    Promise.resolve([
      { _id: 'c1', name: 'Music', items: 1 },
      { _id: 'c2', name: 'Podcast', items: 0 },
    ]),
  ),
}));

beforeAll(stubModalDialogs);
beforeEach(() => vi.clearAllMocks());

const AUDIO: AdminAudio = {
  _id: 'a1',
  name: 'Tide tables',
  title: '',
  description: 'Weekly.',
  artist: 'The Quay',
  audio_file: '/media/tide.wav',
  cover: '/media/tide-cover.webp',
  type: 'Podcast',
  category: 'Harbour',
  duration: 125,
  quality: '',
  tags: ['sea'],
  createdAt: '2026-11-01T10:00:00.000Z',
  plays: 4,
  downloads: 1,
  rating: 0,
  reviews: [],
  published: true,
  draft: null,
};

const DRAFT: AudioDraft = {
  savedAt: '2026-12-01T09:30:00.000Z',
  savedBy: 'Ana Diaz',
  fields: {
    name: 'Tide tables, spring',
    title: '',
    artist: 'The Quay',
    description: 'With the equinox.',
    type: 'Podcast',
    category: 'Harbour',
    quality: '',
    tags: ['sea', 'spring'],
    cover: '/media/spring-cover.webp',
  },
};

const LINK = { url: 'http://127.0.0.1/preview?token=abc.def.ghi', expiresAt: '2026-12-04T09:30:00.000Z' };

/** The fields a published item's draft sends when nothing was changed. */
const DRAFT_FIELDS = {
  name: 'Tide tables',
  title: '',
  artist: 'The Quay',
  description: 'Weekly.',
  type: 'Podcast',
  category: 'Harbour',
  quality: '',
  tags: 'sea',
};

/** Opens the form on `audio` once its type list has arrived. */
async function open(audio: AdminAudio, onSaved = vi.fn()) {
  render(<AudioFormDialog target={audio} items={[audio]} onClose={() => undefined} onSaved={onSaved} />);
  await act(() => Promise.resolve());
  return onSaved;
}

const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const choose = (label: string, file: File) => fireEvent.change(field(label), { target: { files: [file] } });
const click = (name: string) => act(() => Promise.resolve(fireEvent.click(screen.getByRole('button', { name }))));
/** The fields a call sent, by name. */
const sent = (form: FormData | undefined) => Object.fromEntries(form ?? new FormData());
const track = new File(['bytes'], 'spring.mp3', { type: 'audio/mpeg' });
const picture = new File(['bytes'], 'spring.png', { type: 'image/png' });

describe('AudioFormDialog and drafts', () => {
  it('keeps a published item’s changes and new cover as a draft, without its state, and closes', async () => {
    vi.mocked(saveAudioDraft).mockResolvedValueOnce({ message: 'Draft saved.', draft: DRAFT });
    const onSaved = await open(AUDIO);
    type('Name', 'Tide tables, spring');
    choose('Cover picture', picture);
    await click('Save draft');
    const [id, form, onProgress] = vi.mocked(saveAudioDraft).mock.calls[0] ?? [];
    expect(id).toBe('a1');
    expect(sent(form)).toEqual({ ...DRAFT_FIELDS, name: 'Tide tables, spring', cover: picture });
    expect(onProgress).toBeTypeOf('function');
    expect(replaceAudioFile).not.toHaveBeenCalled();
    expect(updateAudio).not.toHaveBeenCalled();
    expect(onSaved).toHaveBeenCalledWith('Draft saved.');
  });

  it('replaces the audio file at once beside the draft, which does not hold it', async () => {
    vi.mocked(saveAudioDraft).mockResolvedValueOnce({ message: 'Draft saved.', draft: DRAFT });
    vi.mocked(replaceAudioFile).mockResolvedValueOnce({ message: 'Audio file replaced', audio: AUDIO });
    const onSaved = await open(AUDIO);
    expect(screen.getByText(/A new file is not kept in the draft: it replaces the current one/)).toBeTruthy();
    choose('Audio file', track);
    await click('Save draft');
    expect(sent(vi.mocked(saveAudioDraft).mock.calls[0]?.[1])).toEqual(DRAFT_FIELDS);
    const [id, file] = vi.mocked(replaceAudioFile).mock.calls[0] ?? [];
    expect([id, file]).toEqual(['a1', track]);
    // The draft is checked first: a refused draft replaces nothing.
    expect(vi.mocked(saveAudioDraft).mock.invocationCallOrder[0]).toBeLessThan(
      vi.mocked(replaceAudioFile).mock.invocationCallOrder[0] ?? 0,
    );
    expect(onSaved).toHaveBeenCalledWith('Draft saved.');
  });

  it('sends the cover empty to take it away in the draft', async () => {
    vi.mocked(saveAudioDraft).mockResolvedValueOnce({ message: 'Draft saved.', draft: DRAFT });
    await open(AUDIO);
    expect(screen.getByRole<HTMLImageElement>('img', { name: 'Cover preview' }).src).toMatch(/tide-cover\.webp$/);
    await click('Remove cover');
    expect(screen.queryByRole('img', { name: 'Cover preview' })).toBeNull();
    await click('Save draft');
    expect(sent(vi.mocked(saveAudioDraft).mock.calls[0]?.[1])).toEqual({ ...DRAFT_FIELDS, cover: '' });
  });

  it('shows a draft’s refusal under the field it names', async () => {
    vi.mocked(saveAudioDraft).mockRejectedValueOnce(
      apiError(415, { message: 'Only JPEG, PNG, GIF, and WEBP files are allowed', field: 'cover' }),
    );
    const onSaved = await open(AUDIO);
    choose('Cover picture', picture);
    await click('Save draft');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Only JPEG, PNG, GIF, and WEBP files are allowed');
    expect(field('Cover picture').getAttribute('aria-invalid')).toBe('true');
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('Preview saves the draft and shows a link to share without closing; the form then edits the draft', async () => {
    vi.mocked(saveAudioDraft).mockResolvedValue({ message: 'Draft saved.', draft: DRAFT });
    vi.mocked(audioPreviewLink).mockResolvedValueOnce(LINK);
    const onSaved = await open(AUDIO);
    type('Description', 'With the equinox.');
    await click('Preview');
    await waitFor(() => expect(screen.getByRole('link', { name: 'Open preview' }).getAttribute('href')).toBe(LINK.url));
    expect(field('Preview link').value).toBe(LINK.url);
    expect(document.activeElement).toBe(field('Preview link'));
    expect(sent(vi.mocked(saveAudioDraft).mock.calls[0]?.[1])).toMatchObject({ description: 'With the equinox.' });
    expect(audioPreviewLink).toHaveBeenCalledWith('a1');
    expect(onSaved).not.toHaveBeenCalled();
    expect(updateAudio).not.toHaveBeenCalled();
    expect(screen.getByRole('note').textContent).toMatch(/You are editing the draft Ana Diaz saved on Dec 1, 2026/);
    // The draft's cover is the one shown now.
    expect(screen.getByRole<HTMLImageElement>('img', { name: 'Cover preview' }).src).toMatch(/spring-cover\.webp$/);
    expect(screen.queryByLabelText('Status')).toBeNull();
    expect(screen.getByRole('button', { name: 'Publish draft' })).toBeTruthy();
  });

  it('previews an unpublished item by saving the item itself, its state left as it is', async () => {
    const unpublished = { ...AUDIO, published: false };
    vi.mocked(updateAudio).mockResolvedValueOnce({ message: 'Audio updated', audio: unpublished });
    vi.mocked(audioPreviewLink).mockResolvedValueOnce(LINK);
    await open(unpublished);
    expect(screen.queryByRole('button', { name: 'Save draft' })).toBeNull();
    choose('Audio file', track);
    await click('Preview');
    await waitFor(() => expect(screen.getByRole('link', { name: 'Open preview' })).toBeTruthy());
    expect(vi.mocked(updateAudio).mock.calls[0]?.[0]).toBe('a1');
    expect(sent(vi.mocked(updateAudio).mock.calls[0]?.[1])).toEqual({ ...DRAFT_FIELDS, audio: track });
    expect(saveAudioDraft).not.toHaveBeenCalled();
    expect(replaceAudioFile).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
  });

  it('saves an item without a draft as before: its state and a new file in the PUT', async () => {
    vi.mocked(updateAudio).mockResolvedValueOnce({ message: 'Audio updated', audio: AUDIO });
    const onSaved = await open(AUDIO);
    fireEvent.change(field('Status'), { target: { value: 'false' } });
    choose('Audio file', track);
    await click('Save');
    expect(sent(vi.mocked(updateAudio).mock.calls[0]?.[1])).toEqual({
      ...DRAFT_FIELDS,
      published: 'false',
      audio: track,
    });
    expect(saveAudioDraft).not.toHaveBeenCalled();
    expect(onSaved).toHaveBeenCalledWith('Audio updated');
  });

  it('opens an item with a draft on the draft, and Publish draft saves it and makes it live', async () => {
    vi.mocked(fetchAudioDraft).mockResolvedValueOnce(DRAFT);
    vi.mocked(saveAudioDraft).mockResolvedValueOnce({ message: 'Draft saved.', draft: DRAFT });
    vi.mocked(replaceAudioFile).mockResolvedValueOnce({ message: 'Audio file replaced', audio: AUDIO });
    vi.mocked(publishAudioDraft).mockResolvedValueOnce({ message: 'Draft published.', item: AUDIO });
    const onSaved = await open({ ...AUDIO, draft: DRAFT });
    await waitFor(() => expect(field('Name').value).toBe('Tide tables, spring'));
    expect(fetchAudioDraft).toHaveBeenCalledWith('a1');
    expect(field('Tags (comma separated)').value).toBe('sea, spring');
    expect(screen.getByRole<HTMLImageElement>('img', { name: 'Cover preview' }).src).toMatch(/spring-cover\.webp$/);
    expect(screen.getByRole('note').textContent).toMatch(/You are editing the draft Ana Diaz saved on Dec 1, 2026/);
    // Publishing the draft publishes: no state to choose.
    expect(screen.queryByLabelText('Status')).toBeNull();
    type('Artist', 'The Quay Trio');
    choose('Audio file', track);
    await click('Publish draft');
    expect(sent(vi.mocked(saveAudioDraft).mock.calls[0]?.[1])).toEqual({
      ...DRAFT_FIELDS,
      name: 'Tide tables, spring',
      artist: 'The Quay Trio',
      description: 'With the equinox.',
      tags: 'sea, spring',
    });
    expect(vi.mocked(replaceAudioFile).mock.calls[0]?.[1]).toBe(track);
    expect(publishAudioDraft).toHaveBeenCalledWith('a1');
    expect(updateAudio).not.toHaveBeenCalled();
    expect(onSaved).toHaveBeenCalledWith('Draft published.');
  });

  it('discards the draft only once asked twice, whatever the form holds', async () => {
    vi.mocked(fetchAudioDraft).mockResolvedValueOnce(DRAFT);
    vi.mocked(discardAudioDraft).mockResolvedValueOnce({ message: 'Draft discarded.', item: AUDIO });
    const onSaved = await open({ ...AUDIO, draft: DRAFT });
    await waitFor(() => expect(screen.getByRole('note')).toBeTruthy());
    // Nothing of the form is sent, so a field left empty does not stop the discard.
    type('Name', '');
    await click('Discard draft');
    expect(discardAudioDraft).not.toHaveBeenCalled();
    await click('Keep it');
    await click('Discard draft');
    await click('Discard');
    expect(discardAudioDraft).toHaveBeenCalledWith('a1');
    expect(onSaved).toHaveBeenCalledWith('Draft discarded.');
  });

  it('offers no draft, preview or history for a new item, and creates it with its state, file and cover', async () => {
    vi.mocked(createAudio).mockResolvedValueOnce({ message: 'Audio created', audio: AUDIO });
    render(<AudioFormDialog target="new" items={[]} onClose={() => undefined} onSaved={() => undefined} />);
    await act(() => Promise.resolve());
    for (const name of ['Save draft', 'Preview', 'History']) expect(screen.queryByRole('button', { name })).toBeNull();
    type('Name', 'Foghorn');
    choose('Audio file', track);
    choose('Cover picture', picture);
    await click('Save');
    expect(sent(vi.mocked(createAudio).mock.calls[0]?.[0])).toMatchObject({
      name: 'Foghorn',
      published: 'false',
      audio: track,
      cover: picture,
    });
  });
});

describe('AudioFormDialog and the history', () => {
  const historyTitle = 'History of "Tide tables"';

  beforeEach(() => {
    vi.mocked(fetchRevisions).mockResolvedValue(historyOf('Name'));
  });

  it('opens the item’s history beside the form, and closing it leaves the form as it was', async () => {
    await open(AUDIO);
    type('Name', 'Unsaved name');
    await click('History');
    const heading = await screen.findByRole('heading', { name: historyTitle });
    expect(fetchRevisions).toHaveBeenCalledWith('/api/admin/audios/a1');
    expect(heading.closest('dialog')?.closest('form')).toBeNull();
    await screen.findByRole('heading', { name: 'Version 2' });
    await click('Close');
    expect(screen.queryByRole('heading', { name: historyTitle })).toBeNull();
    expect(field('Name').value).toBe('Unsaved name');
    expect(updateAudio).not.toHaveBeenCalled();
  });

  it('fills the form with the draft a restored version became, its cover with it, ready to publish', async () => {
    const restored: AudioDraft = {
      ...DRAFT,
      savedBy: 'Ed Editor',
      fields: { ...DRAFT.fields, name: 'First tides', cover: '/media/first-cover.webp' },
    };
    vi.mocked(fetchAudioDraft).mockResolvedValueOnce(restored);
    const onSaved = await open(AUDIO);
    await restoreVersionOne('/api/admin/audios/a1', restored);
    await waitFor(() => expect(field('Name').value).toBe('First tides'));
    expect(screen.getByRole<HTMLImageElement>('img', { name: 'Cover preview' }).src).toMatch(/first-cover\.webp$/);
    expect(screen.queryByRole('heading', { name: historyTitle })).toBeNull();
    expect(screen.getByRole('status').textContent).toBe(REVISION_RESTORED);
    expect(screen.getByRole('note').textContent).toMatch(/You are editing the draft Ed Editor saved/);
    expect(screen.getByRole('button', { name: 'Publish draft' })).toBeTruthy();
    expect(onSaved).not.toHaveBeenCalled();
  });
});
