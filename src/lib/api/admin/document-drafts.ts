/**
 * A document's draft calls, one function per endpoint (JSON: a draft holds the document's words; its file is replaced
 * at once by the document's own PUT, replaceDocumentFile in documents.ts).
 */
import type { AdminDocument, DocumentDraft, DocumentDraftFields } from '../../../shared/documents.ts';
import { adminDocumentPath } from './documents.ts';
import { createPreviewLink, discardDraft, fetchDraft, publishDraft, saveDraft } from './drafts.ts';

/** GET /api/admin/documents/{id}/draft: the document's draft (404 when it has none). */
export const fetchDocumentDraft = (id: string) => fetchDraft<DocumentDraft>(adminDocumentPath(id));

/** PUT /api/admin/documents/{id}/draft (JSON: title, description): the form saved as the document's draft. */
export const saveDocumentDraft = (id: string, fields: DocumentDraftFields) =>
  saveDraft<DocumentDraft>(adminDocumentPath(id), fields);

/** DELETE /api/admin/documents/{id}/draft. */
export const discardDocumentDraft = (id: string) => discardDraft<AdminDocument>(adminDocumentPath(id));

/** POST /api/admin/documents/{id}/draft/publish: the draft becomes the live document, published. */
export const publishDocumentDraft = (id: string) => publishDraft<AdminDocument>(adminDocumentPath(id));

/** POST /api/admin/documents/{id}/preview-link: a link showing the document as it will be listed, until it expires. */
export const documentPreviewLink = (id: string) => createPreviewLink(adminDocumentPath(id));
