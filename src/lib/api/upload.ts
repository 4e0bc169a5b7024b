/**
 * File uploads with progress, for the admin screens: XMLHttpRequest, because fetch (and so ofetch) cannot report
 * upload progress. Same base URL, cookies and bearer token as the client; failures are the client's ApiError.
 */
import { ApiError, currentToken, notifyApiWrite } from './client.ts';
import { apiBase } from './base.ts';

/** One file and the form fields sent with it. */
export interface UploadBody {
  file: Blob;
  /** The form field of the file; 'file' unless the endpoint says otherwise. */
  field?: string;
  fields?: Record<string, string>;
}

export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0 to 100, whole numbers; 100 only once everything is sent. */
  percent: number;
}

export interface UploadOptions {
  method?: 'POST' | 'PUT' | 'PATCH';
  onProgress?: (progress: UploadProgress) => void;
  /** Aborting rejects with an ApiError whose `cause` is the signal's reason. No timeout otherwise: large files take long. */
  signal?: AbortSignal;
}

function toForm({ file, field = 'file', fields = {} }: UploadBody): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append(field, file);
  return form;
}

function parse(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The shape ofetch gives its errors, so errorMessage() and `status` read both alike. */
function uploadError(method: string, url: string, xhr: XMLHttpRequest, cause?: unknown): ApiError {
  const answered = xhr.status > 0;
  const what = answered
    ? `${xhr.status} ${xhr.statusText}`
    : `<no response>${cause instanceof Error ? ` ${cause.message}` : ''}`;
  const error = new ApiError(
    `[${method}] ${JSON.stringify(url)}: ${what}`,
    cause === undefined ? undefined : { cause },
  );
  if (answered) {
    const data = parse(xhr.responseText);
    Object.assign(error, {
      status: xhr.status,
      statusCode: xhr.status,
      statusText: xhr.statusText,
      statusMessage: xhr.statusText,
    });
    if (data !== undefined) error.data = data;
  }
  return error;
}

/** Sends a FormData (or one file with fields) and resolves to the parsed JSON answer; rejects with an ApiError. */
export function uploadFile<T = unknown>(
  path: string,
  body: FormData | UploadBody,
  options: UploadOptions = {},
): Promise<T> {
  const { method = 'POST', onProgress, signal } = options;
  const url = `${apiBase().replace(/\/+$/, '')}${path}`;
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new ApiError(`[${method}] ${JSON.stringify(url)}: <no response> aborted`, { cause: signal.reason }));
      return;
    }
    const xhr = new XMLHttpRequest();
    const abort = () => xhr.abort();
    xhr.open(method, url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    const token = currentToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    if (onProgress) {
      xhr.upload.addEventListener('progress', (event) => {
        if (event.lengthComputable && event.total > 0) {
          onProgress({
            loaded: event.loaded,
            total: event.total,
            percent: Math.floor((event.loaded / event.total) * 100),
          });
        }
      });
    }
    xhr.addEventListener('load', () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        const answer = parse(xhr.responseText);
        notifyApiWrite(path, answer);
        resolve(answer as T);
      } else reject(uploadError(method, url, xhr));
    });
    xhr.addEventListener('error', () => reject(uploadError(method, url, xhr, new TypeError('Network error'))));
    xhr.addEventListener('abort', () => reject(uploadError(method, url, xhr, signal?.reason)));
    xhr.addEventListener('loadend', () => signal?.removeEventListener('abort', abort));
    signal?.addEventListener('abort', abort, { once: true });
    xhr.send(body instanceof FormData ? body : toForm(body));
  });
}
