/**
 * The real API in-process (design.md 4.10): createApp over a fresh temporary DATA_DIR with a real SQLite database,
 * migrations applied and the first admin created (on PostgreSQL instead when the run is the PostgreSQL one: test-database.ts) (demo content with `seed: 'demo'`), and the same createDeps as
 * production. Requests go through `app.request`, so no port is opened; there is no socket, so every request shares
 * the client address 'unknown' for rate limits.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp, type App } from '../../src/server/app.ts';
import { createDb, type Db } from '../../src/server/db/connection.ts';
import { createDeps, type Deps } from '../../src/server/deps.ts';
import { parseEnv, type Env } from '../../src/server/env.ts';
import { hashPassword } from '../../src/server/modules/auth/password-hash.ts';
import { prepareData } from '../../src/server/prepare.ts';
import { databaseEnv, dropTestDatabase, testDatabaseFor } from './test-database.ts';

/** The first admin's password in every test DATA_DIR (username `admin`). */
export const TEST_ADMIN_PASSWORD = 'correct horse battery staple';
/** The password of every customer made by `customerToken`. */
export const TEST_CUSTOMER_PASSWORD = 'a customer passphrase 2026';

export interface TestDataOptions {
  /** An existing DATA_DIR (kept); unset, a new temporary one. */
  dataDir?: string;
  seed?: 'demo' | 'none';
  /** More environment variables (parsed like process.env). */
  env?: Record<string, string>;
}

export interface TestData {
  db: Db;
  env: Env;
  deps: Deps;
  dataDir: string;
  /** What preparing DATA_DIR printed (migrations, seed, first admin). */
  logs: string[];
  /** The test's own PostgreSQL database on the PostgreSQL run (test-database.ts); undefined on SQLite. */
  databaseUrl: string | undefined;
}

/** A verified customer `username` (email <username>@example.com) with TEST_CUSTOMER_PASSWORD, written straight to the database. */
export async function insertCustomer(db: Db, username = 'carol'): Promise<void> {
  const now = new Date().toISOString();
  await db
    .insertInto('users')
    .values({
      id: randomUUID(),
      first_name: 'Carol',
      last_name: 'Customer',
      email: `${username}@example.com`,
      username,
      username_key: username.toLowerCase(),
      password_hash: await hashPassword(TEST_CUSTOMER_PASSWORD),
      email_verified: true,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

export function makeDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'site-test-'));
}

/** DATA_DIR prepared as `npm start` prepares it, and the app's dependencies built from the same environment. */
export async function prepareTestData(options: TestDataOptions = {}): Promise<TestData> {
  const dataDir = options.dataDir ?? makeDataDir();
  const databaseUrl = await testDatabaseFor(dataDir);
  const env = parseEnv({
    DATA_DIR: dataDir,
    PORT: '0',
    SEED: options.seed ?? 'none',
    ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
    // The lowest scrypt cost a backup may have: each archive the tests make opens in a fraction of a second.
    BACKUP_WORK_FACTOR: '15',
    ...databaseEnv(databaseUrl),
    ...options.env,
  });
  const db = createDb({ dataDir, databaseUrl: env.DATABASE_URL });
  const logs: string[] = [];
  await prepareData(db, env, (line) => logs.push(line));
  return { db, env, deps: createDeps(env), dataDir, logs, databaseUrl };
}

export interface TestApp extends TestData {
  app: App;
  /** `app.request`: a path (or URL) and RequestInit, answered in-process. */
  request: App['request'];
  /** Signs in through POST /api/auth/login and returns the bearer token. */
  login(username: string, password: string): Promise<string>;
  /** Makes a verified customer (`<username>@example.com`, TEST_CUSTOMER_PASSWORD) straight in the database and signs it in. */
  customerToken(username?: string): Promise<string>;
  /** Stops the rebuild scheduler and closes the database; removes DATA_DIR unless `keep` is set. */
  close(keep?: boolean): Promise<void>;
}

export async function createTestApp(options: TestDataOptions = {}): Promise<TestApp> {
  const data = await prepareTestData(options);
  const app = createApp({ db: data.db, env: data.env, deps: data.deps });
  const request: App['request'] = (input, init, ...rest) => app.request(input, init, ...rest);
  const login = async (username: string, password: string) => {
    const res = await app.request('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });
    if (res.status !== 200) throw new Error(`login as ${username} answered ${res.status}: ${await res.text()}`);
    return ((await res.json()) as { token: string }).token;
  };
  return {
    ...data,
    app,
    request,
    login,
    async customerToken(username = 'carol') {
      await insertCustomer(data.db, username);
      return login(username, TEST_CUSTOMER_PASSWORD);
    },
    async close(keep = false) {
      await data.deps.rebuilds.close();
      await data.db.destroy();
      if (!keep) {
        rmSync(data.dataDir, { recursive: true, force: true });
        await dropTestDatabase(data.databaseUrl);
      }
    },
  };
}
