/** Starts the real server (migrations, optional seed, listener) on a temporary DATA_DIR; API tests that need no socket use test-app.ts. */
import { rmSync } from 'node:fs';
import type { Db } from '../../src/server/db/connection.ts';
import type { Deps } from '../../src/server/deps.ts';
import type { Env } from '../../src/server/env.ts';
import { startServer } from '../../src/server/main.ts';
import { prepareTestData } from './test-app.ts';

export interface TestServer {
  url: string;
  db: Db;
  env: Env;
  /** What the server was built with (deps.ts). */
  deps: Deps;
  dataDir: string;
  logs: string[];
  /** Stops the listener and closes the database; keeps DATA_DIR unless `remove` is set. */
  stop(remove?: boolean): Promise<void>;
}

export async function startTestServer(options: { dataDir?: string; siteDir?: string; seed?: 'demo' | 'none'; env?: Record<string, string> } = {}): Promise<TestServer> {
  const { siteDir, ...data } = options;
  const { db, env, deps, dataDir, logs } = await prepareTestData(data);
  const server = await startServer({ db, env, deps, site: { current: () => siteDir ?? null } });
  return {
    url: `http://127.0.0.1:${server.port}`,
    db,
    env,
    deps,
    dataDir,
    logs,
    async stop(remove = false) {
      await server.close();
      await db.destroy();
      if (remove) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
