/**
 * Attempt limits in the database (security.md R58-R60): two connections to one database (as two API
 * processes have) count together, a group is checked and counted at once, keys are stored only hashed, old states go.
 */
import { rmSync } from 'node:fs';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { afterEach, assert, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../src/server/db/connection.ts';
import type { Database } from '../../src/server/db/schema.ts';
import { attemptStore, createAttemptStore, keyHash, type AttemptStore } from '../../src/server/http/attempt-store.ts';
import { failureBackoff, slidingWindow } from '../../src/server/http/rate-limit.ts';
import {
  ACCOUNT_LIMITS,
  consumeAccountLimit,
  createAccountLimits,
} from '../../src/server/modules/account/account-limits.ts';
import { prepareTestData, type TestData } from '../helpers/test-app.ts';
import { dropTestDatabase } from '../helpers/test-database.ts';

const KEY = Buffer.alloc(32, 7);
const window = slidingWindow('test.window', { limit: 5, windowMs: 60_000 });

let data: TestData | undefined;
const others: Db[] = [];
afterEach(async () => {
  for (const db of others.splice(0)) await db.destroy();
  if (!data) return;
  await data.deps.rebuilds.close();
  await data.db.destroy();
  rmSync(data.dataDir, { recursive: true, force: true });
  await dropTestDatabase(data.databaseUrl);
  data = undefined;
});

async function setUp() {
  data = await prepareTestData();
  return data;
}

/**
 * Another connection to the same database, as another API process has. On PostgreSQL a plain pool without the
 * product's one-writer-at-a-time lock (postgres-dialect.ts), under READ COMMITTED: the store's own row locks must
 * be enough.
 */
function otherConnection(d: TestData): Db {
  const db = d.databaseUrl
    ? new Kysely<Database>({
        dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: d.databaseUrl, max: 10 }) }),
      })
    : createDb({ dataDir: d.dataDir });
  others.push(db);
  return db;
}

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('attempt limits in the database', () => {
  it('counts across two connections: a burst through both passes exactly the limit', async () => {
    const d = await setUp();
    const one = createAttemptStore(otherConnection(d), KEY);
    const two = createAttemptStore(otherConnection(d), KEY);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? one : two).reserve([[window, '203.0.113.9']])),
    );
    expect(answers.filter((a) => a.decision.allowed)).toHaveLength(5);
    // Groups over the same keys in any order never deadlock, and still count exactly.
    const pair = slidingWindow('test.pair', { limit: 3, windowMs: 60_000 });
    const grouped = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        (i % 2 ? one : two).reserve(
          i % 3
            ? [
                [pair, 'x'],
                [pair, 'y'],
              ]
            : [
                [pair, 'y'],
                [pair, 'x'],
              ],
        ),
      ),
    );
    expect(grouped.filter((a) => a.decision.allowed)).toHaveLength(3);
    const refused = answers.find((a) => !a.decision.allowed);
    assert(refused, 'one attempt was refused');
    expect(refused.decision.retryAfterSeconds).toBeGreaterThan(0);
    expect(refused.decision.retryAfterSeconds).toBeLessThanOrEqual(60);
    // Another key is counted apart.
    expect((await two.reserve([[window, '203.0.113.10']])).decision.allowed).toBe(true);
  });

  it('checks a group at once: a refusal by one limit counts none of the others', async () => {
    const d = await setUp();
    const store = createAttemptStore(d.db, KEY);
    const tight = slidingWindow('test.tight', { limit: 1, windowMs: 60_000 });
    const roomy = slidingWindow('test.roomy', { limit: 2, windowMs: 60_000 });
    // In parallel, so every one passes the early read and the transaction decides.
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        store.reserve([
          [tight, 'a'],
          [roomy, 'b'],
        ]),
      ),
    );
    expect(answers.filter((a) => a.decision.allowed)).toHaveLength(1);
    expect(
      (
        await store.reserve([
          [tight, 'a'],
          [roomy, 'b'],
        ])
      ).decision.allowed,
    ).toBe(false);
    // `roomy` was counted once only: one more is allowed, then it is full.
    expect((await store.reserve([[roomy, 'b']])).decision.allowed).toBe(true);
    expect((await store.check([[roomy, 'b']])).allowed).toBe(false);
  });

  it('refuses a key at its limit without waiting for a writer: a flood of refused attempts takes no write lock', async () => {
    const d = await setUp();
    const store = createAttemptStore(d.db, KEY);
    const tight = slidingWindow('test.tight', { limit: 1, windowMs: 60_000 });
    await store.reserve([[tight, 'a']]);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    // Another process holds a write transaction (and on PostgreSQL the row of that very key).
    const writer = otherConnection(d)
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('attempt_limits').set({ expires_at: 1 }).execute();
        locked();
        await held;
      });
    await isLocked;
    const started = Date.now();
    const refused = await store.reserve([[tight, 'a']]);
    expect(refused.decision.allowed).toBe(false);
    expect(Date.now() - started).toBeLessThan(1000);
    release();
    await writer;
  });

  it('stores a keyed hash of limit and key, never the address or email itself', async () => {
    const d = await setUp();
    const store = createAttemptStore(d.db, KEY);
    await store.reserve([
      [window, 'carol@example.com'],
      [slidingWindow('test.ip', { limit: 3, windowMs: 1000 }), '198.51.100.7'],
    ]);
    const rows = await d.db.selectFrom('attempt_limits').selectAll().execute();
    expect(rows).toHaveLength(2);
    const text = JSON.stringify(rows);
    expect(text).not.toContain('carol');
    expect(text).not.toContain('198.51.100.7');
    expect(rows.map((r) => r.key_hash)).toContain(keyHash(KEY, 'test.window', 'carol@example.com'));
    // The same key under another limit, or another secret, is another row.
    expect(keyHash(KEY, 'test.other', 'carol@example.com')).not.toBe(keyHash(KEY, 'test.window', 'carol@example.com'));
    expect(keyHash(Buffer.alloc(32, 8), 'test.window', 'carol@example.com')).not.toBe(
      keyHash(KEY, 'test.window', 'carol@example.com'),
    );
  });

  it('settles reservations: a success uncounts a window hit and ends a backoff run, a failure restarts the wait', async () => {
    const d = await setUp();
    const time = clock();
    const store = createAttemptStore(d.db, KEY, { now: time.now });
    const tries = slidingWindow('test.tries', { limit: 2, windowMs: 60_000 });
    const backoff = failureBackoff('test.backoff', {
      freeFailures: 2,
      baseMs: 1000,
      maxMs: 8000,
      forgetAfterMs: 60_000,
    });
    const first = await store.reserve([
      [tries, 'u'],
      [backoff, 'u'],
    ]);
    const second = await store.reserve([
      [tries, 'u'],
      [backoff, 'u'],
    ]);
    // Two failures counted before their outcome: the window is full and the backoff waits 1 s.
    expect(await store.check([[tries, 'u']])).toEqual({ allowed: false, retryAfterSeconds: 60 });
    expect(await store.check([[backoff, 'u']])).toEqual({ allowed: false, retryAfterSeconds: 1 });
    time.advance(900);
    await second.reservation.failed();
    time.advance(900);
    expect((await store.check([[backoff, 'u']])).allowed).toBe(false);
    await first.reservation.succeeded();
    expect((await store.check([[tries, 'u']])).allowed).toBe(true);
    expect((await store.check([[backoff, 'u']])).allowed).toBe(true);
  });

  it('never locks for good: a backoff is forgotten after its quiet spell', async () => {
    const d = await setUp();
    const time = clock();
    const store = createAttemptStore(d.db, KEY, { now: time.now });
    const backoff = failureBackoff('test.backoff', {
      freeFailures: 1,
      baseMs: 1000,
      maxMs: 8000,
      forgetAfterMs: 60_000,
    });
    for (let i = 0; i < 10; i++) await store.reserve([[backoff, 'u']]);
    expect((await store.check([[backoff, 'u']])).allowed).toBe(false);
    time.advance(60_001);
    expect((await store.check([[backoff, 'u']])).allowed).toBe(true);
  });

  it('prunes states that no longer matter, and every so many writes by itself', async () => {
    const d = await setUp();
    const time = clock();
    const store = createAttemptStore(d.db, KEY, { now: time.now, pruneEvery: 4 });
    const short = slidingWindow('test.short', { limit: 5, windowMs: 1000 });
    await store.reserve([[short, 'a']]);
    await store.reserve([[short, 'b']]);
    await store.reserve([[window, 'c']]);
    const count = async () =>
      Number(
        (
          await d.db
            .selectFrom('attempt_limits')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count()).toBe(3);
    time.advance(1001);
    // The 4th write prunes: a and b are past their window, c (60 s) and d (new) stay.
    await store.reserve([[short, 'd']]);
    expect(await count()).toBe(2);
    time.advance(60_000);
    expect(await store.prune()).toBe(2);
    expect(await count()).toBe(0);
  });

  it('is one store per database, hashing with a key from the server secret', async () => {
    const d = await setUp();
    const store: AttemptStore = attemptStore(d.db, d.env);
    expect(attemptStore(d.db, d.env)).toBe(store);
    await store.reserve([[window, 'k']]);
    const [row] = await d.db.selectFrom('attempt_limits').select('key_hash').execute();
    assert(row);
    expect(row.key_hash).not.toBe(keyHash(KEY, 'test.window', 'k'));
  });

  it('limits an account change per account with 429 and Retry-After (R59)', async () => {
    const d = await setUp();
    const limits = createAccountLimits();
    for (let i = 0; i < ACCOUNT_LIMITS.emailRequest.limit; i++) await consumeAccountLimit(d, limits.emailRequest, 'u1');
    await expect(consumeAccountLimit(d, limits.emailRequest, 'u1')).rejects.toMatchObject({
      status: 429,
      headers: { 'Retry-After': '3600' },
    });
    await expect(consumeAccountLimit(d, limits.emailRequest, 'u2')).resolves.toBeUndefined();
    // Another limit of the same account counts apart.
    await expect(consumeAccountLimit(d, limits.profile, 'u1')).resolves.toBeUndefined();
  });
});
