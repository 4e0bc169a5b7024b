/**
 * File uploads with progress, for the admin screens: XMLHttpRequest, because fetch (and so ofetch) cannot report
 * upload progress. Same base URL, cookies and bearer token as the client; failures are the client's ApiError.
 * The body is a form (multipart), or one file sent as it is (application/octet-stream) to a route that reads the whole
 * body as the file.
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
  /** Sent besides Accept, Content-Type and the bearer token (a file body's name, say); a same-named one replaces theirs. */
  headers?: Record<string, string>;
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

/** The request's headers by lower-case name: Accept, a raw file's Content-Type and the token, then the caller's. */
function requestHeaders(raw: boolean, extra: Record<string, string>): Map<string, [string, string]> {
  const headers = new Map<string, [string, string]>();
  const put = (name: string, value: string) => headers.set(name.toLowerCase(), [name, value]);
  put('Accept', 'application/json');
  // A form's Content-Type is left to the browser: it carries the multipart boundary.
  if (raw) put('Content-Type', 'application/octet-stream');
  const token = currentToken();
  if (token) put('Authorization', `Bearer ${token}`);
  for (const [name, value] of Object.entries(extra)) put(name, value);
  return headers;
}

/**
 * Sends a FormData, one file with fields (multipart), or a Blob as the whole body, and resolves to the parsed JSON
 * answer; rejects with an ApiError.
 */
export function uploadFile<T = unknown>(
  path: string,
  body: FormData | UploadBody | Blob,
  options: UploadOptions = {},
): Promise<T> {
  const { method = 'POST', onProgress, signal, headers = {} } = options;
  const raw = body instanceof Blob;
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
    // One call per header: setRequestHeader adds a second value to a name already set instead of replacing it.
    for (const [name, value] of requestHeaders(raw, headers).values()) xhr.setRequestHeader(name, value);
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
    xhr.send(body instanceof Blob || body instanceof FormData ? body : toForm(body));
  });
}
