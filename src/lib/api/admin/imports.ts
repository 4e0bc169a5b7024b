/**
 * Moving a WordPress blog or a Shopify catalogue in (admin only), one function per endpoint. The export and the
 * pictures' archive go as the whole body (a .zip of pictures can be far larger than a form is read into memory), their
 * name in X-File-Name, through uploadFile for the progress. The server makes the dry run while it answers an upload,
 * so those calls have no time budget; starting and discarding move or delete those files, so they get none either.
 */
import type { ImportJob, ImportJobSummary, ImportKind } from '../../../shared/schemas/imports.ts';
import type { ListResponse } from '../../../shared/types.ts';
import { api } from '../client.ts';
import { uploadFile, type UploadProgress } from '../upload.ts';

const IMPORTS_PATH = '/api/admin/imports';
const jobPath = (id: string) => `${IMPORTS_PATH}/${encodeURIComponent(id)}`;

/** A signal that never fires: the call runs until the server answers. */
const untimed = () => new AbortController().signal;

/** What a step answers: the job as it stands now, and a sentence about it. */
export interface ImportAnswer {
  job: ImportJob;
  message: string;
}

/** The file as the whole body, with its name, its progress and a way to cancel it. */
const sendFile = (
  path: string,
  method: 'POST' | 'PUT',
  file: File,
  onProgress?: (progress: UploadProgress) => void,
  signal?: AbortSignal,
) =>
  uploadFile<ImportAnswer>(path, file, {
    method,
    headers: { 'X-File-Name': encodeURIComponent(file.name) },
    ...(onProgress ? { onProgress } : {}),
    ...(signal ? { signal } : {}),
  });

/** GET /api/admin/imports: every import, newest first. */
export const fetchImports = async (): Promise<ImportJobSummary[]> =>
  (await api<ListResponse<ImportJobSummary>>(IMPORTS_PATH)).results;

/** GET /api/admin/imports/{id}: one import with its plan, how far it is, and its report once there is one. */
export const fetchImport = async (id: string): Promise<ImportJob> => (await api<{ job: ImportJob }>(jobPath(id))).job;

/** POST /api/admin/imports?kind=…: the export file; answers the planned job with the dry run's plan. */
export const uploadImport = (
  kind: ImportKind,
  file: File,
  onProgress?: (progress: UploadProgress) => void,
  signal?: AbortSignal,
) => sendFile(`${IMPORTS_PATH}?kind=${encodeURIComponent(kind)}`, 'POST', file, onProgress, signal);

/** PUT /api/admin/imports/{id}/media: the pictures' .zip for a planned import; answers the job planned again. */
export const uploadImportMedia = (
  id: string,
  file: File,
  onProgress?: (progress: UploadProgress) => void,
  signal?: AbortSignal,
) => sendFile(`${jobPath(id)}/media`, 'PUT', file, onProgress, signal);

/** POST /api/admin/imports/{id}/start: a planned import handed to the server's runner; answers it queued. */
export const startImport = (id: string, signal: AbortSignal = untimed()) =>
  api<ImportAnswer>(`${jobPath(id)}/start`, { method: 'POST', body: {}, signal });

/** DELETE /api/admin/imports/{id}: a planned import and its files dropped. */
export const discardImport = (id: string, signal: AbortSignal = untimed()) =>
  api<{ message: string }>(jobPath(id), { method: 'DELETE', signal });
