/**
 * Restoring a backup into the running site (admin only), one function per endpoint; each step answers where the
 * restore stands (RestoreStatus). Checking, restoring and undoing read the whole archive on the server, which takes
 * minutes for a large site, so those calls get their own abort signal instead of the client's 15 s budget, as the
 * backup download does.
 */
import type { RestoreStatus } from '../../../shared/schemas/restore.ts';
import { api } from '../client.ts';
import { uploadFile, type UploadProgress } from '../upload.ts';
import { BackupDownloadError, type BackupProgress } from './backup.ts';

const RESTORE_PATH = '/api/admin/restore';

/** A signal that never fires: the call runs until the server answers. */
const untimed = () => new AbortController().signal;

/** GET /api/admin/restore: where the restore stands. */
export const fetchRestoreStatus = () => api<RestoreStatus>(RESTORE_PATH);

/**
 * PUT /api/admin/restore/archive: the archive as the whole body (it can be far larger than a form is read into
 * memory), its name in X-File-Name; answers the uploaded status.
 */
export const uploadRestoreArchive = (
  file: File,
  onProgress?: (progress: UploadProgress) => void,
  signal?: AbortSignal,
) =>
  uploadFile<RestoreStatus>(`${RESTORE_PATH}/archive`, file, {
    method: 'PUT',
    headers: { 'X-File-Name': encodeURIComponent(file.name) },
    ...(onProgress ? { onProgress } : {}),
    ...(signal ? { signal } : {}),
  });

/** POST /api/admin/restore/check { passphrase }: the dry run; answers the checked status with its plan. */
export const checkRestore = (passphrase: string, signal: AbortSignal = untimed()) =>
  api<RestoreStatus>(`${RESTORE_PATH}/check`, { method: 'POST', body: { passphrase }, signal });

/** POST /api/admin/restore { passphrase }: the site backed up, then restored; every session ends with it. */
export const restoreBackup = (passphrase: string, signal: AbortSignal = untimed()) =>
  api<RestoreStatus>(RESTORE_PATH, { method: 'POST', body: { passphrase }, signal });

/** POST /api/admin/restore/keep: the restored site kept, the backup of before removed. */
export const keepRestore = () => api<RestoreStatus>(`${RESTORE_PATH}/keep`, { method: 'POST', body: {} });

/** POST /api/admin/restore/undo { passphrase }: the site as it was before the restore; every session ends with it. */
export const undoRestore = (passphrase: string, signal: AbortSignal = untimed()) =>
  api<RestoreStatus>(`${RESTORE_PATH}/undo`, { method: 'POST', body: { passphrase }, signal });

/** DELETE /api/admin/restore: the uploaded archive removed. */
export const discardRestoreArchive = () => api<RestoreStatus>(RESTORE_PATH, { method: 'DELETE' });

const INTERRUPTED = 'The download was interrupted. Please try again.';

/** The server's { message } from an error answer's body, if it has one. */
async function messageOf(body: ReadableStream<Uint8Array> | undefined): Promise<string | undefined> {
  if (!body) return undefined;
  try {
    const parsed = JSON.parse(await new Response(body).text()) as { message?: unknown };
    return typeof parsed.message === 'string' && parsed.message ? parsed.message : undefined;
  } catch {
    return undefined;
  }
}

/**
 * GET /api/admin/restore/before: the backup of the site made just before the restore, through the client (the API
 * may be on another origin, where a plain link would carry no bearer token), with how much of it has arrived.
 * Throws BackupDownloadError.
 */
export async function downloadBeforeRestore(
  onProgress: (progress: BackupProgress) => void,
  signal: AbortSignal = untimed(),
): Promise<{ blob: Blob; fileName: string }> {
  let res;
  try {
    res = await api.raw<ReadableStream<Uint8Array>, 'stream'>(`${RESTORE_PATH}/before`, {
      headers: { Accept: 'application/octet-stream, application/json' },
      responseType: 'stream',
      // An error answer is read here, as JSON from the stream; ofetch would hand it over unparsed.
      ignoreResponseError: true,
      // A retry would start the whole file again.
      retry: false,
      signal,
    });
  } catch {
    throw new BackupDownloadError('The server could not be reached. Please try again.');
  }
  const body = res._data;
  if (!res.ok || !body) {
    throw new BackupDownloadError(
      (await messageOf(body)) ?? 'The backup could not be downloaded. Please try again.',
      res.status,
    );
  }
  const length = Number(res.headers.get('content-length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  const fileName =
    /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'site-before-restore.tar.gz.age';
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  onProgress({ received, total });
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value as Uint8Array<ArrayBuffer>);
      received += value.byteLength;
      onProgress({ received, total });
    }
  } catch {
    throw new BackupDownloadError(INTERRUPTED);
  }
  if (total !== null && received !== total) throw new BackupDownloadError(INTERRUPTED);
  return { blob: new Blob(chunks, { type: 'application/octet-stream' }), fileName };
}
