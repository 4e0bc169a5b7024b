/**
 * Restoring a backup into the running site (admin only), one function per endpoint; each step answers where the
 * restore stands (RestoreStatus). Checking, restoring and undoing read the whole archive on the server, which takes
 * minutes for a large site, so those calls get their own abort signal instead of the client's 15 s budget, as the
 * backup download does.
 */
import type { RestoreStatus } from '../../../shared/schemas/restore.ts';
import { api } from '../client.ts';
import { uploadFile, type UploadProgress } from '../upload.ts';
import { downloadArchive, type BackupProgress } from './backup.ts';

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

/**
 * GET /api/admin/restore/before: the backup of the site made just before the restore, through the client (the API
 * may be on another origin, where a plain link would carry no bearer token), with how much of it has arrived.
 * Throws BackupDownloadError.
 */
export const downloadBeforeRestore = (
  onProgress: (progress: BackupProgress) => void,
  signal: AbortSignal = untimed(),
) =>
  downloadArchive(
    `${RESTORE_PATH}/before`,
    { method: 'GET' },
    'site-before-restore.tar.gz.age',
    'The backup of before could not be downloaded. Please try again.',
    onProgress,
    signal,
  );
