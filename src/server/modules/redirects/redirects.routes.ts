/**
 * GET /api/redirects: every old address and where it leads, for the site build's _redirects file (a CDN serving
 * dist/ alone answers them as the Node server does). Old addresses are public already: they were the old site's.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env.ts';
import { listRedirects } from './redirects.repository.ts';

export const redirectRoutes = new Hono<AppEnv>().get('/redirects', async (c) =>
  c.json({ results: (await listRedirects(c.get('db'))).map((row) => ({ from: row.from_path, to: row.to_path })) }),
);
