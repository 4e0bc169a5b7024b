/** Documents a company publishes: what GET /api/documents answers, what the admin sees, and their labels. */
import type { DraftInfo } from './drafts.ts';

/** A published document as GET /api/documents lists it; `url` is the API path of its download. */
export interface PublicDocument {
  id: string;
  title: string;
  description: string;
  download_name: string;
  content_type: string;
  bytes: number;
  created_at: string;
  url: string;
}

/** A document as GET /api/admin/documents lists it, drafts included. */
export interface AdminDocument extends PublicDocument {
  published: boolean;
  updated_at: string | null;
  /** Who saved its draft (unpublished changes) and when; null without one. */
  draft: DraftInfo | null;
}

/** A document's fields as its draft and its versions hold them (its file is replaced at once, apart). */
export interface DocumentDraftFields {
  title: string;
  description: string;
}

/** GET|PUT /api/admin/documents/{id}/draft. */
export interface DocumentDraft extends DraftInfo {
  fields: DocumentDraftFields;
}

/** The refusal of a file sent with a draft: a draft holds the words, the file is changed at once. */
export const DOCUMENT_DRAFT_FILE = "A document's file is replaced by saving the document itself, not its draft.";

/** The line under the Documents page's heading (the page and the preview of a document). */
export const DOCUMENTS_INTRO = 'Brochures, price lists, terms and other files to download.';

/** The API path that serves a published document as an attachment. */
export const documentDownloadPath = (id: string) => `/api/documents/${encodeURIComponent(id)}/download`;

const LABELS: Record<string, string> = {
  'application/pdf': 'PDF',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'Excel',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'PowerPoint',
  'application/vnd.oasis.opendocument.text': 'ODT',
  'application/vnd.oasis.opendocument.spreadsheet': 'ODS',
  'application/zip': 'ZIP',
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
  'text/plain': 'Text',
  'text/csv': 'CSV',
};

/** The short type label the lists show ('PDF', 'Word', 'CSV'); an unknown type's subtype in capitals. */
export function documentTypeLabel(contentType: string): string {
  return LABELS[contentType] ?? (contentType.split('/')[1] ?? contentType).toUpperCase();
}

/** A size as the lists show it: '850 KB', '1.4 MB' (1024-based; under 1 KB reads '1 KB' so nothing shows as 0). */
export function formatFileSize(bytes: number): string {
  const kb = bytes / 1024;
  if (kb < 1024) return `${Math.max(1, Math.round(kb))} KB`;
  const mb = kb / 1024;
  return `${mb < 10 ? mb.toFixed(1) : Math.round(mb)} MB`;
}

/** What the file pickers accept: the allowed extensions (the server checks the content anyway). */
export const DOCUMENT_ACCEPT = '.pdf,.docx,.xlsx,.pptx,.odt,.ods,.zip,.png,.jpg,.jpeg,.txt,.csv';
