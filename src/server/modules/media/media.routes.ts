import { Hono } from 'hono';
import type { AppEnv } from '../../app-env.ts';
import { ifRangeHolds, isNotModified, rangeFor } from '../../media/http-conditional.ts';
import { findMedia } from '../../media/media-store.ts';
import type { ObjectStore } from '../../media/storage/object-store.ts';
import type { VariantQueue } from '../../media/variant-queue.ts';

/** Only server-generated names (uuid.ext, or uuid-w<width>.webp for variants) are ever served; anything else is a plain 404. */
const MEDIA_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?:-w\d{2,4})?\.[a-z0-9]{2,5}$/;

// Stored names are never reused, so a file is immutable; the headers keep a served file inert (security.md R42).
const FIXED_HEADERS = {
  'Cache-Control': 'public, max-age=31536000, immutable',
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; sandbox",
  'Content-Disposition': 'inline',
  'Cross-Origin-Resource-Policy': 'cross-origin',
  'Accept-Ranges': 'bytes',
};

/**
 * GET (and HEAD) /media/:name from the media store, local or S3 (storage/media-storage.ts), with the media row's
 * Content-Type, the store's ETag and date, 304 and single byte ranges (http-conditional.ts). `variants`: pictures
 * whose variants are still being encoded; a variant asked for before it is stored waits for it.
 */
export function mediaRoutes(media: ObjectStore, variants?: VariantQueue) {
  return new Hono<AppEnv>().get('/:name', async (c) => {
    const name = c.req.param('name');
    if (!MEDIA_NAME.test(name)) return c.json({ message: 'Not found' }, 404);
    let stored = await findMedia(c.get('db'), name);
    const encoding = stored ? undefined : variants?.whenStored(name);
    if (encoding) {
      await encoding;
      stored = await findMedia(c.get('db'), name);
    }
    const info = stored && (await media.head(name));
    if (!stored || !info) return c.json({ message: 'Not found' }, 404);
    const headers: Record<string, string> = {
      ...FIXED_HEADERS,
      'Content-Type': stored.content_type,
      ETag: info.etag,
      'Last-Modified': info.lastModified.toUTCString(),
    };
    if (
      isNotModified(
        { ifNoneMatch: c.req.header('if-none-match'), ifModifiedSince: c.req.header('if-modified-since') },
        info,
      )
    ) {
      return c.body(null, 304, headers);
    }
    const asked = rangeFor(c.req.header('range'), info.size, ifRangeHolds(c.req.header('if-range'), info));
    if (asked.kind === 'unsatisfiable')
      return c.body(null, 416, { ...headers, 'Content-Range': `bytes */${info.size}` });
    const range = asked.kind === 'part' ? asked.range : undefined;
    const length = range ? range.end - range.start + 1 : info.size;
    const status = range ? 206 : 200;
    if (range) headers['Content-Range'] = `bytes ${range.start}-${range.end}/${info.size}`;
    headers['Content-Length'] = String(length);
    if (c.req.method === 'HEAD') return c.body(null, status, headers);
    const object = await media.get(name, range);
    // Removed between the head and the read (a release racing the request).
    if (!object) return c.json({ message: 'Not found' }, 404);
    return c.body(object.body, status, headers);
  });
}
