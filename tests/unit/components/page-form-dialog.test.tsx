/**
 * The page form's drafts, previews and history: a published page's changes kept as a draft (JSON, without its state),
 * its footer link changed at once beside the draft, a preview link shared without closing, a page with a draft opened
 * on it and published from it, the draft discarded, and a version from the history restored into the form. The field
 * refusals are in content-field-errors.test.tsx.
 */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import PageFormDialog from '../../../src/components/admin/content/pages/PageFormDialog.tsx';
import {
  createPage,
  discardPageDraft,
  fetchPageDraft,
  pagePreviewLink,
  publishPageDraft,
  savePageDraft,
  setPageInFooter,
  updatePage,
} from '../../../src/lib/api/admin/pages.ts';
import { fetchRevisions } from '../../../src/lib/api/admin/revisions.ts';
import type { AdminPage, PageDraft } from '../../../src/shared/pages.ts';
import { REVISION_RESTORED } from '../../../src/shared/revisions.ts';
import { apiError, stubModalDialogs } from './helpers/browser.ts';
import { historyOf, restoreVersionOne } from './helpers/revision-history.ts';

// The endpoint functions are mocked; the form's own rules (shared with the server) and the paths stay real.
vi.mock('../../../src/lib/api/admin/pages.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/lib/api/admin/pages.ts')>()),
  createPage: vi.fn(),
  updatePage: vi.fn(),
  setPageInFooter: vi.fn(),
  fetchPageDraft: vi.fn(),
  savePageDraft: vi.fn(),
  discardPageDraft: vi.fn(),
  publishPageDraft: vi.fn(),
  pagePreviewLink: vi.fn(),
}));
vi.mock('../../../src/lib/api/admin/revisions.ts', () => ({
  fetchRevisions: vi.fn(),
  compareRevisions: vi.fn(() => new Promise(() => undefined)),
  restoreRevision: vi.fn(),
}));

beforeAll(stubModalDialogs);
beforeEach(() => vi.clearAllMocks());

const PAGE: AdminPage = {
  _id: 'pg1',
  title: 'Privacy',
  slug: 'privacy',
  content: '<p>We keep little.</p>',
  in_footer: true,
  published: true,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: null,
  draft: null,
};

const DRAFT: PageDraft = {
  savedAt: '2026-12-01T09:30:00.000Z',
  savedBy: 'Ana Diaz',
  fields: { title: 'Privacy policy', slug: 'privacy-policy', content: '<p>We keep less.</p>' },
};

const LINK = { url: 'http://127.0.0.1/preview?token=abc.def.ghi', expiresAt: '2026-12-04T09:30:00.000Z' };

const open = (page: AdminPage, onSaved = vi.fn()) => {
  render(<PageFormDialog page={page} onClose={() => undefined} onSaved={onSaved} />);
  return onSaved;
};

const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const click = (name: string) => act(() => Promise.resolve(fireEvent.click(screen.getByRole('button', { name }))));

describe('PageFormDialog and drafts', () => {
  it('keeps a published page’s changes as a draft, without its state or footer link, and closes', async () => {
    vi.mocked(savePageDraft).mockResolvedValueOnce({ message: 'Draft saved.', draft: DRAFT });
    const onSaved = open(PAGE);
    type('Title', 'Privacy policy');
    await click('Save draft');
    expect(savePageDraft).toHaveBeenCalledWith('pg1', {
      title: 'Privacy policy',
      slug: 'privacy',
      content: '<p>We keep little.</p>',
    });
    // The footer link was not changed: nothing is sent for it.
    expect(setPageInFooter).not.toHaveBeenCalled();
    expect(updatePage).not.toHaveBeenCalled();
    expect(onSaved).toHaveBeenCalledWith('Draft saved.');
  });

  it('changes the footer link at once beside the draft, which does not hold it', async () => {
    vi.mocked(savePageDraft).mockResolvedValueOnce({ message: 'Draft saved.', draft: DRAFT });
    vi.mocked(setPageInFooter).mockResolvedValueOnce({
      message: 'Page published',
      page: { ...PAGE, in_footer: false },
    });
    const onSaved = open(PAGE);
    fireEvent.click(field('Link in the footer'));
    await click('Save draft');
    expect(Object.keys(vi.mocked(savePageDraft).mock.calls[0]?.[1] ?? {})).toEqual(['title', 'slug', 'content']);
    expect(setPageInFooter).toHaveBeenCalledWith('pg1', false);
    expect(onSaved).toHaveBeenCalledWith('Draft saved.');
  });

  it('shows a draft’s refusal under the field it names', async () => {
    vi.mocked(savePageDraft).mockRejectedValueOnce(
      apiError(409, { message: 'Another page already uses this address.', field: 'slug' }),
    );
    const onSaved = open(PAGE);
    await click('Save draft');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Another page already uses this address.'));
    expect(field('Address (slug)').getAttribute('aria-invalid')).toBe('true');
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('Preview saves the draft and shows a link to share without closing; the form then edits the draft', async () => {
    vi.mocked(savePageDraft).mockResolvedValue({ message: 'Draft saved.', draft: DRAFT });
    vi.mocked(pagePreviewLink).mockResolvedValueOnce(LINK);
    const onSaved = open(PAGE);
    type('Title', 'Privacy policy');
    await click('Preview');
    await waitFor(() => expect(screen.getByRole('link', { name: 'Open preview' }).getAttribute('href')).toBe(LINK.url));
    expect(field('Preview link').value).toBe(LINK.url);
    expect(document.activeElement).toBe(field('Preview link'));
    expect(pagePreviewLink).toHaveBeenCalledWith('pg1');
    expect(onSaved).not.toHaveBeenCalled();
    expect(updatePage).not.toHaveBeenCalled();
    expect(screen.getByRole('note').textContent).toMatch(/You are editing the draft Ana Diaz saved on Dec 1, 2026/);
    expect(screen.queryByLabelText('Status')).toBeNull();
    // Saved as a draft now: the next save goes to it as well, and closes.
    await click('Save draft');
    expect(savePageDraft).toHaveBeenCalledTimes(2);
    expect(onSaved).toHaveBeenCalledWith('Draft saved.');
  });

  it('previews an unpublished page by saving the page itself, its state left as it is', async () => {
    const unpublished = { ...PAGE, published: false };
    vi.mocked(updatePage).mockResolvedValueOnce({ message: 'Page updated', page: unpublished });
    vi.mocked(pagePreviewLink).mockResolvedValueOnce(LINK);
    open(unpublished);
    expect(screen.queryByRole('button', { name: 'Save draft' })).toBeNull();
    await click('Preview');
    await waitFor(() => expect(screen.getByRole('link', { name: 'Open preview' })).toBeTruthy());
    expect(updatePage).toHaveBeenCalledWith('pg1', {
      title: 'Privacy',
      slug: 'privacy',
      content: '<p>We keep little.</p>',
    });
    expect(savePageDraft).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
  });

  it('saves a page without a draft as before: its state and a changed footer link in the PUT', async () => {
    vi.mocked(updatePage).mockResolvedValueOnce({ message: 'Page updated', page: PAGE });
    const onSaved = open(PAGE);
    fireEvent.change(field('Status'), { target: { value: 'draft' } });
    fireEvent.click(field('Link in the footer'));
    await click('Save');
    expect(updatePage).toHaveBeenCalledWith('pg1', {
      title: 'Privacy',
      slug: 'privacy',
      content: '<p>We keep little.</p>',
      in_footer: false,
      published: false,
    });
    expect(savePageDraft).not.toHaveBeenCalled();
    expect(onSaved).toHaveBeenCalledWith('Page updated');
  });

  it('opens a page with a draft on the draft, and Publish draft saves it and makes it live', async () => {
    vi.mocked(fetchPageDraft).mockResolvedValueOnce(DRAFT);
    vi.mocked(savePageDraft).mockResolvedValueOnce({ message: 'Draft saved.', draft: DRAFT });
    vi.mocked(publishPageDraft).mockResolvedValueOnce({ message: 'Draft published.', item: PAGE });
    const onSaved = open({ ...PAGE, draft: DRAFT });
    await waitFor(() => expect(field('Title').value).toBe('Privacy policy'));
    expect(fetchPageDraft).toHaveBeenCalledWith('pg1');
    expect(field('Address (slug)').value).toBe('privacy-policy');
    expect(screen.getByText('We keep less.')).toBeTruthy();
    expect(screen.getByRole('note').textContent).toMatch(/You are editing the draft Ana Diaz saved on Dec 1, 2026/);
    // Publishing the draft publishes: no state to choose; the footer link stays the page's.
    expect(screen.queryByLabelText('Status')).toBeNull();
    expect(field('Link in the footer').checked).toBe(true);
    type('Title', 'Our privacy policy');
    await click('Publish draft');
    expect(savePageDraft).toHaveBeenCalledWith('pg1', {
      title: 'Our privacy policy',
      slug: 'privacy-policy',
      content: '<p>We keep less.</p>',
    });
    expect(publishPageDraft).toHaveBeenCalledWith('pg1');
    expect(updatePage).not.toHaveBeenCalled();
    expect(onSaved).toHaveBeenCalledWith('Draft published.');
  });

  it('discards the draft only once asked twice, whatever the form holds', async () => {
    vi.mocked(fetchPageDraft).mockResolvedValueOnce(DRAFT);
    vi.mocked(discardPageDraft).mockResolvedValueOnce({ message: 'Draft discarded.', item: PAGE });
    const onSaved = open({ ...PAGE, draft: DRAFT });
    await waitFor(() => expect(screen.getByRole('note')).toBeTruthy());
    // Nothing of the form is sent, so a field left empty does not stop the discard.
    type('Title', '');
    await click('Discard draft');
    expect(discardPageDraft).not.toHaveBeenCalled();
    await click('Keep it');
    await click('Discard draft');
    await click('Discard');
    expect(discardPageDraft).toHaveBeenCalledWith('pg1');
    expect(onSaved).toHaveBeenCalledWith('Draft discarded.');
  });

  it('offers no draft, preview or history for a new page', async () => {
    vi.mocked(createPage).mockResolvedValueOnce({ message: 'Page created', page: PAGE });
    render(<PageFormDialog page="new" onClose={() => undefined} onSaved={() => undefined} />);
    for (const name of ['Save draft', 'Preview', 'History']) expect(screen.queryByRole('button', { name })).toBeNull();
    type('Title', 'Terms');
    await click('Save');
    expect(createPage).toHaveBeenCalledWith({
      title: 'Terms',
      slug: 'terms',
      content: '',
      in_footer: true,
      published: false,
    });
  });
});

describe('PageFormDialog and the history', () => {
  const historyTitle = 'History of "Privacy"';

  beforeEach(() => {
    vi.mocked(fetchRevisions).mockResolvedValue(historyOf('Title'));
  });

  it('opens the page’s history beside the form, and closing it leaves the form as it was', async () => {
    open(PAGE);
    type('Title', 'Unsaved title');
    await click('History');
    const heading = await screen.findByRole('heading', { name: historyTitle });
    expect(fetchRevisions).toHaveBeenCalledWith('/api/admin/pages/pg1');
    expect(heading.closest('dialog')?.closest('form')).toBeNull();
    await screen.findByRole('heading', { name: 'Version 2' });
    await click('Close');
    expect(screen.queryByRole('heading', { name: historyTitle })).toBeNull();
    expect(field('Title').value).toBe('Unsaved title');
    expect(updatePage).not.toHaveBeenCalled();
  });

  it('fills the form with the draft a restored version became, ready to publish', async () => {
    const restored: PageDraft = {
      savedAt: '2026-12-05T08:00:00.000Z',
      savedBy: 'Ed Editor',
      fields: { title: 'First privacy', slug: 'privacy', content: '<p>First words.</p>' },
    };
    vi.mocked(fetchPageDraft).mockResolvedValueOnce(restored);
    const onSaved = open(PAGE);
    await restoreVersionOne('/api/admin/pages/pg1', restored);
    await waitFor(() => expect(field('Title').value).toBe('First privacy'));
    expect(screen.getByText('First words.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: historyTitle })).toBeNull();
    expect(screen.getByRole('status').textContent).toBe(REVISION_RESTORED);
    expect(screen.getByRole('note').textContent).toMatch(/You are editing the draft Ed Editor saved on Dec 5, 2026/);
    expect(screen.getByRole('button', { name: 'Publish draft' })).toBeTruthy();
    expect(onSaved).not.toHaveBeenCalled();
  });
});
