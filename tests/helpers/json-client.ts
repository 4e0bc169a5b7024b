/**
 * One JSON client for the API tests: a method, a path, an optional bearer token and body (an object is sent as JSON,
 * FormData as multipart, a string as JSON text as it is), answered with the status, the headers and the parsed body.
 * It talks to the app in-process (`app.request`) or to a listening server (`fetchFrom(url)`), so a test reads the same
 * either way.
 */

/** An answer's JSON body as the API writes it: an object, with `message` and `field` on a refusal. */
export type ApiBody = Record<string, unknown> & { message?: string; field?: string };

export interface Answer<B = ApiBody> {
  status: number;
  headers: Headers;
  /** The parsed JSON body; null when the answer is empty or not JSON. */
  body: B;
}

export interface CallOptions {
  /** A bearer token; `null` sends none even when the client has a default one. */
  token?: string | null | undefined;
  /** An object sent as JSON, FormData as multipart, a string as JSON text as it is (malformed JSON included). */
  body?: FormData | object | string | undefined;
  headers?: Record<string, string> | undefined;
}

/** Anything that answers a path and RequestInit: `app.request`, or `fetchFrom(url)`. */
export type Requester = (path: string, init: RequestInit) => Response | Promise<Response>;

export type Call = <B = ApiBody>(method: string, path: string, options?: CallOptions) => Promise<Answer<B>>;

/** A requester that sends each call to the server listening at `base` (`http://127.0.0.1:PORT`). */
export const fetchFrom =
  (base: string): Requester =>
  (path, init) =>
    fetch(`${base}${path}`, init);

/** The request init for one call: JSON or multipart body, bearer token, extra headers. */
export function requestInit(method: string, options: CallOptions = {}): RequestInit {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers['authorization'] = `Bearer ${options.token}`;
  const { body } = options;
  if (body === undefined) return { method, headers };
  if (body instanceof FormData) return { method, headers, body };
  headers['content-type'] ??= 'application/json';
  return { method, headers, body: typeof body === 'string' ? body : JSON.stringify(body) };
}

/** Reads an answer's body as JSON, or null when it is empty or not JSON. */
export async function readBody<B = ApiBody>(res: Response): Promise<B> {
  const text = await res.text();
  try {
    return (text ? JSON.parse(text) : null) as B;
  } catch {
    return null as B;
  }
}

/**
 * A `call(method, path, { token, body, headers })` over `request`. `defaultToken` (a token, or a function read at each
 * call) signs every call that names no token of its own.
 */
export function jsonClient(request: Requester, defaultToken?: string | (() => string | undefined)): Call {
  return async <B = ApiBody>(method: string, path: string, options: CallOptions = {}): Promise<Answer<B>> => {
    const fallback = typeof defaultToken === 'function' ? defaultToken() : defaultToken;
    const token = options.token === undefined ? fallback : options.token;
    const res = await request(path, requestInit(method, { ...options, token }));
    return { status: res.status, headers: res.headers, body: await readBody<B>(res) };
  };
}
