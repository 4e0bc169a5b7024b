/**
 * The photo form's drafts, previews and history: a published photo's changes kept as a draft (JSON: title, caption,
 * category and tags, never a picture), a preview link shared without closing, an unpublished photo saved as it is, a
 * photo with a draft opened on it and published from it, the draft discarded, and a version from the history restored
 * into the form; the Images tab's card of a photo with a draft says so. The field refusals are in
 * content-field-errors.test.tsx.
 */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import ImagesPanel from '../../../src/components/admin/content/images/ImagesPanel.tsx';
import PhotoEditDialog from '../../../src/components/admin/content/images/PhotoEditDialog.tsx';
import { fetchAdminPhotos, updatePhoto } from '../../../src/lib/api/admin/content.ts';
import {
  discardPhotoDraft,
  fetchPhotoDraft,
  photoPreviewLink,
  publishPhotoDraft,
  savePhotoDraft,
} from '../../../src/lib/api/admin/photo-drafts.ts';
import { fetchRevisions } from '../../../src/lib/api/admin/revisions.ts';
import type { AdminPhoto, PhotoDraft } from '../../../src/shared/photos-admin.ts';
import { REVISION_RESTORED } from '../../../src/shared/revisions.ts';
import { PUBLISHED_PHOTO_TITLE } from '../../../src/shared/schemas/photo.ts';
import type { Role } from '../../../src/shared/staff-roles.ts';
import { apiError, stubModalDialogs } from './helpers/browser.ts';
import { historyOf, restoreVersionOne } from './helpers/revision-history.ts';

// The endpoint functions are mocked; the form's own rules (shared with the server) and the paths stay real.
vi.mock('../../../src/lib/api/admin/content.ts', () => ({
  updatePhoto: vi.fn(),
  fetchAdminPhotos: vi.fn(),
  setPhotoPublished: vi.fn(),
  deletePhoto: vi.fn(),
}));
vi.mock('../../../src/lib/api/admin/photo-drafts.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/lib/api/admin/photo-drafts.ts')>()),
  fetchPhotoDraft: vi.fn(),
  savePhotoDraft: vi.fn(),
  discardPhotoDraft: vi.fn(),
  publishPhotoDraft: vi.fn(),
  photoPreviewLink: vi.fn(),
}));
vi.mock('../../../src/lib/api/admin/revisions.ts', () => ({
  fetchRevisions: vi.fn(),
  compareRevisions: vi.fn(() => new Promise(() => undefined)),
  restoreRevision: vi.fn(),
}));
vi.mock('../../../src/lib/api/admin/categories.ts', () => ({
  fetchAdminCategories: vi.fn(() => Promise.resolve([{ _id: 'c1', name: 'Nature', items: 0 }])),
}));

beforeAll(stubModalDialogs);
beforeEach(() => vi.clearAllMocks());

const PHOTO: AdminPhoto = {
  _id: 'ph1',
  title: 'Harbour at dawn',
  caption: 'Boats leaving',
  image: '/media/9c1d2e3f-4a5b-4c6d-8e7f-001122334455.webp',
  tags: ['sea'],
  category: '',
  resolution: 'HD 720p',
  createdAt: '2026-11-20T10:00:00.000Z',
  views: 3,
  likes: 1,
  downloads: 0,
  published: true,
  draft: null,
};

const DRAFT: PhotoDraft = {
  savedAt: '2026-12-01T09:30:00.000Z',
  savedBy: 'Ana Diaz',
  fields: {
    title: 'Harbour at first light',
    caption: 'Boats leaving at first light',
    category: 'Nature',
    tags: ['sea', 'boats'],
  },
};

const LINK = { url: 'http://127.0.0.1/preview?token=abc.def.ghi', expiresAt: '2026-12-04T09:30:00.000Z' };

const open = (photo: AdminPhoto, onSaved = vi.fn()) => {
  render(<PhotoEditDialog photo={photo} onClose={() => undefined} onSaved={onSaved} />);
  return onSaved;
};

const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const click = (name: string) => act(() => Promise.resolve(fireEvent.click(screen.getByRole('button', { name }))));

describe('PhotoEditDialog and drafts', () => {
  it('keeps a published photo’s changes as a draft, its fields alone as JSON, and closes', async () => {
    vi.mocked(savePhotoDraft).mockResolvedValueOnce({ message: 'Draft saved.', draft: DRAFT });
    const onSaved = open(PHOTO);
    type('Caption', 'Boats leaving at first light');
    await click('Save draft');
    expect(savePhotoDraft).toHaveBeenCalledWith('ph1', {
      title: 'Harbour at dawn',
      caption: 'Boats leaving at first light',
      category: '',
      tags: 'sea',
    });
    expect(updatePhoto).not.toHaveBeenCalled();
    expect(onSaved).toHaveBeenCalledWith('Draft saved.');
  });

  it('shows a draft’s refusal under the field it names', async () => {
    vi.mocked(savePhotoDraft).mockRejectedValueOnce(apiError(400, { message: PUBLISHED_PHOTO_TITLE, field: 'title' }));
    const onSaved = open(PHOTO);
    type('Title', '');
    await click('Save draft');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(PUBLISHED_PHOTO_TITLE));
    expect(field('Title').getAttribute('aria-invalid')).toBe('true');
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('Preview saves the draft and shows a link to share without closing; the form then edits the draft', async () => {
    vi.mocked(savePhotoDraft).mockResolvedValue({ message: 'Draft saved.', draft: DRAFT });
    vi.mocked(photoPreviewLink).mockResolvedValueOnce(LINK);
    const onSaved = open(PHOTO);
    type('Title', 'Harbour at first light');
    await click('Preview');
    await waitFor(() => expect(screen.getByRole('link', { name: 'Open preview' }).getAttribute('href')).toBe(LINK.url));
    expect(field('Preview link').value).toBe(LINK.url);
    expect(photoPreviewLink).toHaveBeenCalledWith('ph1');
    expect(onSaved).not.toHaveBeenCalled();
    expect(updatePhoto).not.toHaveBeenCalled();
    expect(screen.getByRole('note').textContent).toMatch(/You are editing the draft Ana Diaz saved on Dec 1, 2026/);
    expect(screen.getByRole('button', { name: 'Publish draft' })).toBeTruthy();
    // Saved as a draft now: the next save goes to it as well, and closes.
    await click('Save draft');
    expect(savePhotoDraft).toHaveBeenCalledTimes(2);
    expect(onSaved).toHaveBeenCalledWith('Draft saved.');
  });

  it('previews an unpublished photo by saving the photo itself, offering no draft', async () => {
    const unpublished = { ...PHOTO, published: false };
    vi.mocked(updatePhoto).mockResolvedValueOnce({ message: 'Photo updated', photo: unpublished });
    vi.mocked(photoPreviewLink).mockResolvedValueOnce(LINK);
    open(unpublished);
    expect(screen.queryByRole('button', { name: 'Save draft' })).toBeNull();
    await click('Preview');
    await waitFor(() => expect(screen.getByRole('link', { name: 'Open preview' })).toBeTruthy());
    expect(updatePhoto).toHaveBeenCalledWith('ph1', {
      title: 'Harbour at dawn',
      caption: 'Boats leaving',
      category: '',
      tags: 'sea',
    });
    expect(savePhotoDraft).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
  });

  it('saves a photo without a draft as before, by its own PUT', async () => {
    vi.mocked(updatePhoto).mockResolvedValueOnce({ message: 'Photo updated', photo: PHOTO });
    const onSaved = open(PHOTO);
    type('Tags (comma separated)', 'sea, quay');
    await click('Save');
    expect(updatePhoto).toHaveBeenCalledWith('ph1', {
      title: 'Harbour at dawn',
      caption: 'Boats leaving',
      category: '',
      tags: 'sea, quay',
    });
    expect(savePhotoDraft).not.toHaveBeenCalled();
    expect(onSaved).toHaveBeenCalledWith('Photo updated');
  });

  it('opens a photo with a draft on the draft, and Publish draft saves it and makes it live', async () => {
    vi.mocked(fetchPhotoDraft).mockResolvedValueOnce(DRAFT);
    vi.mocked(savePhotoDraft).mockResolvedValueOnce({ message: 'Draft saved.', draft: DRAFT });
    vi.mocked(publishPhotoDraft).mockResolvedValueOnce({ message: 'Draft published.', item: PHOTO });
    const onSaved = open({ ...PHOTO, draft: DRAFT });
    await waitFor(() => expect(field('Title').value).toBe('Harbour at first light'));
    expect(fetchPhotoDraft).toHaveBeenCalledWith('ph1');
    expect(field('Caption').value).toBe('Boats leaving at first light');
    expect(field('Tags (comma separated)').value).toBe('sea, boats');
    await waitFor(() => expect(field('Category').value).toBe('Nature'));
    expect(screen.getByRole('note').textContent).toMatch(/You are editing the draft Ana Diaz saved on Dec 1, 2026/);
    type('Title', 'Harbour, first light');
    await click('Publish draft');
    expect(savePhotoDraft).toHaveBeenCalledWith('ph1', {
      title: 'Harbour, first light',
      caption: 'Boats leaving at first light',
      category: 'Nature',
      tags: 'sea, boats',
    });
    expect(publishPhotoDraft).toHaveBeenCalledWith('ph1');
    expect(updatePhoto).not.toHaveBeenCalled();
    expect(onSaved).toHaveBeenCalledWith('Draft published.');
  });

  it('discards the draft only once asked twice', async () => {
    vi.mocked(fetchPhotoDraft).mockResolvedValueOnce(DRAFT);
    vi.mocked(discardPhotoDraft).mockResolvedValueOnce({ message: 'Draft discarded.', item: PHOTO });
    const onSaved = open({ ...PHOTO, draft: DRAFT });
    await waitFor(() => expect(screen.getByRole('note')).toBeTruthy());
    await click('Discard draft');
    expect(discardPhotoDraft).not.toHaveBeenCalled();
    await click('Keep it');
    await click('Discard draft');
    await click('Discard');
    expect(discardPhotoDraft).toHaveBeenCalledWith('ph1');
    expect(onSaved).toHaveBeenCalledWith('Draft discarded.');
  });
});

describe('PhotoEditDialog and the history', () => {
  const historyTitle = 'History of "Harbour at dawn"';

  beforeEach(() => {
    vi.mocked(fetchRevisions).mockResolvedValue(historyOf('Caption'));
  });

  it('opens the photo’s history beside the form, and closing it leaves the form as it was', async () => {
    open(PHOTO);
    type('Caption', 'Unsaved words');
    await click('History');
    const heading = await screen.findByRole('heading', { name: historyTitle });
    expect(fetchRevisions).toHaveBeenCalledWith('/api/admin/photos/ph1');
    expect(heading.closest('dialog')?.closest('form')).toBeNull();
    await screen.findByRole('heading', { name: 'Version 2' });
    await click('Close');
    expect(screen.queryByRole('heading', { name: historyTitle })).toBeNull();
    expect(field('Caption').value).toBe('Unsaved words');
    expect(updatePhoto).not.toHaveBeenCalled();
  });

  it('fills the form with the draft a restored version became, ready to publish', async () => {
    const restored: PhotoDraft = {
      savedAt: '2026-12-05T08:00:00.000Z',
      savedBy: 'Ed Editor',
      fields: { title: 'Harbour', caption: 'First words', category: '', tags: [] },
    };
    vi.mocked(fetchPhotoDraft).mockResolvedValueOnce(restored);
    const onSaved = open(PHOTO);
    await restoreVersionOne('/api/admin/photos/ph1', restored);
    await waitFor(() => expect(field('Title').value).toBe('Harbour'));
    expect(field('Caption').value).toBe('First words');
    expect(screen.getByRole('status').textContent).toBe(REVISION_RESTORED);
    expect(screen.getByRole('note').textContent).toMatch(/You are editing the draft Ed Editor saved on Dec 5, 2026/);
    expect(screen.getByRole('button', { name: 'Publish draft' })).toBeTruthy();
    expect(onSaved).not.toHaveBeenCalled();
  });
});

describe('ImagesPanel', () => {
  const EDITOR: Role = 'editor';

  it('says a published photo has unpublished changes beside its badge, and only that one', async () => {
    vi.mocked(fetchAdminPhotos).mockResolvedValueOnce([
      { ...PHOTO, draft: DRAFT },
      { ...PHOTO, _id: 'ph2', title: 'Regatta' },
    ]);
    render(<ImagesPanel query="" view="grid" currency="USD" role={EDITOR} />);
    const cards = await screen.findAllByTestId('content-card');
    expect(cards.map((card) => card.textContent.includes('Unpublished changes'))).toEqual([true, false]);
  });
});
