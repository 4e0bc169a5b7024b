/**
 * Node entry: one listener for the API, media and the built static site (startServer), and the start-up every script
 * shares (launchApi).
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import type { VariantQueue } from './media/variant-queue.ts';
import { createDb, type Db } from './db/connection.ts';
import { createDeps, type Deps } from './deps.ts';
import type { Env } from './env.ts';
import { closeGracefully } from './graceful-shutdown.ts';
import { defaultMaxConnections, limitConnections, openFileLimit, serverTimeouts } from './http/connection-limits.ts';
import { methodNotAllowed } from './http/method-not-allowed.ts';
import { flushActivity } from './modules/activity/activity.service.ts';
import { findBlogBySlug, findProductBySlug } from './modules/content/content.repository.ts';
import { findRedirect } from './modules/redirects/redirects.repository.ts';
import { startNewsletterSender } from './modules/newsletter/newsletter-sender.ts';
import { startScheduleRunner } from './modules/schedule/schedule-runner.ts';
import { startWebhookRunner } from './modules/webhooks/webhook-runner.ts';
import { startImportRunner } from './modules/imports/import-runner.ts';
import { prepareData } from './prepare.ts';
import type { RebuildRun } from './site/rebuild-scheduler.ts';
import { runPublishChecks } from './modules/publish-checks/publish-checks.service.ts';
import { siteHandler, type SiteSource } from './site/site-routes.ts';

export interface RunningServer {
  port: number;
  /**
   * Stops accepting, lets requests in flight finish (cut after `graceMs`, default SHUTDOWN_GRACE_MS), writes the counts
   * still waiting, and resolves when all connections are closed.
   */
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
    redirectFor: (path) => findRedirect(opts.db, path),
    ...opts.site,
  };
  app.get('*', siteHandler(site));
  app.on('HEAD', '*', siteHandler(site));
  // Site pages and media are read-only; /api answers its own 405s.
  app.all('*', (c) => methodNotAllowed(c, ['GET', 'HEAD']));
  const limits = {
    keepAliveSeconds: opts.env.KEEP_ALIVE_TIMEOUT_SECONDS,
    requestSeconds: opts.env.REQUEST_TIMEOUT_SECONDS,
    maxConnections: opts.env.MAX_CONNECTIONS ?? defaultMaxConnections(openFileLimit()),
    perAddress: opts.env.MAX_CONNECTIONS_PER_ADDRESS,
  };
  return new Promise((resolve, reject) => {
    // serve() without a createServer option makes a node:http server.
    const server = serve(
      { fetch: app.fetch, port: opts.env.PORT, hostname: opts.env.HOST, serverOptions: serverTimeouts(limits) },
      (info: AddressInfo) => {
        resolve({
          port: info.port,
          // The counts the last requests left in memory are written before the database can be closed.
          close: async ({ graceMs } = {}) => {
            await closeGracefully(server, graceMs);
            await flushActivity(opts.db);
          },
        });
      },
    ) as Server;
    limitConnections(server, limits, opts.env.TRUST_PROXY);
    server.once('error', reject);
  });
}

export interface LaunchOptions {
  env: Env;
  /** The built site served beside the API; none by default (the API alone, dev, the build script). */
  site?: SiteSource;
  /** The in-process site build that admin changes ask for (npm start). */
  rebuildSite?: RebuildRun;
  /** Made once the database is open and before it is prepared, so the demo seed can leave its pictures' variants in it. */
  variants?: (db: Db) => VariantQueue;
  /**
   * Whether this process runs the background workers: the newsletter's sender, the scheduled changes' runner, the
   * webhook deliveries' runner and the imports' runner (yes unless told otherwise; never for a site build, which must neither mail anyone nor
   * change what it reads).
   */
  workers?: boolean;
}

export interface LaunchedApi {
  db: Db;
  deps: Deps;
  server: RunningServer;
  variants: VariantQueue | undefined;
  /** Stops the rebuilds and the listener, then closes the database. */
  close(): Promise<void>;
}

const NO_SITE: SiteSource = { current: () => null };

/**
 * The start-up every script shares: the database opened and prepared (migrations, the first admin, the seed SEED
 * names), the long-lived dependencies built from the environment, and the server listening on env.PORT.
 */
export async function launchApi({
  env,
  site = NO_SITE,
  rebuildSite,
  variants: makeVariants,
  workers = true,
}: LaunchOptions) {
  const db = createDb({ dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL });
  const variants = makeVariants?.(db);
  await prepareData(db, env, console.log, { variants });
  const deps = createDeps(env, {
    ...(rebuildSite ? { rebuildSite } : {}),
    // Checks that cannot run must not stop publishing: the holds of their last run stay.
    beforeBuild: () =>
      runPublishChecks(db, { dataDir: env.DATA_DIR, siteUrl: env.SITE_URL }).catch((error: unknown) =>
        console.error('publish checks failed; the holds of their last run stay:', error),
      ),
  });
  const listening = await startServer({ db, env, deps, site, ...(variants ? { variants } : {}) });
  // Queued newsletter mails go out from here; a restart resumes them (newsletter-sender.ts).
  const newsletter = workers ? startNewsletterSender({ db, env, mailer: deps.mailer }) : null;
  // Publishing set for a later time is made here, and a restart resumes it (schedule-runner.ts).
  const schedule = workers ? startScheduleRunner({ db, env, rebuilds: deps.rebuilds }) : null;
  // Webhook deliveries queued by admin writes, orders and the newsletter go out from here (webhook-runner.ts).
  const webhooks = workers ? startWebhookRunner({ db, env, key: deps.keys.webhooks }) : null;
  // Imports started from the admin run here, and one a restart interrupted resumes (import-runner.ts).
  const imports = workers ? startImportRunner({ db, dataDir: env.DATA_DIR, rebuilds: deps.rebuilds }) : null;
  // Every script stops the server before closing the database: the worker stops with it, its mail in flight finished.
  const server: RunningServer = {
    port: listening.port,
    close: async (options) => {
      await Promise.all([
        listening.close(options),
        newsletter?.stop(),
        schedule?.stop(),
        webhooks?.stop(),
        imports?.stop(),
      ]);
    },
  };
  const launched: LaunchedApi = {
    db,
    deps,
    server,
    variants,
    async close() {
      await Promise.all([deps.rebuilds.close(), server.close()]);
      await db.destroy();
    },
  };
  return launched;
}

/**
 * The local API a site build reads (scripts/build-site.ts) on env's DATA_DIR or database: on a free loopback port, and
 * without the workers, so that a build never mails anyone (an import's confirmations wait for the server) nor
 * publishes anything while it reads.
 */
export function launchBuildApi(env: Env): Promise<LaunchedApi> {
  return launchApi({ env: { ...env, PORT: 0, HOST: '127.0.0.1' }, workers: false });
}
