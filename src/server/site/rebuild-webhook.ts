/**
 * The rebuild as a CDN build hook (REBUILD_WEBHOOK_URL): one POST of `{ reason, requestedAt }`, retried with
 * exponential backoff while the hook is down or busy. Build hook URLs carry their secret in the path, so no error
 * message (shown to admins, logged) ever contains the URL.
 */
import { abortReason } from '../abort-reason.ts';
import type { RebuildRun } from './rebuild-scheduler.ts';

/** Per attempt: a hook that accepts the request answers at once; the build itself runs on the CDN. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** Waits before the 2nd, 3rd and 4th attempts: 1 s, 2 s, 4 s (4 attempts in all, about 7 s plus timeouts). */
export const WEBHOOK_BACKOFF_MS: readonly number[] = [1, 2, 3].map((retry) => backoffDelay(retry));

/** The wait before retry number `retry` (from 1): `baseMs` doubled each time. */
export function backoffDelay(retry: number, baseMs = 1000): number {
  return baseMs * 2 ** (retry - 1);
}

/** Whether an answer is worth another try: the hook is down or busy (5xx, 408, 429); other 4xx will not change. */
export function isRetryableStatus(status: number): boolean {
  return status >= 500 || status === 408 || status === 429;
}

export class WebhookError extends Error {
  readonly retryable: boolean;
  constructor(message: string, retryable: boolean) {
    super(message);
    this.name = 'WebhookError';
    this.retryable = retryable;
  }
}

export interface WebhookRunOptions {
  url: string;
  timeoutMs?: number;
  /** One wait per retry; its length is the number of retries. */
  backoffMs?: readonly number[];
  now?: () => number;
}

function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((done, fail) => {
    if (signal.aborted) {
      fail(abortReason(signal));
      return;
    }
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', stop);
      done();
    }, ms);
    function stop() {
      clearTimeout(timer);
      fail(abortReason(signal));
    }
    signal.addEventListener('abort', stop, { once: true });
  });
}

async function postOnce(url: string, body: string, timeoutMs: number, signal: AbortSignal): Promise<void> {
  const timeout = AbortSignal.timeout(timeoutMs);
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      // A POST redirected would turn into a GET elsewhere; a hook that redirects is misconfigured.
      redirect: 'manual',
      signal: AbortSignal.any([signal, timeout]),
    });
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    if (timeout.aborted) throw new WebhookError(`the build hook did not answer within ${timeoutMs / 1000} s`, true);
    // undici's message is "fetch failed"; the cause's code (ECONNREFUSED, ENOTFOUND...) says why, without the URL.
    const code = (error as { cause?: { code?: unknown } }).cause?.code;
    throw new WebhookError(`the build hook could not be reached${typeof code === 'string' ? ` (${code})` : ''}`, true);
  }
  // The answer's body is not needed; dropping it frees the connection.
  await response.body?.cancel().catch(() => undefined);
  if (response.ok) return;
  throw new WebhookError(`the build hook answered ${response.status}`, isRetryableStatus(response.status));
}

/** A RebuildRun that POSTs to the build hook, retrying per WEBHOOK_BACKOFF_MS; rejects with the last failure. */
export function createWebhookRun({
  url,
  timeoutMs = WEBHOOK_TIMEOUT_MS,
  backoffMs = WEBHOOK_BACKOFF_MS,
  now = Date.now,
}: WebhookRunOptions): RebuildRun {
  return async (reason, signal) => {
    const body = JSON.stringify({ reason, requestedAt: new Date(now()).toISOString() });
    for (let attempt = 0; ; attempt++) {
      try {
        await postOnce(url, body, timeoutMs, signal);
        return;
      } catch (error) {
        const wait = backoffMs[attempt];
        if (!(error instanceof WebhookError) || !error.retryable || wait === undefined) throw error;
        await abortableSleep(wait, signal);
      }
    }
  };
}
