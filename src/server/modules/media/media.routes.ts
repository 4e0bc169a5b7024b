import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env.ts';
import { findMedia, mediaDir } from '../../media/media-store.ts';
import type { VariantQueue } from '../../media/variant-queue.ts';

/** Only server-generated names (uuid.ext, or uuid-w<width>.webp for variants) are ever served; anything else is a plain 404. */
const MEDIA_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?:-w\d{2,4})?\.[a-z0-9]{2,5}$/;

/** `variants`: pictures whose variants are still being encoded; a variant asked for before it is stored waits for it. */
export function mediaRoutes(dataDir: string, variants?: VariantQueue) {
  const files = serveStatic<AppEnv>({
    root: mediaDir(dataDir),
    rewriteRequestPath: (path) => path.replace(/^\/media/, ''),
  });
  // Stored names are never reused, so a file is immutable; the headers keep a served file inert (security.md R42).
  const headers = {
    'Cache-Control': 'public, max-age=31536000, immutable',
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; sandbox",
    'Content-Disposition': 'inline',
    'Cross-Origin-Resource-Policy': 'cross-origin',
  };
  return new Hono<AppEnv>().get('/:name', async (c) => {
    const name = c.req.param('name');
    if (!MEDIA_NAME.test(name)) return c.json({ message: 'Not found' }, 404);
    let stored = await findMedia(c.get('db'), name);
    const encoding = stored ? undefined : variants?.whenStored(name);
    if (encoding) {
      await encoding;
      stored = await findMedia(c.get('db'), name);
    }
    if (!stored) return c.json({ message: 'Not found' }, 404);
    const served = await files(c, async () => {});
    if (!served) return c.json({ message: 'Not found' }, 404);
    for (const [name, value] of Object.entries(headers)) served.headers.set(name, value);
    served.headers.set('Content-Type', stored.content_type);
    return served;
  });
}
