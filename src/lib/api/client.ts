/**
 * The one API client (ofetch), for build time and the browser alike: API base, cookies, the bearer token, JSON in
 * and out, a 15 s budget per call, one retry for reads, and errors (`FetchError`) that carry `status` and the
 * server's { message } as `data`.
 */
import { FetchError, ofetch } from 'ofetch';
import { readStorage } from '../browser/storage.ts';
import { $token, parseToken, TOKEN_KEY } from '../stores/session.ts';
import { apiBase } from './base.ts';

/** A non-2xx answer or a failed request: `status` (undefined without an answer) and the parsed body as `data`. */
export { FetchError as ApiError };

/** Told the path of each write (not GET or HEAD) the server accepted, and its parsed answer; see onApiWrite. */
export type ApiWriteListener = (path: string, answer: unknown) => void;
const writeListeners = new Set<ApiWriteListener>();

/**
 * Calls `listener` after each successful write through `api` or `uploadFile` (the one place admin saves go through,
 * so the publish state can follow them); returns the unsubscribe. Nothing listens at build time.
 */
export function onApiWrite(listener: ApiWriteListener): () => void {
  writeListeners.add(listener);
  return () => writeListeners.delete(listener);
}

/** Tells the write listeners about an accepted write to `url` (a path or a whole URL): its path and its answer. */
export function notifyApiWrite(url: string, answer: unknown): void {
  if (writeListeners.size === 0) return;
  const path = new URL(url, 'http://api.invalid').pathname;
  for (const listener of writeListeners) listener(path, answer);
}

const isWrite = (method: string | undefined) => !!method && method !== 'GET' && method !== 'HEAD';

/** What a call may take in all, its retry included. */
const TIMEOUT_MS = 15_000;

/** The session token; in the browser storage stands in until the layout script has loaded the store; none at build time. */
export function currentToken(): string | null {
  return $token.get() ?? (import.meta.env.SSR ? null : parseToken(readStorage(TOKEN_KEY)));
}

/**
 * `api<T>(path, { method, body, query, timeout })` resolves to the parsed JSON; `api.raw` also gives the headers.
 * Retries: GET and HEAD once, 500 ms later, after a network error, 408, 500, 502, 503 or 504; never after a timeout
 * or an abort, never a 429 (it would only add to the load), never POST, PUT, PATCH or DELETE (they may have taken effect).
 * Callers pass no hooks of their own: ofetch would use them instead of these, not beside them.
 */
export const api = ofetch.create({
  credentials: 'include',
  headers: { Accept: 'application/json' },
  retryDelay: 500,
  // ofetch reports a request that got no answer as 500, so 500 must stay listed for network errors to be retried.
  retryStatusCodes: [408, 500, 502, 503, 504],
  onRequest({ options }) {
    // Read per call, not once when the module loads, like the environment it comes from.
    options.baseURL = apiBase();
    const token = currentToken();
    if (token) options.headers.set('Authorization', `Bearer ${token}`);
    // ofetch already retries writes 0 times by default; this also overrules a `retry` a caller passes.
    if (isWrite(options.method)) options.retry = false;
    // One signal for the call and its retry. ofetch's own `timeout` arms a timer per attempt but hands the first
    // attempt's signal to the retry (unjs/ofetch#621), which then has no timeout or is aborted at once.
    // A caller's own signal replaces the budget.
    options.signal ??= AbortSignal.timeout(options.timeout ?? TIMEOUT_MS);
  },
  onRequestError({ options }) {
    // Timed out or aborted: the budget is spent, a retry would fail at once.
    if (options.signal?.aborted) options.retry = false;
  },
  onResponse({ request, options, response }) {
    if (response.ok && isWrite(options.method))
      notifyApiWrite(typeof request === 'string' ? request : request.url, response._data);
  },
});
