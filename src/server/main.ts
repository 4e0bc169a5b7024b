/** Node entry: one listener for the API, media and the built static site. */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createServer } from 'node:http';
import { createApp, createFastPath } from './app.ts';
import type { Db } from './db/connection.ts';
import type { Env } from './env.ts';
import { findBlogBySlug } from './modules/content/content.repository.ts';
import { siteHandler, type SiteSource } from './site/site-routes.ts';

export interface RunningServer {
  port: number;
  close(): Promise<void>;
}

export async function startServer(opts: { db: Db; env: Env; site: SiteSource }): Promise<RunningServer> {
  const app = createApp({ db: opts.db, env: opts.env });
  const fastPath = await createFastPath({ db: opts.db, env: opts.env });
  const site: SiteSource = { blogExists: async (slug) => (await findBlogBySlug(opts.db, slug)) !== undefined, ...opts.site };
  app.get('*', siteHandler(site));
  app.on('HEAD', '*', siteHandler(site));
  return new Promise((resolve, reject) => {
    // The hottest read is answered before a Request is built; everything else goes to the app.
    const withFastPath: typeof createServer = ((options: object, listener: Parameters<typeof createServer>[0]) =>
      createServer(options, (req, res) => {
        if (!fastPath(req, res)) (listener as (q: typeof req, r: typeof res) => void)(req, res);
      })) as typeof createServer;
    const server = serve({ fetch: app.fetch, port: opts.env.PORT, hostname: opts.env.HOST, createServer: withFastPath }, (info: AddressInfo) => {
      resolve({
        port: info.port,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            if ('closeAllConnections' in server) server.closeAllConnections();
          }),
      });
    });
    server.once('error', reject);
  });
}
