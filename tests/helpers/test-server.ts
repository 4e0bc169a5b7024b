/** Starts the real server (migrations, optional seed, listener) on a temporary DATA_DIR. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb, type Db } from '../../src/server/db/connection.ts';
import { parseEnv, type Env } from '../../src/server/env.ts';
import { startServer } from '../../src/server/main.ts';
import { prepareData } from '../../src/server/prepare.ts';

export interface TestServer {
  url: string;
  db: Db;
  env: Env;
  dataDir: string;
  logs: string[];
  /** Stops the listener and closes the database; keeps DATA_DIR unless `remove` is set. */
  stop(remove?: boolean): Promise<void>;
}

export function makeDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'site-test-'));
}

export async function startTestServer(options: { dataDir?: string; siteDir?: string; seed?: 'demo' | 'none'; env?: Record<string, string> } = {}): Promise<TestServer> {
  const dataDir = options.dataDir ?? makeDataDir();
  const env = parseEnv({
    DATA_DIR: dataDir,
    PORT: '0',
    SEED: options.seed ?? 'none',
    ADMIN_PASSWORD: 'correct horse battery staple',
    ...options.env,
  });
  const db = createDb({ dataDir });
  const logs: string[] = [];
  await prepareData(db, env, (line) => logs.push(line));
  const server = await startServer({ db, env, site: { current: () => options.siteDir ?? null } });
  return {
    url: `http://127.0.0.1:${server.port}`,
    db,
    env,
    dataDir,
    logs,
    async stop(remove = false) {
      await server.close();
      await db.destroy();
      if (remove) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
