/** Node entry: one listener for the API, media and the built static site. */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import type { Db } from './db/connection.ts';
import type { Deps } from './deps.ts';
import type { Env } from './env.ts';
import { findBlogBySlug } from './modules/content/content.repository.ts';
import { siteHandler, type SiteSource } from './site/site-routes.ts';

export interface RunningServer {
  port: number;
  close(): Promise<void>;
}

export function startServer(opts: { db: Db; env: Env; deps: Deps; site: SiteSource }): Promise<RunningServer> {
  const app = createApp({ db: opts.db, env: opts.env, deps: opts.deps });
  const site: SiteSource = { blogExists: async (slug) => (await findBlogBySlug(opts.db, slug)) !== undefined, ...opts.site };
  app.get('*', siteHandler(site));
  app.on('HEAD', '*', siteHandler(site));
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, port: opts.env.PORT, hostname: opts.env.HOST }, (info: AddressInfo) => {
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
