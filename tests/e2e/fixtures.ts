/**
 * The e2e tests' `test`: Playwright's, with a server for each worker (helpers/e2e-server.ts) that the worker's tests
 * reach through `baseURL`, `request` and `page` alike. Everything else is Playwright's own, re-exported.
 */
import { test as base } from '@playwright/test';
import { startWorkerServer, type WorkerServer } from './helpers/e2e-server.ts';

export * from '@playwright/test';

export const test = base.extend<object, { server: WorkerServer }>({
  server: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from its first parameter
    async ({}, use, workerInfo) => {
      const server = await startWorkerServer(workerInfo.parallelIndex);
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
