/**
 * A JSON answer kept in memory (its bytes, strong ETag and compressed copies), sent as a complete answer
 * (complete-answer.ts): the request's If-None-Match and Accept-Encoding pick a 304 or a copy, and the headers of each
 * are built once per stored answer. They are the ones revalidate.ts, compress.ts and security-headers.ts give the other
 * shared reads: Cache-Control no-cache, the strong ETag (weak on a compressed copy), Vary: Accept-Encoding from
 * COMPRESS_THRESHOLD bytes on, and the security headers.
 */
import type { Context } from 'hono';
import { completeAnswer, type HeaderRecord } from './complete-answer.ts';
import { COMPRESS_THRESHOLD, pickEncoding, type Encoding } from './compress.ts';
import { isNotModified } from './conditional.ts';
import { SHARED_CACHE_CONTROL } from './revalidate.ts';

export interface StoredJson {
  /** The JSON in UTF-8: bytes go to the socket as they are, where a string is encoded again on every write. */
  body: Uint8Array<ArrayBuffer>;
  /** Strong validator: the SHA-1 of the body, as hono/etag computes it for the other reads. */
  etag: string;
  /** Compressed copies, each present only when it is smaller than the body. */
  encoded: Partial<Record<Encoding, Uint8Array<ArrayBuffer>>>;
}

type Representation = Encoding | 'identity';

/** What a 304 repeats of the 200 it stands for (RFC 9110 15.4.5), as site-routes.ts does for pages. */
const KEPT_ON_304 = new Set(['cache-control', 'content-location', 'etag', 'expires', 'vary']);

/** `fixed`: the headers every answer of the app carries (the security headers). */
export function storedJsonResponder(fixed: HeaderRecord) {
  const built = new WeakMap<StoredJson, Map<string, HeaderRecord>>();

  function build(stored: StoredJson, representation: Representation, notModified: boolean): HeaderRecord {
    const encoded = representation === 'identity' ? undefined : stored.encoded[representation];
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'cache-control': SHARED_CACHE_CONTROL,
    };
    // A strong validator names one representation; a compressed copy is another one (RFC 9110 8.8.1).
    headers['etag'] = encoded ? `W/${stored.etag}` : stored.etag;
    if (stored.body.byteLength >= COMPRESS_THRESHOLD) headers['vary'] = 'Accept-Encoding';
    if (encoded) headers['content-encoding'] = representation;
    headers['content-length'] = String((encoded ?? stored.body).byteLength);
    const sent = notModified
      ? Object.fromEntries(Object.entries(headers).filter(([name]) => KEPT_ON_304.has(name)))
      : headers;
    return Object.freeze({ ...fixed, ...sent });
  }

  function headersFor(stored: StoredJson, representation: Representation, notModified: boolean): HeaderRecord {
    let byKey = built.get(stored);
    if (!byKey) {
      byKey = new Map<string, HeaderRecord>();
      built.set(stored, byKey);
    }
    const key = notModified ? `304 ${representation}` : representation;
    let headers = byKey.get(key);
    if (!headers) byKey.set(key, (headers = build(stored, representation, notModified)));
    return headers;
  }

  return (c: Context, stored: StoredJson): Response => {
    const wanted = pickEncoding(c.req.header('Accept-Encoding'));
    const copy = wanted ? stored.encoded[wanted] : undefined;
    const representation: Representation = wanted && copy ? wanted : 'identity';
    const ifNoneMatch = c.req.header('If-None-Match');
    if (ifNoneMatch !== undefined && isNotModified({ ifNoneMatch }, { etag: stored.etag })) {
      return completeAnswer(null, 304, headersFor(stored, representation, true));
    }
    const body = copy ?? stored.body;
    return completeAnswer(body, 200, headersFor(stored, representation, false));
  };
}
