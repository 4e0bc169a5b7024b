/**
 * One delivery attempt over the wire: a POST with node:http(s), not fetch, because the socket's address must be
 * checked as it is connected to (webhook-url.ts publicOnlyLookup), and fetch offers no hook for that. No redirect is
 * followed (a 3xx is an answer like any other), a fresh connection each time (no pooled socket outlives a change of
 * WEBHOOKS_ALLOW_PRIVATE), and the whole exchange has WEBHOOK_TIMEOUT_MS. Errors are sentences for the delivery log,
 * without the URL (its path may hold a token).
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { WEBHOOK_RESPONSE_MAX_BYTES, WEBHOOK_TIMEOUT_MS } from './webhook-retry.ts';
import { DestinationRefused, literalAddressRefused, publicOnlyLookup } from './webhook-url.ts';

export interface WebhookAnswer {
  status: number;
  /** The start of the body (WEBHOOK_RESPONSE_MAX_BYTES at most), as text. */
  body: string;
}

export interface PostOptions {
  allowPrivate: boolean;
  timeoutMs?: number;
}

/** Why an attempt got no answer, in words. */
export class WebhookSendError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSendError';
  }
}

const CODES: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'The connection was refused',
  ECONNRESET: 'The connection was closed before an answer came',
  ENOTFOUND: 'The host name could not be found',
  EAI_AGAIN: 'The host name could not be looked up',
  EHOSTUNREACH: 'The host cannot be reached',
  ENETUNREACH: 'The network cannot be reached',
  ETIMEDOUT: 'The connection timed out',
  EPROTO: 'The TLS handshake failed',
};

function describe(error: unknown, timeoutMs: number): WebhookSendError {
  if (error instanceof DestinationRefused) return new WebhookSendError(error.message);
  const { name, code } = error as { name?: unknown; code?: unknown };
  if (name === 'AbortError' || name === 'TimeoutError' || code === 'ABORT_ERR')
    return new WebhookSendError(`No answer within ${timeoutMs / 1000} s`);
  if (typeof code === 'string') {
    const known = Object.hasOwn(CODES, code) ? CODES[code] : undefined;
    if (known) return new WebhookSendError(`${known} (${code})`);
    if (/CERT|SSL|TLS/.test(code)) return new WebhookSendError(`The TLS certificate was refused (${code})`);
    return new WebhookSendError(`The request failed (${code})`);
  }
  return new WebhookSendError('The request failed');
}

/** The answer's status and the start of its body; stops reading (and closes) at the byte limit. */
function readAnswer(res: IncomingMessage): Promise<WebhookAnswer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const done = () => {
      if (settled) return;
      settled = true;
      const bytes = Buffer.concat(chunks).subarray(0, WEBHOOK_RESPONSE_MAX_BYTES);
      resolve({ status: res.statusCode ?? 0, body: bytes.toString('utf8') });
    };
    res.on('data', (chunk: Buffer) => {
      if (size < WEBHOOK_RESPONSE_MAX_BYTES) {
        chunks.push(chunk);
        size += chunk.length;
      }
      if (size >= WEBHOOK_RESPONSE_MAX_BYTES) {
        done();
        res.destroy();
      }
    });
    // The status is what counts: a body cut off (timeout, reset) still leaves the answer.
    res.on('end', done);
    res.on('close', done);
    res.on('error', done);
  });
}

/** POSTs `body` to `url`; resolves with any answer (2xx or not), rejects with WebhookSendError when none came. */
export function postWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  { allowPrivate, timeoutMs = WEBHOOK_TIMEOUT_MS }: PostOptions,
): Promise<WebhookAnswer> {
  const target = new URL(url);
  if (!allowPrivate && literalAddressRefused(target)) return Promise.reject(describe(new DestinationRefused(), 0));
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const request = send(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)), 'user-agent': 'SiteWebhooks/1' },
        agent: false,
        signal: AbortSignal.timeout(timeoutMs),
        ...(allowPrivate ? {} : { lookup: publicOnlyLookup }),
      },
      (res) => void readAnswer(res).then(resolve),
    );
    request.on('error', (error) => reject(describe(error, timeoutMs)));
    request.end(body);
  });
}
