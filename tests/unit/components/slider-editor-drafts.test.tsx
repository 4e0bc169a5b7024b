/**
 * The hero slide editor's drafts: an active slide offers Save draft (the form's content, never its showing or order),
 * Preview (a link to share) and History; a slide with a draft opens on it, shows who saved it, hides Active and Order
 * (the slide's own, changed at once from its card) and publishes it; Discard asks first; an inactive slide is saved
 * as it is; a card with a draft says "Unpublished changes"; a restored version fills the form.
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import SliderEditor from '../../../src/components/admin/sliders/SliderEditor.tsx';
import { fetchRevisions } from '../../../src/lib/api/admin/revisions.ts';
import {
  discardSliderDraft,
  fetchSliderDraft,
  publishSliderDraft,
  saveSliderDraft,
  sliderPreviewLink,
} from '../../../src/lib/api/admin/slider-drafts.ts';
import { fetchAdminSliders, updateSlider } from '../../../src/lib/api/admin/sliders.ts';
import { DRAFT_DISCARDED, DRAFT_PUBLISHED, DRAFT_SAVED } from '../../../src/shared/drafts.ts';
import { REVISION_RESTORED } from '../../../src/shared/revisions.ts';
import { withSearchButtonDefaults } from '../../../src/shared/slider.ts';
import type { AdminSlider, SliderDraft } from '../../../src/shared/sliders-admin.ts';
import type { User } from '../../../src/shared/types.ts';
import { stubModalDialogs } from './helpers/browser.ts';
import { historyOf, restoreVersionOne } from './helpers/revision-history.ts';

vi.mock('../../../src/components/admin/ui/AdminGate.tsx', () => ({
  default: ({ children }: { children: (user: User) => ReactNode }) => children({ _id: 'a1', role: 'editor' } as User),
}));
vi.mock('../../../src/lib/api/admin/sliders.ts', () => ({
  fetchAdminSliders: vi.fn(),
  setSliderActive: vi.fn(),
  deleteSlider: vi.fn(),
  createSlider: vi.fn(),
  updateSlider: vi.fn(),
  reorderSliders: vi.fn(),
}));
// The endpoint functions are mocked; the paths stay real.
vi.mock('../../../src/lib/api/admin/slider-drafts.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/lib/api/admin/slider-drafts.ts')>()),
  fetchSliderDraft: vi.fn(),
  saveSliderDraft: vi.fn(),
  discardSliderDraft: vi.fn(),
  publishSliderDraft: vi.fn(),
  sliderPreviewLink: vi.fn(),
}));
vi.mock('../../../src/lib/api/admin/revisions.ts', () => ({
  fetchRevisions: vi.fn(),
  compareRevisions: vi.fn(() => new Promise(() => undefined)),
  restoreRevision: vi.fn(),
}));
vi.mock('../../../src/lib/api/company.ts', () => ({ fetchCompany: vi.fn(() => Promise.resolve({ _id: 'c1' })) }));

const slide = (id: string, title: string, isActive: boolean, draft: AdminSlider['draft'] = null): AdminSlider => ({
  _id: id,
  title,
  subtitle: 'Fresh',
  link: '',
  order: 0,
  type: 'photo',
  image: `/media/${id}.webp`,
  button1_text: '',
  button1_link: '',
  button2_text: '',
  button2_link: '',
  contentAlignment: 'center',
  isActive,
  isGlobalSettings: false,
  company: 'c1',
  searchButton: withSearchButtonDefaults({}),
  draft,
});
const SAVED = { savedAt: '2026-12-01T09:30:00.000Z', savedBy: 'Ed Editor' };
const DRAFT: SliderDraft = {
  ...SAVED,
  fields: {
    title: 'Summer menu',
    subtitle: 'Cold soups',
    type: 'photo',
    link: '',
    button1_text: '',
    button1_link: '',
    button2_text: '',
    button2_link: '',
    contentAlignment: 'left',
    isGlobalSettings: false,
    searchButton: JSON.stringify(withSearchButtonDefaults({})),
    image: '/media/draft.webp',
  },
};

const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
async function openSlide(slides: AdminSlider[], title: string) {
  vi.mocked(fetchAdminSliders).mockResolvedValue(slides);
  render(<SliderEditor />);
  fireEvent.click(await screen.findByRole('button', { name: `Edit ${title}` }));
}

beforeAll(() => {
  stubModalDialogs();
  const element: Partial<Element> = Element.prototype;
  element.scrollIntoView ??= () => undefined;
});

beforeEach(() => {
  vi.clearAllMocks();
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe = () => undefined;
      unobserve = () => undefined;
      disconnect = () => undefined;
    },
  );
});

describe('SliderEditor and drafts', () => {
  it('keeps an active slide’s changes as a draft, its card then saying so', async () => {
    vi.mocked(saveSliderDraft).mockResolvedValueOnce({ message: DRAFT_SAVED, draft: DRAFT });
    await openSlide([slide('s1', 'Spring menu', true)], 'Spring menu');
    expect(field('Title').value).toBe('Spring menu');
    fireEvent.change(field('Title'), { target: { value: 'Summer menu' } });
    vi.mocked(fetchAdminSliders).mockResolvedValue([slide('s1', 'Spring menu', true, SAVED)]);
    click('Save draft');
    await screen.findByText(DRAFT_SAVED);
    const sent = vi.mocked(saveSliderDraft).mock.calls[0];
    expect(sent?.[0]).toBe('s1');
    expect(sent?.[1].get('title')).toBe('Summer menu');
    expect(updateSlider).not.toHaveBeenCalled();
    expect(await screen.findByText('Unpublished changes')).toBeTruthy();
  });

  it('opens a slide on its draft, without Active or Order, and publishes it', async () => {
    vi.mocked(fetchSliderDraft).mockResolvedValue(DRAFT);
    vi.mocked(saveSliderDraft).mockResolvedValueOnce({ message: DRAFT_SAVED, draft: DRAFT });
    vi.mocked(publishSliderDraft).mockResolvedValueOnce({
      message: DRAFT_PUBLISHED,
      item: slide('s1', 'Summer menu', true),
    });
    await openSlide([slide('s1', 'Spring menu', true, SAVED)], 'Spring menu');
    await waitFor(() => expect(field('Title').value).toBe('Summer menu'));
    expect(field('Subtitle').value).toBe('Cold soups');
    expect(screen.getByRole('note').textContent).toMatch(/You are editing the draft Ed Editor saved/);
    expect(screen.queryByLabelText('Active')).toBeNull();
    expect(screen.queryByLabelText('Order')).toBeNull();
    click('Publish draft');
    await screen.findByText(DRAFT_PUBLISHED);
    expect(publishSliderDraft).toHaveBeenCalledWith('s1');
    expect(updateSlider).not.toHaveBeenCalled();
  });

  it('discards the draft after asking', async () => {
    vi.mocked(fetchSliderDraft).mockResolvedValue(DRAFT);
    vi.mocked(discardSliderDraft).mockResolvedValueOnce({
      message: DRAFT_DISCARDED,
      item: slide('s1', 'Spring menu', true),
    });
    await openSlide([slide('s1', 'Spring menu', true, SAVED)], 'Spring menu');
    await waitFor(() => expect(field('Title').value).toBe('Summer menu'));
    click('Discard draft');
    expect(discardSliderDraft).not.toHaveBeenCalled();
    click('Discard');
    await screen.findByText(DRAFT_DISCARDED);
    expect(discardSliderDraft).toHaveBeenCalledWith('s1');
  });

  it('saves an inactive slide as it is, and Preview shows a link to share', async () => {
    vi.mocked(updateSlider).mockResolvedValue({
      message: 'Slider updated successfully!',
      slider: slide('s2', 'Hidden', false),
    });
    vi.mocked(sliderPreviewLink).mockResolvedValueOnce({
      url: 'https://example.com/preview?token=abc',
      expiresAt: '2026-12-04T09:30:00.000Z',
    });
    await openSlide([slide('s2', 'Hidden', false)], 'Hidden');
    expect(screen.queryByRole('button', { name: 'Save draft' })).toBeNull();
    click('Preview');
    const link = await screen.findByRole<HTMLInputElement>('textbox', { name: 'Preview link' });
    expect(link.value).toBe('https://example.com/preview?token=abc');
    expect(screen.getByRole('link', { name: 'Open preview' }).getAttribute('href')).toBe(link.value);
    expect(updateSlider).toHaveBeenCalledOnce();
    expect(saveSliderDraft).not.toHaveBeenCalled();
  });

  it('fills the form with the draft a restored version became, ready to publish', async () => {
    vi.mocked(fetchRevisions).mockResolvedValue(historyOf('Title'));
    vi.mocked(fetchSliderDraft).mockResolvedValueOnce(DRAFT);
    await openSlide([slide('s1', 'Spring menu', true)], 'Spring menu');
    await restoreVersionOne('/api/admin/sliders/s1', DRAFT, async () => {
      await screen.findByRole('heading', { name: 'History of "Spring menu"' });
      expect(fetchRevisions).toHaveBeenCalledWith('/api/admin/sliders/s1');
    });
    await waitFor(() => expect(field('Title').value).toBe('Summer menu'));
    expect(screen.getByText(REVISION_RESTORED)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Publish draft' })).toBeTruthy();
  });
});
