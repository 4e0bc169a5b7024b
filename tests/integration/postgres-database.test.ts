/**
 * What the PostgreSQL module owns, on a real server: values read back as on SQLite, transactions
 * taking turns across processes with the lock wait of security.md R68/R69 (the counterpart of db-locked.test.ts),
 * error codes, change notification between processes, and full-text search. Runs in the `node-postgres` project only.
 */
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { createDb, databaseKind, externalWrites, type Db } from '../../src/server/db/connection.ts';
import { WRITE_LOCK_KEY } from '../../src/server/db/postgres-dialect.ts';
import { toTsQuery } from '../../src/server/db/postgres-search.ts';
import { isUniqueViolation, storageFailure } from '../../src/server/db/storage-errors.ts';
import { onPostgres } from '../helpers/test-database.ts';
import { TEST_ADMIN_PASSWORD } from '../helpers/test-app.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

let server: TestServer;
/** A second Db on the same database: what another API instance would hold. */
let other: Db;

beforeAll(async () => {
  expect(onPostgres).toBe(true);
  server = await startTestServer({ env: { RATE_LIMITS: 'off' } });
  other = createDb({
    dataDir: server.dataDir,
    databaseUrl: server.databaseUrl,
    lockWaitMs: 300,
    statementTimeoutMs: 1000,
  });
  await sql`CREATE TABLE turns (id integer PRIMARY KEY, value text NOT NULL)`.execute(server.db);
  await sql`INSERT INTO turns VALUES (1, 'start')`.execute(server.db);
});

const turnValue = async (db: Db = server.db) => {
  const [turn] = (await sql<{ value: string }>`SELECT value FROM turns WHERE id = 1`.execute(db)).rows;
  assert(turn, 'the turns row');
  return turn.value;
};
const setTurnValue = (db: Db, value: string) => sql`UPDATE turns SET value = ${value} WHERE id = 1`.execute(db);

afterAll(async () => {
  await other.destroy();
  await server.stop(true);
});

/** Another connection that holds the write lock in an open transaction until released. */
async function holdWriteLock(): Promise<{ release(): Promise<void> }> {
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  await client.query('BEGIN');
  await client.query(`SELECT pg_advisory_xact_lock(${WRITE_LOCK_KEY})`);
  return {
    async release() {
      await client.query('ROLLBACK');
      await client.end();
    },
  };
}

const requestOtp = async () => {
  const started = performance.now();
  const res = await fetch(`${server.url}/api/auth/request-otp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@example.com' }),
  });
  return { res, status: res.status, body: (await res.json()) as unknown, ms: performance.now() - started };
};

describe('values', () => {
  it('reads booleans as 1/0 and counts and sums as numbers, as SQLite does', async () => {
    expect(databaseKind(server.db)).toBe('postgres');
    const admin = await server.db
      .selectFrom('users')
      .select(['email_verified', 'disabled'])
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    expect(admin).toEqual({ email_verified: 1, disabled: 0 });
    const { n } = await server.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(n).toBe(1);
    const { rows } = await sql<{
      total: unknown;
    }>`SELECT sum(x)::numeric AS total FROM (VALUES (1), (2)) AS t(x)`.execute(server.db);
    expect(rows[0]?.total).toBe(3);
  });

  it('speaks UTC on every connection', async () => {
    const { rows } = await sql<{ zone: string }>`SELECT current_setting('TimeZone') AS zone`.execute(server.db);
    expect(rows[0]?.zone).toBe('UTC');
  });
});

describe('transactions across instances', () => {
  it('take turns: a second instance waits for the first one commit, then sees its write', async () => {
    const order: string[] = [];
    let letFirstCommit!: () => void;
    const firstMayCommit = new Promise<void>((resolve) => (letFirstCommit = resolve));
    const first = server.db.transaction().execute(async (trx) => {
      await setTurnValue(trx, 'first');
      order.push('first wrote');
      await firstMayCommit;
      order.push('first commits');
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const second = createDb({ dataDir: server.dataDir, databaseUrl: server.databaseUrl });
    try {
      const seen = second.transaction().execute(async (trx) => {
        order.push('second began');
        return turnValue(trx);
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
      letFirstCommit();
      await first;
      expect(await seen).toBe('first');
      expect(order).toEqual(['first wrote', 'first commits', 'second began']);
    } finally {
      await second.destroy();
    }
  });

  it('a transaction that cannot get the lock within its wait fails as busy, and nothing it wrote stays', async () => {
    const lock = await holdWriteLock();
    let error: unknown;
    const started = performance.now();
    try {
      await other.transaction().execute(async (trx) => {
        await setTurnValue(trx, 'never');
      });
    } catch (caught) {
      error = caught;
    } finally {
      await lock.release();
    }
    expect(storageFailure(error)).toBe('busy');
    expect(performance.now() - started).toBeGreaterThan(250);
    expect(await turnValue()).not.toBe('never');
    // The connection went back to the pool clean: the next statements on it work.
    for (let i = 0; i < 12; i++) await setTurnValue(other, `after ${i}`);
    expect(await turnValue()).toBe('after 11');
  });

  it('through the API: reads keep answering while a write waits, and the write answers 503 with Retry-After after its wait (R68, R69)', async () => {
    const lock = await holdWriteLock();
    let write: Awaited<ReturnType<typeof requestOtp>>;
    const readTimes: number[] = [];
    try {
      const pending = requestOtp();
      const settled = { done: false };
      void pending.finally(() => (settled.done = true));
      while (!settled.done) {
        const started = performance.now();
        expect((await fetch(`${server.url}/api/products`)).status).toBe(200);
        readTimes.push(performance.now() - started);
      }
      write = await pending;
    } finally {
      await lock.release();
    }
    expect(readTimes.length).toBeGreaterThan(50);
    expect([...readTimes].sort((a, b) => a - b)[Math.ceil(readTimes.length * 0.95) - 1]).toBeLessThan(50);
    expect(write.status).toBe(503);
    expect(Number(write.res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(write.body).toEqual({ message: expect.any(String) as unknown });
    expect(write.ms).toBeGreaterThan(4500);
    // Nothing is left stuck.
    expect((await requestOtp()).status).toBe(200);
  });

  /** Another connection holding a lock (`statement`, in an open transaction) until released. */
  async function holdLock(statement: string): Promise<{ release(): Promise<void> }> {
    const client = new pg.Client({ connectionString: server.databaseUrl });
    await client.connect();
    await client.query('BEGIN');
    await client.query(statement);
    return {
      async release() {
        await client.query('ROLLBACK');
        await client.end();
      },
    };
  }

  /** What `work` failed with, and after how long. */
  async function failure(work: () => Promise<unknown>): Promise<{ error: unknown; ms: number }> {
    const started = performance.now();
    try {
      await work();
    } catch (error) {
      return { error, ms: performance.now() - started };
    }
    throw new Error('it did not fail');
  }

  it.each([
    [
      'a write outside a transaction, behind a row another transaction changes',
      'UPDATE turns SET value = $$held$$',
      () => setTurnValue(other, 'blocked'),
    ],
    ['a read, behind a table someone locked', 'LOCK TABLE turns IN ACCESS EXCLUSIVE MODE', () => turnValue(other)],
  ])('%s waits at most the lock wait, then fails as busy', async (_what, statement, work) => {
    const lock = await holdLock(statement);
    try {
      const { error, ms } = await failure(work);
      expect(storageFailure(error)).toBe('busy');
      expect(ms).toBeGreaterThan(250);
      expect(ms).toBeLessThan(3000);
    } finally {
      await lock.release();
    }
    expect(await turnValue(other)).not.toBe('blocked');
  });

  it('a statement runs at most its statement timeout, then fails as busy', async () => {
    const { error, ms } = await failure(() => sql`SELECT pg_sleep(5)`.execute(other));
    expect(storageFailure(error)).toBe('busy');
    expect(ms).toBeLessThan(3000);
    // The connection went back to the pool usable.
    expect(await turnValue(other)).toEqual(expect.any(String));
  });

  it('through the API: a profile change behind a locked row answers 503 with Retry-After after the lock wait', async () => {
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: TEST_ADMIN_PASSWORD }),
    });
    expect(login.status, await login.clone().text()).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const lock = await holdLock(`SELECT id FROM users WHERE username = 'admin' FOR UPDATE`);
    const started = performance.now();
    let res: Response;
    try {
      res = await fetch(`${server.url}/api/account/profile`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ first_name: 'Locked', last_name: 'Out', username: 'locked_out' }),
      });
    } finally {
      await lock.release();
    }
    const ms = performance.now() - started;
    expect(res.status, await res.clone().text()).toBe(503);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(ms).toBeGreaterThan(4500);
    expect(ms).toBeLessThan(9000);
  });

  it('through the API: a write goes through once the lock is released within its wait', async () => {
    const lock = await holdWriteLock();
    const pending = requestOtp();
    await new Promise((resolve) => setTimeout(resolve, 800));
    await lock.release();
    const write = await pending;
    expect(write.status).toBe(200);
    expect(write.ms).toBeGreaterThan(700);
  });
});

describe('errors', () => {
  it('reads a unique violation by its SQLSTATE and names its column from the detail', async () => {
    const now = new Date().toISOString();
    const user = {
      id: 'dup-1',
      first_name: 'A',
      last_name: 'B',
      email: 'admin@example.com',
      username: 'dupe',
      username_key: 'dupe',
      created_at: now,
      updated_at: now,
    };
    const error = await server.db
      .insertInto('users')
      .values(user)
      .execute()
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(isUniqueViolation(error)).toBe(true);
    expect(isUniqueViolation(error, 'email')).toBe(true);
    expect(isUniqueViolation(error, 'username_key')).toBe(false);
    expect(storageFailure(error)).toBeNull();
  });
});

describe('change notification', () => {
  it('another instance counts a company change within moments of its commit', async () => {
    externalWrites(other);
    const listening = async () => {
      for (let i = 0; i < 100 && externalWrites(other) === null; i++)
        await new Promise((resolve) => setTimeout(resolve, 20));
      return externalWrites(other);
    };
    const before = await listening();
    expect(before).not.toBeNull();
    await server.db
      .insertInto('company_settings')
      .values({ id: 1, public_id: 'company', tagline: `changed ${Date.now()}` })
      .onConflict((oc) => oc.column('id').doUpdateSet({ tagline: 'again' }))
      .execute();
    let after = externalWrites(other);
    for (let i = 0; i < 50 && after === before; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      after = externalWrites(other);
    }
    expect(after).not.toBe(before);
    // Writes to tables no cache reads announce nothing.
    const settled = externalWrites(other);
    await server.db.updateTable('users').set({ first_name: 'Quiet' }).where('username', '=', 'admin').execute();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(externalWrites(other)).toBe(settled);
  });
});

describe('search', () => {
  const blog = (id: string, title: string, caption: string, published = true) => ({
    id,
    title,
    slug: id,
    caption,
    published,
    created_at: new Date().toISOString(),
  });

  beforeAll(async () => {
    await server.db
      .insertInto('blogs')
      .values([
        blog('pg-title', 'Harpsichord restoration', 'A workshop visit'),
        blog('pg-body', 'Workshop notes', 'We tuned a harpsichord today'),
        blog('pg-draft', 'Harpsichord draft', 'Not published', false),
      ])
      .execute();
  });

  const search = async (k: string) =>
    (
      (await (await fetch(`${server.url}/api/search?k=${encodeURIComponent(k)}`)).json()) as {
        results: { _id: string }[];
      }
    ).results.map((r) => r._id);

  it('turns text into prefix terms that must all match, and nothing into nothing', () => {
    expect(toTsQuery('Harp  WORK!')).toBe('harp:* & work:*');
    expect(toTsQuery("it's")).toBe('it:* & s:*');
    expect(toTsQuery(' -- ')).toBe('');
  });

  it('matches word prefixes, ranks a title match above a body match, and never shows drafts', async () => {
    expect(await search('harpsi')).toEqual(['pg-title', 'pg-body']);
    expect(await search('workshop harpsichord')).toEqual(expect.arrayContaining(['pg-title', 'pg-body']));
  });

  it('forgives a typo in a title word through pg_trgm', async () => {
    expect(await search('harpsichrd')).toContain('pg-title');
  });

  it('follows edits and deletes', async () => {
    await server.db
      .updateTable('blogs')
      .set({ title: 'Clavichord restoration' })
      .where('id', '=', 'pg-title')
      .execute();
    expect(await search('clavichord')).toEqual(['pg-title']);
    await server.db.deleteFrom('blogs').where('id', '=', 'pg-body').execute();
    expect(await search('harpsichord')).toEqual([]);
  });
});
