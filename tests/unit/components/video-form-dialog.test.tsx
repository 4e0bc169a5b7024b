/**
 * The video form's drafts, previews and history: a published video's changes kept as a draft (JSON, every field, without
 * its state), a preview link shared without closing, an unpublished video saved as it is with its own state, a video
 * with a draft opened on it and published from it, the draft discarded, and a version from the history restored into
 * the form; the Videos tab's card of a video with a draft says so. The field refusals of a new video are in
 * content-field-errors.test.tsx.
 */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import VideoFormDialog from '../../../src/components/admin/content/videos/VideoFormDialog.tsx';
import VideosPanel from '../../../src/components/admin/content/videos/VideosPanel.tsx';
import { createVideo, fetchAdminVideos, updateVideo } from '../../../src/lib/api/admin/content.ts';
import { fetchRevisions } from '../../../src/lib/api/admin/revisions.ts';
import {
  discardVideoDraft,
  fetchVideoDraft,
  publishVideoDraft,
  saveVideoDraft,
  videoPreviewLink,
} from '../../../src/lib/api/admin/video-drafts.ts';
import { REVISION_RESTORED } from '../../../src/shared/revisions.ts';
import type { AdminVideo, VideoDraft } from '../../../src/shared/schemas/video-admin.ts';
import type { Role } from '../../../src/shared/staff-roles.ts';
import { apiError, stubModalDialogs } from './helpers/browser.ts';
import { historyOf, restoreVersionOne } from './helpers/revision-history.ts';

// The endpoint functions are mocked; the form's own rules (shared with the server) and the paths stay real.
vi.mock('../../../src/lib/api/admin/content.ts', () => ({
  createVideo: vi.fn(),
  updateVideo: vi.fn(),
  fetchAdminVideos: vi.fn(),
  setVideoPublished: vi.fn(),
  deleteVideo: vi.fn(),
}));
vi.mock('../../../src/lib/api/admin/video-drafts.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/lib/api/admin/video-drafts.ts')>()),
  fetchVideoDraft: vi.fn(),
  saveVideoDraft: vi.fn(),
  discardVideoDraft: vi.fn(),
  publishVideoDraft: vi.fn(),
  videoPreviewLink: vi.fn(),
}));
vi.mock('../../../src/lib/api/admin/revisions.ts', () => ({
  fetchRevisions: vi.fn(),
  compareRevisions: vi.fn(() => new Promise(() => undefined)),
  restoreRevision: vi.fn(),
}));
vi.mock('../../../src/lib/api/admin/categories.ts', () => ({
  fetchAdminCategories: vi.fn(() => Promise.resolve([{ _id: 'c1', name: 'Travel', items: 0 }])),
}));

beforeAll(stubModalDialogs);
beforeEach(() => vi.clearAllMocks());

const EMBED = 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ';

const VIDEO: AdminVideo = {
  _id: 'v1',
  name: 'Harbour at dawn',
  title: '',
  description: 'Boats leaving',
  youtube: EMBED,
  poster: '/media/0b7f3c9e-4d1a-4c55-9a0e-2f6b8d1e7a10.webp',
  category: 'Travel',
  duration: 90,
  quality: 'HD',
  tags: ['harbour'],
  createdAt: '2026-11-20T10:00:00.000Z',
  views: 3,
  likes: 1,
  published: true,
  draft: null,
};

const DRAFT: VideoDraft = {
  savedAt: '2026-12-01T09:30:00.000Z',
  savedBy: 'Ana Diaz',
  fields: {
    name: 'Harbour at first light',
    title: 'Dawn',
    description: 'Boats leaving at first light',
    youtube: EMBED,
    category: 'Travel',
    quality: '4K',
    duration: 120,
    tags: ['harbour', 'boats'],
    poster: VIDEO.poster,
  },
};

const LINK = { url: 'http://127.0.0.1/preview?token=abc.def.ghi', expiresAt: '2026-12-04T09:30:00.000Z' };

/** What the form sends for VIDEO unchanged, every field as the video's PUT takes them. */
const SENT = {
  name: 'Harbour at dawn',
  title: '',
  youtube: EMBED,
  description: 'Boats leaving',
  category: 'Travel',
  quality: 'HD',
  duration: '90',
  tags: 'harbour',
};

const open = (video: AdminVideo, onSaved = vi.fn()) => {
  render(<VideoFormDialog target={video} onClose={() => undefined} onSaved={onSaved} />);
  return onSaved;
};

const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const click = (name: string) => act(() => Promise.resolve(fireEvent.click(screen.getByRole('button', { name }))));

describe('VideoFormDialog and drafts', () => {
  it('keeps a published video’s changes as a draft, every field but its state, and closes', async () => {
    vi.mocked(saveVideoDraft).mockResolvedValueOnce({ message: 'Draft saved.', draft: DRAFT });
    const onSaved = open(VIDEO);
    type('Name', 'Harbour at first light');
    await click('Save draft');
    expect(saveVideoDraft).toHaveBeenCalledWith('v1', { ...SENT, name: 'Harbour at first light' });
    expect(updateVideo).not.toHaveBeenCalled();
    expect(onSaved).toHaveBeenCalledWith('Draft saved.');
  });

  it('shows a draft’s refusal under the field it names', async () => {
    vi.mocked(saveVideoDraft).mockRejectedValueOnce(apiError(400, { message: 'Unknown category.', field: 'category' }));
    const onSaved = open(VIDEO);
    await click('Save draft');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Unknown category.'));
    expect(field('Category').getAttribute('aria-invalid')).toBe('true');
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('refuses a bad link before anything is sent', async () => {
    open(VIDEO);
    type('YouTube link', 'https://vimeo.com/1');
    await click('Save draft');
    expect(field('YouTube link').getAttribute('aria-invalid')).toBe('true');
    expect(saveVideoDraft).not.toHaveBeenCalled();
  });

  it('Preview saves the draft and shows a link to share without closing; the form then edits the draft', async () => {
    vi.mocked(saveVideoDraft).mockResolvedValue({ message: 'Draft saved.', draft: DRAFT });
    vi.mocked(videoPreviewLink).mockResolvedValueOnce(LINK);
    const onSaved = open(VIDEO);
    type('Duration (seconds)', '120');
    await click('Preview');
    await waitFor(() => expect(screen.getByRole('link', { name: 'Open preview' }).getAttribute('href')).toBe(LINK.url));
    expect(field('Preview link').value).toBe(LINK.url);
    expect(document.activeElement).toBe(field('Preview link'));
    expect(saveVideoDraft).toHaveBeenCalledWith('v1', { ...SENT, duration: '120' });
    expect(videoPreviewLink).toHaveBeenCalledWith('v1');
    expect(onSaved).not.toHaveBeenCalled();
    expect(screen.getByRole('note').textContent).toMatch(/You are editing the draft Ana Diaz saved on Dec 1, 2026/);
    expect(screen.queryByLabelText('Status')).toBeNull();
    expect(screen.getByRole('button', { name: 'Publish draft' })).toBeTruthy();
  });

  it('previews an unpublished video by saving the video itself, its own state sent whatever the select says', async () => {
    const unpublished = { ...VIDEO, published: false };
    vi.mocked(updateVideo).mockResolvedValueOnce({ message: 'Video updated', video: unpublished });
    vi.mocked(videoPreviewLink).mockResolvedValueOnce(LINK);
    open(unpublished);
    expect(screen.queryByRole('button', { name: 'Save draft' })).toBeNull();
    fireEvent.change(field('Status'), { target: { value: 'true' } });
    await click('Preview');
    await waitFor(() => expect(screen.getByRole('link', { name: 'Open preview' })).toBeTruthy());
    expect(updateVideo).toHaveBeenCalledWith('v1', { ...SENT, published: false });
    expect(saveVideoDraft).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
  });

  it('saves a video without a draft as before, with the state chosen', async () => {
    vi.mocked(updateVideo).mockResolvedValueOnce({ message: 'Video updated', video: VIDEO });
    const onSaved = open(VIDEO);
    fireEvent.change(field('Status'), { target: { value: 'false' } });
    await click('Save');
    expect(updateVideo).toHaveBeenCalledWith('v1', { ...SENT, published: false });
    expect(saveVideoDraft).not.toHaveBeenCalled();
    expect(onSaved).toHaveBeenCalledWith('Video updated');
  });

  it('opens a video with a draft on the draft, and Publish draft saves it and makes it live', async () => {
    vi.mocked(fetchVideoDraft).mockResolvedValueOnce(DRAFT);
    vi.mocked(saveVideoDraft).mockResolvedValueOnce({ message: 'Draft saved.', draft: DRAFT });
    vi.mocked(publishVideoDraft).mockResolvedValueOnce({ message: 'Draft published.', item: VIDEO });
    const onSaved = open({ ...VIDEO, draft: DRAFT });
    await waitFor(() => expect(field('Name').value).toBe('Harbour at first light'));
    expect(fetchVideoDraft).toHaveBeenCalledWith('v1');
    expect([field('Duration (seconds)').value, field('Quality').value, field('Tags (comma separated)').value]).toEqual([
      '120',
      '4K',
      'harbour, boats',
    ]);
    expect(screen.getByRole('note').textContent).toMatch(/You are editing the draft Ana Diaz saved on Dec 1, 2026/);
    // Publishing the draft publishes: no state to choose.
    expect(screen.queryByLabelText('Status')).toBeNull();
    type('Title', 'At first light');
    await click('Publish draft');
    expect(saveVideoDraft).toHaveBeenCalledWith('v1', {
      name: 'Harbour at first light',
      title: 'At first light',
      youtube: EMBED,
      description: 'Boats leaving at first light',
      category: 'Travel',
      quality: '4K',
      duration: '120',
      tags: 'harbour, boats',
    });
    expect(publishVideoDraft).toHaveBeenCalledWith('v1');
    expect(updateVideo).not.toHaveBeenCalled();
    expect(onSaved).toHaveBeenCalledWith('Draft published.');
  });

  it('discards the draft only once asked twice, whatever the form holds', async () => {
    vi.mocked(fetchVideoDraft).mockResolvedValueOnce(DRAFT);
    vi.mocked(discardVideoDraft).mockResolvedValueOnce({ message: 'Draft discarded.', item: VIDEO });
    const onSaved = open({ ...VIDEO, draft: DRAFT });
    await waitFor(() => expect(screen.getByRole('note')).toBeTruthy());
    // Nothing of the form is sent, so a field left empty does not stop the discard.
    type('Name', '');
    await click('Discard draft');
    expect(discardVideoDraft).not.toHaveBeenCalled();
    await click('Keep it');
    await click('Discard draft');
    await click('Discard');
    expect(discardVideoDraft).toHaveBeenCalledWith('v1');
    expect(onSaved).toHaveBeenCalledWith('Draft discarded.');
  });

  it('offers no draft, preview or history for a new video', async () => {
    vi.mocked(createVideo).mockResolvedValueOnce({ message: 'Video created', video: VIDEO });
    render(<VideoFormDialog target="new" onClose={() => undefined} onSaved={() => undefined} />);
    for (const name of ['Save draft', 'Preview', 'History']) expect(screen.queryByRole('button', { name })).toBeNull();
    type('Name', 'Teaser');
    type('YouTube link', 'https://youtu.be/dQw4w9WgXcQ');
    await click('Save');
    expect(createVideo).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'Teaser', youtube: 'https://youtu.be/dQw4w9WgXcQ', published: false }),
    );
  });
});

describe('VideoFormDialog and the history', () => {
  const historyTitle = 'History of "Harbour at dawn"';

  beforeEach(() => {
    vi.mocked(fetchRevisions).mockResolvedValue(historyOf('Name'));
  });

  it('opens the video’s history beside the form, and closing it leaves the form as it was', async () => {
    open(VIDEO);
    type('Name', 'Unsaved name');
    await click('History');
    const heading = await screen.findByRole('heading', { name: historyTitle });
    expect(fetchRevisions).toHaveBeenCalledWith('/api/admin/videos/v1');
    expect(heading.closest('dialog')?.closest('form')).toBeNull();
    await screen.findByRole('heading', { name: 'Version 2' });
    await click('Close');
    expect(screen.queryByRole('heading', { name: historyTitle })).toBeNull();
    expect(field('Name').value).toBe('Unsaved name');
    expect(updateVideo).not.toHaveBeenCalled();
  });

  it('fills the form with the draft a restored version became, ready to publish', async () => {
    const restored: VideoDraft = {
      savedAt: '2026-12-05T08:00:00.000Z',
      savedBy: 'Ed Editor',
      fields: { ...DRAFT.fields, name: 'First cut', duration: 60 },
    };
    vi.mocked(fetchVideoDraft).mockResolvedValueOnce(restored);
    const onSaved = open(VIDEO);
    await restoreVersionOne('/api/admin/videos/v1', restored);
    await waitFor(() => expect(field('Name').value).toBe('First cut'));
    expect(field('Duration (seconds)').value).toBe('60');
    expect(screen.queryByRole('heading', { name: historyTitle })).toBeNull();
    expect(screen.getByRole('status').textContent).toBe(REVISION_RESTORED);
    expect(screen.getByRole('note').textContent).toMatch(/You are editing the draft Ed Editor saved on Dec 5, 2026/);
    expect(screen.getByRole('button', { name: 'Publish draft' })).toBeTruthy();
    expect(onSaved).not.toHaveBeenCalled();
  });
});

describe('VideosPanel', () => {
  const EDITOR: Role = 'editor';

  it('says a published video has unpublished changes beside its badge, and only that one', async () => {
    vi.mocked(fetchAdminVideos).mockResolvedValueOnce([
      { ...VIDEO, draft: DRAFT },
      { ...VIDEO, _id: 'v2', name: 'Regatta' },
    ]);
    render(<VideosPanel query="" view="grid" currency="USD" role={EDITOR} />);
    const cards = await screen.findAllByTestId('content-card');
    expect(cards.map((card) => card.textContent.includes('Unpublished changes'))).toEqual([true, false]);
  });
});
