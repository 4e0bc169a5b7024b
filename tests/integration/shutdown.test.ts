/**
 * Shutdown: SIGTERM stops accepting, lets the requests in flight finish, stops the site build,
 * closes the database and exits 0; what never finishes is cut after a bound.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionRefused, holdRequest } from '../helpers/held-request.ts';
import { processesMentioning, startProductProcess, type ProductProcess } from '../helpers/product-process.ts';
import { prepareTestData, TEST_ADMIN_PASSWORD } from '../helpers/test-app.ts';
import { onPostgres, withDataDirDb } from '../helpers/test-database.ts';
import { startServer } from '../../src/server/main.ts';

async function until(check: () => Promise<boolean> | boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('SIGTERM', () => {
  let root: string;
  let product: ProductProcess | undefined;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'shutdown-'));
  });
  afterAll(() => {
    product?.kill();
    rmSync(root, { recursive: true, force: true });
  });

  it('lets 40 requests in flight finish (all 40 written), refuses new connections, stops the build, closes the database and exits 0', async () => {
    const dataDir = join(root, 'data');
    const distDir = join(root, 'dist');
    product = await startProductProcess({ DATA_DIR: dataDir, DIST_DIR: distDir, ADMIN_PASSWORD: TEST_ADMIN_PASSWORD });
    const { origin } = product;
    // The site build starts as soon as the API listens: it is running while the process is told to stop.
    await until(() => processesMentioning(root).length > 0, 10_000, 'the site build to start');

    // Registrations: each hashes a password and writes a row, so finishing them needs the database still open.
    const held = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        holdRequest(origin, '/api/auth/register', {
          first_name: 'In',
          last_name: 'Flight',
          email: `in-flight-${i}@example.com`,
          username: `inflight${i}`,
          password: 'a long enough passphrase 2026',
        }),
      ),
    );
    // A request opened after the 40 and answered means the server has read theirs: all 40 handlers are running.
    expect((await fetch(`${origin}/api/health`)).status).toBe(200);

    product.child.kill('SIGTERM');
    await until(() => connectionRefused(origin), 5000, 'the listener to close');

    const answers = await Promise.all(held.map((request) => request.finish()));
    expect(answers.map((a) => a.status)).toEqual(Array(40).fill(201));

    const finished = Date.now();
    expect(await product.exited).toBe(0);
    // Kept-alive connections are closed once answered rather than held until their idle timeout (5 s).
    expect(Date.now() - finished).toBeLessThan(4000);
    expect(product.output()).toMatch(/SIGTERM/);
    // The database was closed: SQLite folds the write-ahead log back and removes it on the last close.
    if (!onPostgres) expect(existsSync(join(dataDir, 'site.db-wal'))).toBe(false);
    const registered = await withDataDirDb(dataDir, (db) =>
      db
        .selectFrom('users')
        // A number on SQLite, bigint text on PostgreSQL.
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('email', 'like', 'in-flight-%')
        .executeTakeFirstOrThrow(),
    );
    expect(Number(registered.n)).toBe(40);
    // The astro build child went with it, and nothing it left half-written is marked complete.
    await until(() => processesMentioning(root).length === 0, 5000, 'the build process to end');
    expect(existsSync(join(distDir, '.build-complete'))).toBe(false);
  }, 60_000);
});

describe('graceful close', () => {
  it('cuts a request that does not finish within the bound, then resolves', async () => {
    const data = await prepareTestData();
    const server = await startServer({ db: data.db, env: data.env, deps: data.deps, site: { current: () => null } });
    const origin = `http://127.0.0.1:${server.port}`;
    try {
      const stuck = await holdRequest(origin, '/api/auth/login', { username: 'admin', password: TEST_ADMIN_PASSWORD });
      expect((await fetch(`${origin}/api/health`)).status).toBe(200);
      const started = Date.now();
      await server.close({ graceMs: 300 });
      const waited = Date.now() - started;
      expect(waited).toBeGreaterThanOrEqual(250);
      expect(waited).toBeLessThan(3000);
      // Cut without an answer: the client sees the connection close.
      expect((await stuck.answer).status).toBe(0);
    } finally {
      await data.db.destroy();
      rmSync(data.dataDir, { recursive: true, force: true });
    }
  });
});
