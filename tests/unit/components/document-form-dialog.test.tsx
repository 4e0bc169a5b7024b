/**
 * The document form's drafts, previews and history: a published document's words kept as a draft (JSON, without its
 * state), a new file replacing the document's at once beside the draft, a preview link shared without closing, a
 * document with a draft opened on it and published from it, the draft discarded, and a version from the history
 * restored into the form. The field refusals are in content-field-errors.test.tsx.
 */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import DocumentFormDialog from '../../../src/components/admin/content/documents/DocumentFormDialog.tsx';
import {
  discardDocumentDraft,
  documentPreviewLink,
  fetchDocumentDraft,
  publishDocumentDraft,
  saveDocumentDraft,
} from '../../../src/lib/api/admin/document-drafts.ts';
import { createDocument, replaceDocumentFile, updateDocument } from '../../../src/lib/api/admin/documents.ts';
import { fetchRevisions } from '../../../src/lib/api/admin/revisions.ts';
import { DOCUMENT_DRAFT_FILE, type AdminDocument, type DocumentDraft } from '../../../src/shared/documents.ts';
import { REVISION_RESTORED } from '../../../src/shared/revisions.ts';
import { apiError, stubModalDialogs } from './helpers/browser.ts';
import { historyOf, restoreVersionOne } from './helpers/revision-history.ts';

// The endpoint functions are mocked; the form's own rules (shared with the server) and the paths stay real.
vi.mock('../../../src/lib/api/admin/documents.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/lib/api/admin/documents.ts')>()),
  createDocument: vi.fn(),
  updateDocument: vi.fn(),
  replaceDocumentFile: vi.fn(),
}));
vi.mock('../../../src/lib/api/admin/document-drafts.ts', () => ({
  fetchDocumentDraft: vi.fn(),
  saveDocumentDraft: vi.fn(),
  discardDocumentDraft: vi.fn(),
  publishDocumentDraft: vi.fn(),
  documentPreviewLink: vi.fn(),
}));
vi.mock('../../../src/lib/api/admin/revisions.ts', () => ({
  fetchRevisions: vi.fn(),
  compareRevisions: vi.fn(() => new Promise(() => undefined)),
  restoreRevision: vi.fn(),
}));

beforeAll(stubModalDialogs);
beforeEach(() => vi.clearAllMocks());

const DOC: AdminDocument = {
  id: 'd1',
  title: 'Price list',
  description: 'Every price.',
  download_name: 'Price list.pdf',
  content_type: 'application/pdf',
  bytes: 2048,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: null,
  url: '/api/documents/d1/download',
  published: true,
  draft: null,
};

const DRAFT: DocumentDraft = {
  savedAt: '2026-12-01T09:30:00.000Z',
  savedBy: 'Ana Diaz',
  fields: { title: 'Price list 2027', description: 'Every price of the year.' },
};

const LINK = { url: 'http://127.0.0.1/preview?token=abc.def.ghi', expiresAt: '2026-12-04T09:30:00.000Z' };
const saved = (doc: AdminDocument, message = 'Document updated') => ({ message, document: doc });

const open = (doc: AdminDocument | 'new', onSaved = vi.fn()) => {
  render(<DocumentFormDialog target={doc} onClose={() => undefined} onSaved={onSaved} />);
  return onSaved;
};

const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const choose = (label: string, file: File) => fireEvent.change(field(label), { target: { files: [file] } });
const click = (name: string) => act(() => Promise.resolve(fireEvent.click(screen.getByRole('button', { name }))));
const REPLACE = 'Replace the file (optional)';
const newFile = new File(['%PDF-1.4'], 'Price list 2027.pdf', { type: 'application/pdf' });

describe('DocumentFormDialog and drafts', () => {
  it('keeps a published document’s words as a draft, without its state, and closes', async () => {
    vi.mocked(saveDocumentDraft).mockResolvedValueOnce({ message: 'Draft saved.', draft: DRAFT });
    const onSaved = open(DOC);
    type('Title', 'Price list 2027');
    await click('Save draft');
    expect(saveDocumentDraft).toHaveBeenCalledWith('d1', { title: 'Price list 2027', description: 'Every price.' });
    expect(replaceDocumentFile).not.toHaveBeenCalled();
    expect(updateDocument).not.toHaveBeenCalled();
    expect(onSaved).toHaveBeenCalledWith('Draft saved.');
  });

  it('replaces the file at once beside the draft, which does not hold it', async () => {
    vi.mocked(saveDocumentDraft).mockResolvedValueOnce({ message: 'Draft saved.', draft: DRAFT });
    vi.mocked(replaceDocumentFile).mockResolvedValueOnce(saved(DOC));
    const onSaved = open(DOC);
    expect(screen.getByText(/A new file is not kept in the draft: it replaces the current one/)).toBeTruthy();
    choose(REPLACE, newFile);
    await click('Save draft');
    const [id, file, onProgress] = vi.mocked(replaceDocumentFile).mock.calls[0] ?? [];
    expect([id, file]).toEqual(['d1', newFile]);
    expect(onProgress).toBeTypeOf('function');
    // The draft is checked first: a refused draft replaces nothing.
    expect(vi.mocked(saveDocumentDraft).mock.invocationCallOrder[0]).toBeLessThan(
      vi.mocked(replaceDocumentFile).mock.invocationCallOrder[0] ?? 0,
    );
    expect(onSaved).toHaveBeenCalledWith('Draft saved.');
  });

  it('shows a draft’s refusal under the field it names', async () => {
    vi.mocked(saveDocumentDraft).mockRejectedValueOnce(apiError(400, { message: DOCUMENT_DRAFT_FILE, field: 'file' }));
    const onSaved = open(DOC);
    await click('Save draft');
    expect((await screen.findByRole('alert')).textContent).toBe(DOCUMENT_DRAFT_FILE);
    expect(field(REPLACE).getAttribute('aria-invalid')).toBe('true');
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('Preview saves the draft and shows a link to share without closing; the form then edits the draft', async () => {
    vi.mocked(saveDocumentDraft).mockResolvedValue({ message: 'Draft saved.', draft: DRAFT });
    vi.mocked(replaceDocumentFile).mockResolvedValueOnce(saved(DOC));
    vi.mocked(documentPreviewLink).mockResolvedValueOnce(LINK);
    vi.mocked(publishDocumentDraft).mockResolvedValueOnce({ message: 'Draft published.', item: DOC });
    const onSaved = open(DOC);
    type('Description', 'Every price of the year.');
    choose(REPLACE, newFile);
    await click('Preview');
    await waitFor(() => expect(screen.getByRole('link', { name: 'Open preview' }).getAttribute('href')).toBe(LINK.url));
    expect(field('Preview link').value).toBe(LINK.url);
    expect(document.activeElement).toBe(field('Preview link'));
    expect(documentPreviewLink).toHaveBeenCalledWith('d1');
    expect(onSaved).not.toHaveBeenCalled();
    expect(updateDocument).not.toHaveBeenCalled();
    expect(screen.getByRole('note').textContent).toMatch(/You are editing the draft Ana Diaz saved on Dec 1, 2026/);
    expect(screen.queryByLabelText('Status')).toBeNull();
    // The file was stored: the next save sends it no more.
    expect(field(REPLACE).files).toHaveLength(0);
    await click('Publish draft');
    expect(replaceDocumentFile).toHaveBeenCalledTimes(1);
    expect(onSaved).toHaveBeenCalledWith('Draft published.');
  });

  it('previews an unpublished document by saving it itself, its state left as it is', async () => {
    const unpublished = { ...DOC, published: false };
    vi.mocked(updateDocument).mockResolvedValueOnce(saved(unpublished));
    vi.mocked(documentPreviewLink).mockResolvedValueOnce(LINK);
    open(unpublished);
    expect(screen.queryByRole('button', { name: 'Save draft' })).toBeNull();
    choose(REPLACE, newFile);
    await click('Preview');
    await waitFor(() => expect(screen.getByRole('link', { name: 'Open preview' })).toBeTruthy());
    const [id, fields, file] = vi.mocked(updateDocument).mock.calls[0] ?? [];
    expect([id, fields, file]).toEqual(['d1', { title: 'Price list', description: 'Every price.' }, newFile]);
    expect(saveDocumentDraft).not.toHaveBeenCalled();
    expect(replaceDocumentFile).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
  });

  it('saves a document without a draft as before: its state and a new file in the PUT', async () => {
    vi.mocked(updateDocument).mockResolvedValueOnce(saved(DOC));
    const onSaved = open(DOC);
    fireEvent.change(field('Status'), { target: { value: 'false' } });
    choose(REPLACE, newFile);
    await click('Save');
    const [id, fields, file] = vi.mocked(updateDocument).mock.calls[0] ?? [];
    expect([id, fields, file]).toEqual([
      'd1',
      { title: 'Price list', description: 'Every price.', published: false },
      newFile,
    ]);
    expect(saveDocumentDraft).not.toHaveBeenCalled();
    expect(onSaved).toHaveBeenCalledWith('Document updated');
  });

  it('opens a document with a draft on the draft, and Publish draft saves it and makes it live', async () => {
    vi.mocked(fetchDocumentDraft).mockResolvedValueOnce(DRAFT);
    vi.mocked(saveDocumentDraft).mockResolvedValueOnce({ message: 'Draft saved.', draft: DRAFT });
    vi.mocked(publishDocumentDraft).mockResolvedValueOnce({ message: 'Draft published.', item: DOC });
    const onSaved = open({ ...DOC, draft: DRAFT });
    await waitFor(() => expect(field('Title').value).toBe('Price list 2027'));
    expect(fetchDocumentDraft).toHaveBeenCalledWith('d1');
    expect(field('Description').value).toBe('Every price of the year.');
    expect(screen.getByRole('note').textContent).toMatch(/You are editing the draft Ana Diaz saved on Dec 1, 2026/);
    // Publishing the draft publishes: no state to choose.
    expect(screen.queryByLabelText('Status')).toBeNull();
    type('Title', 'Prices 2027');
    await click('Publish draft');
    expect(saveDocumentDraft).toHaveBeenCalledWith('d1', {
      title: 'Prices 2027',
      description: 'Every price of the year.',
    });
    expect(publishDocumentDraft).toHaveBeenCalledWith('d1');
    expect(updateDocument).not.toHaveBeenCalled();
    expect(onSaved).toHaveBeenCalledWith('Draft published.');
  });

  it('discards the draft only once asked twice, whatever the form holds', async () => {
    vi.mocked(fetchDocumentDraft).mockResolvedValueOnce(DRAFT);
    vi.mocked(discardDocumentDraft).mockResolvedValueOnce({ message: 'Draft discarded.', item: DOC });
    const onSaved = open({ ...DOC, draft: DRAFT });
    await waitFor(() => expect(screen.getByRole('note')).toBeTruthy());
    // Nothing of the form is sent, so a field left empty does not stop the discard.
    type('Title', '');
    await click('Discard draft');
    expect(discardDocumentDraft).not.toHaveBeenCalled();
    await click('Keep it');
    await click('Discard draft');
    await click('Discard');
    expect(discardDocumentDraft).toHaveBeenCalledWith('d1');
    expect(onSaved).toHaveBeenCalledWith('Draft discarded.');
  });

  it('offers no draft, preview or history for a new document, and uploads it with its state', async () => {
    vi.mocked(createDocument).mockResolvedValueOnce(saved(DOC, 'Document uploaded'));
    open('new');
    for (const name of ['Save draft', 'Preview', 'History']) expect(screen.queryByRole('button', { name })).toBeNull();
    type('Title', 'Terms');
    choose('File', newFile);
    await click('Upload');
    const [file, fields] = vi.mocked(createDocument).mock.calls[0] ?? [];
    expect([file, fields]).toEqual([newFile, { title: 'Terms', description: '', published: false }]);
  });
});

describe('DocumentFormDialog and the history', () => {
  const historyTitle = 'History of "Price list"';

  beforeEach(() => {
    vi.mocked(fetchRevisions).mockResolvedValue(historyOf('Title'));
  });

  it('opens the document’s history beside the form, and closing it leaves the form as it was', async () => {
    open(DOC);
    type('Title', 'Unsaved title');
    await click('History');
    const heading = await screen.findByRole('heading', { name: historyTitle });
    expect(fetchRevisions).toHaveBeenCalledWith('/api/admin/documents/d1');
    expect(heading.closest('dialog')?.closest('form')).toBeNull();
    await screen.findByRole('heading', { name: 'Version 2' });
    await click('Close');
    expect(screen.queryByRole('heading', { name: historyTitle })).toBeNull();
    expect(field('Title').value).toBe('Unsaved title');
    expect(updateDocument).not.toHaveBeenCalled();
  });

  it('fills the form with the draft a restored version became, ready to publish', async () => {
    const restored: DocumentDraft = {
      savedAt: '2026-12-05T08:00:00.000Z',
      savedBy: 'Ed Editor',
      fields: { title: 'Prices', description: '' },
    };
    vi.mocked(fetchDocumentDraft).mockResolvedValueOnce(restored);
    const onSaved = open(DOC);
    await restoreVersionOne('/api/admin/documents/d1', restored);
    await waitFor(() => expect(field('Title').value).toBe('Prices'));
    expect(field('Description').value).toBe('');
    expect(screen.queryByRole('heading', { name: historyTitle })).toBeNull();
    expect(screen.getByRole('status').textContent).toBe(REVISION_RESTORED);
    expect(screen.getByRole('note').textContent).toMatch(/You are editing the draft Ed Editor saved on Dec 5, 2026/);
    expect(screen.getByRole('button', { name: 'Publish draft' })).toBeTruthy();
    expect(onSaved).not.toHaveBeenCalled();
  });
});
