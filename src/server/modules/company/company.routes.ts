import { Hono, type MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../app.ts';
import type { Db } from '../../db/connection.ts';
import { COMPRESS_THRESHOLD, pickEncoding } from '../../http/compress.ts';
import { revalidate, SHARED_CACHE_CONTROL } from '../../http/revalidate.ts';
import { companyAnswer } from './company.cache.ts';

/** GET /api/company through the whole API stack (hono/etag for 304s, compression); the fast read falls back to it. */
export const companyRoutes = new Hono<AppEnv>().get('/', revalidate, async (c) => {
  const { text, byteLength, etag } = await companyAnswer(c.get('db'));
  return c.body(text, 200, { 'Content-Type': 'application/json', 'Content-Length': String(byteLength), ETag: etag });
});

/**
 * GET /api/company ahead of the middleware stack: the cached answer with every header prebuilt
 * (`stackHeaders` are those the stack adds), because building undici Headers in each middleware
 * costs more than the rest of the request. Revalidations (If-None-Match) and failures fall
 * through to `companyRoutes`, so this only ever answers 200 with the same headers the stack would.
 */
export function companyFastRead(db: Db, stackHeaders: Promise<Record<string, string>>): MiddlewareHandler {
  // Awaited per request; a failure there falls back, so it must not count as unhandled meanwhile.
  stackHeaders.catch(() => undefined);
  return async (c, next) => {
    if (c.req.header('If-None-Match') !== undefined) return next();
    let answer;
    let added;
    try {
      answer = await companyAnswer(db);
      added = await stackHeaders;
    } catch {
      return next();
    }
    const encoding = pickEncoding(c.req.header('Accept-Encoding'));
    const encoded = encoding ? answer.encoded[encoding] : undefined;
    const headers: Record<string, string> = { ...added, 'content-type': 'application/json', 'cache-control': SHARED_CACHE_CONTROL };
    if (answer.byteLength >= COMPRESS_THRESHOLD) headers['vary'] = 'Accept-Encoding';
    if (encoding && encoded) {
      headers['content-encoding'] = encoding;
      headers['etag'] = `W/${answer.etag}`;
    } else {
      headers['etag'] = answer.etag;
    }
    // A plain header record keeps @hono/node-server on its fast path (no Headers object at all).
    return new Response(encoded ?? answer.text, { status: 200, headers });
  };
}
