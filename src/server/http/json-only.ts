/**
 * Writes send their body as application/json: a cross-site form or `no-cors` fetch can only send
 * text/plain, form or multipart bodies, so refusing those keeps other sites' pages from posting to the API with their
 * visitors' browsers; a JSON body needs a CORS preflight, which only SITE_URL may pass (R56).
 */
import type { Context, MiddlewareHandler } from 'hono';
import { ApiError, badRequest } from './errors.ts';
import { isOneClickUnsubscribe, SAFE_METHODS } from './same-origin.ts';
import { mediaType } from './media-type.ts';
import { controlText, illFormedField, illFormedText, nulField } from './well-formed-text.ts';

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * A JSON body must be UTF-8 (RFC 8259) holding well-formed text without NUL: a handler would read bad bytes as
 * U+FFFD, JSON.parse turns "\ud800" into a lone surrogate, and PostgreSQL cannot take "\u0000" (well-formed-text.ts).
 * The bytes stay in Hono's body cache for the handler to parse.
 */
async function checkJsonBody(c: Context): Promise<void> {
  const bytes = await c.req.arrayBuffer();
  // Nothing to check; a handler that wants a body says so.
  if (bytes.byteLength === 0) return;
  let text: string;
  try {
    text = UTF8.decode(bytes);
  } catch {
    throw badRequest('Request body must be UTF-8 text');
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest('Request body must be JSON');
  }
  const field = illFormedField(value);
  if (field !== null) throw illFormedText(field);
  const nul = nulField(value);
  if (nul !== null) throw controlText(nul);
}

/**
 * Refuses with 415 a write whose body is not `application/json` (a write with no body at all passes: sign-out), and
 * with 400 a JSON body that is not well-formed UTF-8 text. `multipart` lists the path prefixes of upload routes
 * (or tells whether a request is one), which take `multipart/form-data` instead; they still pass the same-origin check (R44).
 */
export function jsonOnly(
  options: {
    multipart?: readonly string[] | ((c: Context) => boolean);
    /** Tells whether a request is a file sent as the whole body (application/octet-stream), which its route reads. */
    fileBody?: (c: Context) => boolean;
  } = {},
): MiddlewareHandler {
  const fileBody = options.fileBody ?? (() => false);
  const multipart = options.multipart ?? [];
  const takesMultipart =
    typeof multipart === 'function'
      ? multipart
      : (c: Context) => multipart.some((prefix) => c.req.path.startsWith(prefix));
  return async (c, next) => {
    if (!SAFE_METHODS.has(c.req.method) && !isOneClickUnsubscribe(c)) {
      const type = mediaType(c.req.header('content-type'));
      if (type === 'application/json') await checkJsonBody(c);
      else if (!(type === 'multipart/form-data' && takesMultipart(c)) && !fileBody(c)) {
        // Without a Content-Type only an empty body passes; reading it is the one test that also holds in-process,
        // where a Request carries a body without Content-Length.
        if (type !== undefined || (await c.req.arrayBuffer()).byteLength > 0)
          throw new ApiError(415, 'Content-Type must be application/json');
      }
    }
    await next();
  };
}
