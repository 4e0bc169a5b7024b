import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env.ts';
import { findMedia, mediaDir } from '../../media/media-store.ts';

/** Only server-generated names (uuid.ext, or uuid-w<width>.webp for variants) are ever served; anything else is a plain 404. */
const MEDIA_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?:-w\d{2,4})?\.[a-z0-9]{2,5}$/;

export function mediaRoutes(dataDir: string) {
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
    const stored = MEDIA_NAME.test(name) ? await findMedia(c.get('db'), name) : undefined;
    if (!stored) return c.json({ message: 'Not found' }, 404);
    const served = await files(c, async () => {});
    if (!served) return c.json({ message: 'Not found' }, 404);
    for (const [name, value] of Object.entries(headers)) served.headers.set(name, value);
    served.headers.set('Content-Type', stored.content_type);
    return served;
  });
}
