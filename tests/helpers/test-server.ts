/** Starts the real server (migrations, optional seed, listener) on a temporary DATA_DIR; API tests that need no socket use test-app.ts. */
import { rmSync } from 'node:fs';
import type { Db } from '../../src/server/db/connection.ts';
import type { Deps } from '../../src/server/deps.ts';
import type { Env } from '../../src/server/env.ts';
import { startServer } from '../../src/server/main.ts';
import { prepareTestData, type TestDataOptions } from './test-app.ts';
import { dropTestDatabase } from './test-database.ts';

export interface TestServer {
  url: string;
  db: Db;
  env: Env;
  /** What the server was built with (deps.ts). */
  deps: Deps;
  dataDir: string;
  /** The test's own PostgreSQL database on the PostgreSQL run; undefined on SQLite. */
  databaseUrl: string | undefined;
  logs: string[];
  /** Stops the listener and closes the database; keeps DATA_DIR (and the PostgreSQL test database) unless `remove` is set. */
  stop(remove?: boolean): Promise<void>;
}

export async function startTestServer(options: TestDataOptions & { siteDir?: string } = {}): Promise<TestServer> {
  const { siteDir, ...data } = options;
  const { db, env, deps, dataDir, logs, databaseUrl } = await prepareTestData(data);
  const server = await startServer({ db, env, deps, site: { current: () => siteDir ?? null } });
  return {
    url: `http://127.0.0.1:${server.port}`,
    db,
    env,
    deps,
    dataDir,
    databaseUrl,
    logs,
    async stop(remove = false) {
      await server.close();
      await db.destroy();
      if (remove) {
        rmSync(dataDir, { recursive: true, force: true });
        await dropTestDatabase(databaseUrl);
      }
    },
  };
}
