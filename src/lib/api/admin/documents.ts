/** The document admin calls, one function per endpoint; uploads report their progress (its drafts: document-drafts.ts). */
import type { AdminDocument } from '../../../shared/documents.ts';
import type { ListResponse } from '../../../shared/types.ts';
import { api } from '../client.ts';
import { uploadFile, type UploadProgress } from '../upload.ts';

/** What a create or update answers. */
export interface DocumentSaved {
  message: string;
  document: AdminDocument;
}

/** The form's text fields as multipart sends them. */
export interface DocumentFields {
  title: string;
  description: string;
  published: boolean;
}

/** An edit's text fields: its state only when the form chooses it (a draft's form does not). */
export type DocumentEdit = Omit<DocumentFields, 'published'> & { published?: boolean };

type Progress = ((progress: UploadProgress) => void) | undefined;
/** A document's admin API path, which its draft and history calls hang from. */
export const adminDocumentPath = (id: string) => `/api/admin/documents/${encodeURIComponent(id)}`;
const item = adminDocumentPath;
const textFields = (f: DocumentEdit) => ({
  title: f.title,
  description: f.description,
  ...(f.published === undefined ? {} : { published: String(f.published) }),
});

/** GET /api/admin/documents: every document, drafts too, newest first. */
export const fetchAdminDocuments = async (): Promise<AdminDocument[]> =>
  (await api<ListResponse<AdminDocument>>('/api/admin/documents')).results;

/** POST /api/admin/documents (multipart: file, title, description, published). */
export const createDocument = (file: File, fields: DocumentFields, onProgress?: Progress) =>
  uploadFile<DocumentSaved>(
    '/api/admin/documents',
    { file, fields: textFields(fields) },
    { method: 'POST', ...(onProgress ? { onProgress } : {}) },
  );

/** PUT /api/admin/documents/{id}: the fields, with a new file (multipart) or without one (JSON). */
export function updateDocument(
  id: string,
  fields: DocumentEdit,
  file?: File,
  onProgress?: Progress,
): Promise<DocumentSaved> {
  if (file)
    return uploadFile<DocumentSaved>(
      item(id),
      { file, fields: textFields(fields) },
      { method: 'PUT', ...(onProgress ? { onProgress } : {}) },
    );
  return api<DocumentSaved>(item(id), { method: 'PUT', body: fields });
}

/** PUT /api/admin/documents/{id} (multipart: the file alone): a new file for the document at once, with progress. */
export const replaceDocumentFile = (id: string, file: File, onProgress?: Progress) =>
  uploadFile<DocumentSaved>(item(id), { file }, { method: 'PUT', ...(onProgress ? { onProgress } : {}) });

/** PATCH /api/admin/documents/{id}: publish or unpublish. */
export const setDocumentPublished = (id: string, published: boolean) =>
  api<DocumentSaved>(item(id), { method: 'PATCH', body: { published } });

/** DELETE /api/admin/documents/{id}. */
export const deleteDocument = (id: string) => api<{ message: string }>(item(id), { method: 'DELETE' });
