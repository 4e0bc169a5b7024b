/**
 * POST /api/admin/backup { passphrase }: the encrypted archive as a stream through the one API client, so the screen can show
 * how much of the Content-Length has arrived. The call gets its own abort signal instead of the client's 15 s budget:
 * the server makes the whole archive before the first byte, which takes a while on a site with many pictures.
 */
import { api } from '../client.ts';

export interface BackupProgress {
  received: number;
  /** The archive's size once the server has made it and starts sending; null before. */
  total: number | null;
}

/** A failed download, with a sentence to show. */
export class BackupDownloadError extends Error {
  readonly status: number | undefined;
  /** The refused field of a 400 (the passphrase). */
  readonly field: string | undefined;
  constructor(message: string, status?: number, field?: string) {
    super(message);
    this.name = 'BackupDownloadError';
    this.status = status;
    this.field = field;
  }
}

const INTERRUPTED = 'The download was interrupted. Please try again.';

/** The server's { message, field } from an error answer's body, if it has one. */
async function refusalOf(
  body: ReadableStream<Uint8Array> | undefined,
): Promise<{ message?: string | undefined; field?: string | undefined }> {
  if (!body) return {};
  try {
    const parsed = JSON.parse(await new Response(body).text()) as { message?: unknown; field?: unknown };
    return {
      message: typeof parsed.message === 'string' && parsed.message ? parsed.message : undefined,
      field: typeof parsed.field === 'string' ? parsed.field : undefined,
    };
  } catch {
    return {};
  }
}

/** The archive encrypted with `passphrase` and its file name; `onProgress` as bytes arrive. Throws BackupDownloadError. */
export const downloadBackup = (
  passphrase: string,
  onProgress: (progress: BackupProgress) => void,
  signal: AbortSignal = new AbortController().signal,
) =>
  downloadArchive(
    '/api/admin/backup',
    { method: 'POST', body: { passphrase } },
    'site-backup.tar.gz.age',
    'The backup could not be downloaded. Please try again.',
    onProgress,
    signal,
  );

/**
 * An archive the server sends as an attachment (a backup, or the backup of the site before a restore) and its file
 * name, read through the one API client so the screen can show how much of the Content-Length has arrived. Throws
 * BackupDownloadError with the server's refusal or `failure`.
 */
export async function downloadArchive(
  path: string,
  request: { method: 'GET' | 'POST'; body?: Record<string, unknown> },
  fallbackName: string,
  failure: string,
  onProgress: (progress: BackupProgress) => void,
  signal: AbortSignal,
): Promise<{ blob: Blob; fileName: string }> {
  let res;
  try {
    res = await api.raw<ReadableStream<Uint8Array>, 'stream'>(path, {
      ...request,
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
    const { message, field } = await refusalOf(body);
    throw new BackupDownloadError(message ?? failure, res.status, field);
  }
  const length = Number(res.headers.get('content-length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  const fileName = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
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
