/** Node entry: one listener for the API, media and the built static site. */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import type { VariantQueue } from './media/variant-queue.ts';
import type { Db } from './db/connection.ts';
import type { Deps } from './deps.ts';
import type { Env } from './env.ts';
import { closeGracefully } from './graceful-shutdown.ts';
import { methodNotAllowed } from './http/method-not-allowed.ts';
import { findBlogBySlug, findProductBySlug } from './modules/content/content.repository.ts';
import { siteHandler, type SiteSource } from './site/site-routes.ts';

export interface RunningServer {
  port: number;
  /** Stops accepting, lets requests in flight finish (cut after `graceMs`, default SHUTDOWN_GRACE_MS) and resolves when all connections are closed. */
  close(options?: { graceMs?: number }): Promise<void>;
}

export function startServer(opts: {
  db: Db;
  env: Env;
  deps: Deps;
  site: SiteSource;
  variants?: VariantQueue;
}): Promise<RunningServer> {
  const app = createApp({ db: opts.db, env: opts.env, deps: opts.deps, variants: opts.variants });
  const site: SiteSource = {
    blogExists: async (slug) => (await findBlogBySlug(opts.db, slug)) !== undefined,
    productExists: async (slug) => (await findProductBySlug(opts.db, slug)) !== undefined,
    ...opts.site,
  };
  app.get('*', siteHandler(site));
  app.on('HEAD', '*', siteHandler(site));
  // Site pages and media are read-only; /api answers its own 405s.
  app.all('*', (c) => methodNotAllowed(c, ['GET', 'HEAD']));
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, port: opts.env.PORT, hostname: opts.env.HOST }, (info: AddressInfo) => {
      resolve({
        port: info.port,
        // serve() without a createServer option makes a node:http server.
        close: ({ graceMs } = {}) => closeGracefully(server as Server, graceMs),
      });
    });
    server.once('error', reject);
  });
}
