import type { IncomingMessage, ServerResponse } from 'node:http';
import { Hono } from 'hono';
import type { AppEnv } from '../../app.ts';
import type { Db } from '../../db/connection.ts';
import { COMPRESS_THRESHOLD, pickEncoding } from '../../http/compress.ts';
import { revalidate, SHARED_CACHE_CONTROL } from '../../http/revalidate.ts';
import { companyAnswer, peekCompanyAnswer, type CompanyAnswer } from './company.cache.ts';

/** GET /api/company through the whole API stack (hono/etag for 304s, compression); the fast read falls back to it. */
export const companyRoutes = new Hono<AppEnv>().get('/', revalidate, async (c) => {
  const { text, byteLength, etag } = await companyAnswer(c.get('db'));
  return c.body(text, 200, { 'Content-Type': 'application/json', 'Content-Length': String(byteLength), ETag: etag });
});

/**
 * GET /api/company at the HTTP layer, ahead of Hono: the cached answer written with every header prebuilt
 * (`stackHeaders`: those the middleware stack adds), as a bare node:http server would. Every page view
 * reads the company, and converting a request into a Request and back costs more than the rest of it.
 * Only a plain GET with the answer already in memory is taken; revalidations (If-None-Match), a cold or
 * stale cache and anything else return false and go through `companyRoutes`, which answers alike.
 */
export function companyFastPath(db: Db, stackHeaders: Record<string, string>) {
  // Headers per answer and encoding, built once: the answer object is replaced when the company changes.
  const prebuilt = new WeakMap<CompanyAnswer, Map<string, Record<string, string>>>();
  const headersFor = (answer: CompanyAnswer, encoding: 'br' | 'gzip' | null) => {
    const key = encoding ?? 'identity';
    let byEncoding = prebuilt.get(answer);
    if (!byEncoding) prebuilt.set(answer, (byEncoding = new Map()));
    let headers = byEncoding.get(key);
    if (!headers) {
      const body = encoding ? answer.encoded[encoding]! : answer.text;
      headers = { ...stackHeaders, 'content-type': 'application/json', 'cache-control': SHARED_CACHE_CONTROL };
      if (answer.byteLength >= COMPRESS_THRESHOLD) headers['vary'] = 'Accept-Encoding';
      if (encoding) headers['content-encoding'] = encoding;
      headers['etag'] = encoding ? `W/${answer.etag}` : answer.etag;
      headers['content-length'] = String(typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength);
      byEncoding.set(key, headers);
    }
    return headers;
  };
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.method !== 'GET' || req.url !== '/api/company' || req.headers['if-none-match'] !== undefined) return false;
    const answer = peekCompanyAnswer(db);
    if (!answer) return false;
    const wanted = pickEncoding(req.headers['accept-encoding']);
    const encoding = wanted && answer.encoded[wanted] ? wanted : null;
    res.writeHead(200, headersFor(answer, encoding));
    res.end(encoding ? answer.encoded[encoding] : answer.text);
    return true;
  };
}
