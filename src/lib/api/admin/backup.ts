/**
 * GET /api/admin/backup: the archive as a stream through the one API client, so the screen can show
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
  constructor(message: string, status?: number) {
    super(message);
    this.name = 'BackupDownloadError';
    this.status = status;
  }
}

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

/** The archive and its file name; `onProgress` as bytes arrive. Throws BackupDownloadError. */
export async function downloadBackup(
  onProgress: (progress: BackupProgress) => void,
  signal: AbortSignal = new AbortController().signal,
): Promise<{ blob: Blob; fileName: string }> {
  let res;
  try {
    res = await api.raw<ReadableStream<Uint8Array>, 'stream'>('/api/admin/backup', {
      headers: { Accept: 'application/gzip, application/json' },
      responseType: 'stream',
      // An error answer is read here, as JSON from the stream; ofetch would hand it over unparsed.
      ignoreResponseError: true,
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
  const fileName = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'site-backup.tar.gz';
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
  return { blob: new Blob(chunks, { type: 'application/gzip' }), fileName };
}
