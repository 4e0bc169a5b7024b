/** Brotli or gzip for API JSON: hono/compress only offers gzip and deflate, so this uses node:zlib. */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { parseAccept } from 'hono/utils/accept';
import { isCompleteAnswer } from './complete-answer.ts';
import { setResponse } from './set-response.ts';

export type Encoding = 'br' | 'gzip';

/** Below this many bytes a compressed body saves less than the header and the CPU cost. */
export const COMPRESS_THRESHOLD = 1024;
/** Runtime qualities: brotli 4 is about as fast as gzip 6 and still smaller. */
const BROTLI_QUALITY = 4;
const GZIP_LEVEL = 6;
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;
const VARY_ACCEPT_ENCODING = /(?:^|,)\s*(?:accept-encoding|\*)\s*(?:,|$)/i;

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The best encoding the client accepts (by q-value, brotli on a tie), or null for identity. */
export function pickEncoding(acceptEncoding: string | undefined | null): Encoding | null {
  if (!acceptEncoding) return null;
  const accepts = parseAccept(acceptEncoding);
  const wildcard = accepts.find((a) => a.type === '*')?.q ?? 0;
  const q = (name: Encoding) => accepts.find((a) => a.type.toLowerCase() === name)?.q ?? wildcard;
  const br = q('br');
  const gz = q('gzip');
  if (br > 0 && br >= gz) return 'br';
  return gz > 0 ? 'gzip' : null;
}

/** Compresses a buffer the way the API sends it. */
export async function compressBody(body: Uint8Array, encoding: Encoding): Promise<Uint8Array<ArrayBuffer>> {
  if (encoding === 'br') {
    return brotliAsync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
      },
    });
  }
  return gzipAsync(body, { level: GZIP_LEVEL });
}

/** Compressed bodies of content-hashed (strong ETag) answers, so an unchanged answer is compressed once. */
class CompressedCache {
  readonly #entries = new Map<string, Uint8Array<ArrayBuffer>>();
  readonly #maxBytes: number;
  #bytes = 0;
  constructor(maxBytes: number) {
    this.#maxBytes = maxBytes;
  }
  get(key: string): Uint8Array<ArrayBuffer> | undefined {
    const hit = this.#entries.get(key);
    if (hit) {
      // Re-insert so eviction drops the least recently used first.
      this.#entries.delete(key);
      this.#entries.set(key, hit);
    }
    return hit;
  }
  set(key: string, value: Uint8Array<ArrayBuffer>) {
    if (value.byteLength > this.#maxBytes / 4 || this.#entries.has(key)) return;
    this.#entries.set(key, value);
    this.#bytes += value.byteLength;
    for (const [oldest, old] of this.#entries) {
      if (this.#bytes <= this.#maxBytes) break;
      this.#entries.delete(oldest);
      this.#bytes -= old.byteLength;
    }
  }
}

/** The same answer over a buffered body, with its Content-Length. */
function rebuilt(body: Uint8Array<ArrayBuffer>, from: Response): Response {
  const headers = new Headers(from.headers);
  headers.set('Content-Length', String(body.byteLength));
  return new Response(body, { status: from.status, headers });
}

function addVary(headers: Headers) {
  const vary = headers.get('Vary');
  if (!vary) headers.set('Vary', 'Accept-Encoding');
  else if (!VARY_ACCEPT_ENCODING.test(vary)) headers.set('Vary', `${vary}, Accept-Encoding`);
}

/**
 * Compresses JSON answers of at least COMPRESS_THRESHOLD bytes with brotli (else gzip) and sends
 * `Vary: Accept-Encoding` with them. Anything that is not JSON (streams, files), 204/206/304,
 * bodies already encoded and `no-transform` answers pass untouched. Auth answers (tokens) stay
 * below the threshold, so no secret is ever compressed next to reflected input (BREACH). Complete answers
 * (complete-answer.ts) picked their copy and Vary themselves.
 */
export function compressJson(options: { threshold?: number; cacheBytes?: number } = {}): MiddlewareHandler {
  const threshold = options.threshold ?? COMPRESS_THRESHOLD;
  const cache = new CompressedCache(options.cacheBytes ?? 8 * 1024 * 1024);
  return async function compressJson(c, next) {
    await next();
    const res = c.res;
    if (isCompleteAnswer(res)) return;
    const headers = res.headers;
    if (res.status === 304) {
      // The client revalidated a compressed copy: keep the 304's validator and Vary in line with it.
      const etag = headers.get('ETag');
      if (etag && !etag.startsWith('W/') && c.req.header('If-None-Match')?.includes(`W/${etag}`)) {
        headers.set('ETag', `W/${etag}`);
        addVary(headers);
      }
      return;
    }
    // HEAD goes through too, so its headers match GET's (Hono drops the body afterwards).
    // Reading `res.body` here would move the answer off @hono/node-server's buffered fast path.
    if (res.status === 204 || res.status === 206) return;
    if (headers.has('Content-Encoding') || !JSON_TYPE.test(headers.get('Content-Type') ?? '')) return;
    if (NO_TRANSFORM.test(headers.get('Cache-Control') ?? '')) return;
    const declared = headers.get('Content-Length');
    if (declared !== null && Number(declared) < threshold) return;

    const encoding = pickEncoding(c.req.header('Accept-Encoding'));
    if (!encoding) {
      // Sent as it is, but a large answer still varies with what the client accepts.
      let size = Number(declared);
      if (declared === null) {
        const body = new Uint8Array(await res.arrayBuffer());
        setResponse(c, rebuilt(body, res));
        size = body.byteLength;
      }
      if (size >= threshold) addVary(c.res.headers);
      return;
    }
    const etag = headers.get('ETag');
    const key = etag && !etag.startsWith('W/') ? `${encoding} ${etag}` : null;
    // Only bodies of at least `threshold` bytes are ever cached, so a hit needs no size check.
    let encoded = key ? cache.get(key) : undefined;
    if (encoded) {
      addVary(headers);
    } else {
      const body = new Uint8Array(await res.arrayBuffer());
      // The body was read: the answer must be rebuilt from the bytes even when it stays as it is.
      setResponse(c, rebuilt(body, res));
      if (body.byteLength < threshold) return;
      addVary(c.res.headers);
      encoded = await compressBody(body, encoding);
      if (encoded.byteLength >= body.byteLength) return;
      if (key) cache.set(key, encoded);
    }
    const out = rebuilt(encoded, c.res);
    out.headers.set('Content-Encoding', encoding);
    // A strong validator names one representation; the compressed one is a different one (RFC 9110 8.8.1).
    if (etag && !etag.startsWith('W/')) out.headers.set('ETag', `W/${etag}`);
    setResponse(c, out);
  };
}
