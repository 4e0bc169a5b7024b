/**
 * The e2e tests' `test`: Playwright's, with a server for each worker (helpers/e2e-server.ts) that the worker's tests
 * reach through `baseURL`, `request` and `page` alike. Everything else is Playwright's own, re-exported.
 *
 * The server does not build the site after admin changes: it asks `buildHook` (a CDN build hook on loopback), whose
 * requests the tests read. A file whose subject is the rebuilt static site sets `test.use({ siteBuilds: true })`;
 * Playwright then runs it in a worker of its own, whose server builds in process.
 */
import { test as base } from '@playwright/test';
import { startBuildHook, type BuildHook } from './helpers/build-hook.ts';
import { startWorkerServer, type WorkerServer } from './helpers/e2e-server.ts';

export * from '@playwright/test';

interface WorkerFixtures {
  siteBuilds: boolean;
  /** The hook the server asks for rebuilds; it hears nothing from a server that builds itself. */
  buildHook: BuildHook;
  server: WorkerServer;
}

export const test = base.extend<object, WorkerFixtures>({
  siteBuilds: [false, { scope: 'worker', option: true }],
  buildHook: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from its first parameter
    async ({}, use) => {
      const hook = await startBuildHook();
      await use(hook);
      await hook.close();
    },
    { scope: 'worker' },
  ],
  server: [
    async ({ siteBuilds, buildHook }, use, workerInfo) => {
      const server = await startWorkerServer(workerInfo.parallelIndex, siteBuilds ? undefined : buildHook.url);
      // The helpers that open the server's database or outbox, or a request context of their own, read these.
      process.env['E2E_PORT'] = String(server.port);
      process.env['E2E_DATA_DIR'] = server.dataDir;
      await use(server);
      await server.stop();
    },
    { scope: 'worker', auto: true, timeout: 120_000 },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.url);
  },
});
