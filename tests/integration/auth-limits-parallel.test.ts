/**
 * Attempt limits under bursts of parallel requests (security.md R58, R59): every attempt is counted before the
 * password hash that decides it, so requests in flight together cannot all pass one check.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, assert, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../src/server/db/connection.ts';
import { CODE_MAILS_PER_ACCOUNT, LOGIN_FAILURES_PER_ADDRESS } from '../../src/server/modules/auth/auth-limits.ts';
import { hashPassword } from '../../src/server/modules/auth/password-hash.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

const PASSWORD = 'a long test password';
const WRONG = 'wrong password here';
/** Consecutive failures an account gets before its first wait (auth-limits.ts). */
const FREE_FAILURES = 10;

async function addUser(db: Db, name: string): Promise<void> {
  const now = new Date().toISOString();
  await db
    .insertInto('users')
    .values({
      id: randomUUID(),
      first_name: 'Max',
      last_name: 'Tester',
      email: `${name}@example.com`,
      username: name,
      username_key: name,
      password_hash: await hashPassword(PASSWORD),
      email_verified: true,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

/**
 * Runs `burst` with the limits' clock held still: after the free failures an account waits 1 s, and a burst that
 * lasts longer on a busy machine would let the attempt after that wait through, as it should; these tests are about
 * attempts within it.
 */
async function inOneInstant<T>(burst: () => Promise<T>): Promise<T> {
  const clock = vi.spyOn(Date, 'now').mockReturnValue(Date.now());
  try {
    return await burst();
  } finally {
    clock.mockRestore();
  }
}

function statusCounts(responses: Response[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const res of responses) counts[res.status] = (counts[res.status] ?? 0) + 1;
  return counts;
}

function expectLimited(res: Response | undefined) {
  assert(res, 'an answer was refused');
  expect(res.status).toBe(429);
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
}

describe('login limits under parallel requests, over HTTP from one address', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.stop(true);
    server = undefined;
  });
  const start = async (env: Record<string, string> = {}) => {
    server = await startTestServer({ env });
    await addUser(server.db, 'max');
    return server;
  };
  const login = (s: TestServer, username: string, password: string) =>
    fetch(`${s.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });

  it('answers a burst of 100 wrong logins for one account with at most the free failures as 401, the rest 429', async () => {
    const s = await start();
    const answers = await inOneInstant(() => Promise.all(Array.from({ length: 100 }, () => login(s, 'max', WRONG))));
    const counts = statusCounts(answers);
    expect(counts[401]).toBeLessThanOrEqual(FREE_FAILURES);
    expect(counts[429]).toBeGreaterThanOrEqual(100 - FREE_FAILURES);
    expect(Object.keys(counts).sort()).toEqual(['401', '429']);
    expectLimited(answers.find((r) => r.status === 429));
  });

  it('refuses an address before its 30th failed login in 15 minutes, across accounts and in parallel', async () => {
    const s = await start();
    const answers = await inOneInstant(() =>
      Promise.all(Array.from({ length: 40 }, (_, i) => login(s, `nobody${i}`, WRONG))),
    );
    const counts = statusCounts(answers);
    expect(counts[401]).toBeLessThan(30);
    expect(counts[401]).toBe(LOGIN_FAILURES_PER_ADDRESS);
    expect(counts[429]).toBe(40 - LOGIN_FAILURES_PER_ADDRESS);
    expectLimited(answers.find((r) => r.status === 429));
  });

  it('RATE_LIMITS=off lifts the per-address limits but keeps the per-account ones', async () => {
    const s = await start({ RATE_LIMITS: 'off' });
    const spread = await Promise.all(Array.from({ length: 40 }, (_, i) => login(s, `nobody${i}`, WRONG)));
    expect(statusCounts(spread)).toEqual({ 401: 40 });
    const burst = statusCounts(
      await inOneInstant(() => Promise.all(Array.from({ length: 30 }, () => login(s, 'max', WRONG)))),
    );
    expect(burst[401]).toBeLessThanOrEqual(FREE_FAILURES);
    expect(burst[429]).toBeGreaterThanOrEqual(30 - FREE_FAILURES);

    // Codes: 25 requests for different emails from one address pass; one email still gets 10 code mails an hour.
    const otp = (email: string) =>
      fetch(`${s.url}/api/auth/request-otp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
      });
    expect(
      statusCounts(await Promise.all(Array.from({ length: 25 }, (_, i) => otp(`someone${i}@example.com`)))),
    ).toEqual({ 200: 25 });
    expect(
      statusCounts(await Promise.all(Array.from({ length: CODE_MAILS_PER_ACCOUNT + 3 }, () => otp('max@example.com')))),
    ).toEqual({ 200: CODE_MAILS_PER_ACCOUNT, 429: 3 });
  });
});

describe('the right password inside a burst of wrong ones', () => {
  let t: TestApp;
  afterEach(async () => {
    await t.close();
  });

  it('never yields a token once wrong attempts in flight already hold the account at its limit', async () => {
    // Per-address limits off, so only the account's own limit is at work.
    t = await createTestApp({ env: { RATE_LIMITS: 'off' } });
    await addUser(t.db, 'max');
    const login = (password: string) =>
      t.request('/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'max', password }),
      });
    // All started in one go, the right password last: in-process requests reach the limit check in the order sent,
    // so 50 wrong attempts are counted before it while none of their hashes has finished yet.
    const answers = await inOneInstant(() => {
      const wrong = Array.from({ length: 50 }, () => login(WRONG));
      const right = login(PASSWORD);
      return Promise.all([...wrong, right]);
    });
    const last = answers.at(-1);
    assert(last);
    expect(last.status).toBe(429);
    expect(await last.json()).toEqual({ message: 'Too many attempts. Please try again later' });
    expect(statusCounts(answers.slice(0, 50))[401]).toBe(FREE_FAILURES);
    expect(await t.db.selectFrom('sessions').select('id').execute()).toEqual([]);
  });
});

describe('register limits under parallel requests', () => {
  let t: TestApp;
  afterEach(async () => {
    await t.close();
  });

  it('asks whether one email is taken at most 5 times an hour, even in a burst', async () => {
    t = await createTestApp();
    await addUser(t.db, 'max');
    const register = (i: number) =>
      Promise.resolve(
        t.request('/api/auth/register', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            first_name: 'N',
            last_name: 'N',
            email: 'max@example.com',
            username: `newuser${i}`,
            password: 'a long fresh password',
          }),
        }),
      );
    // Started in one go, so all of them are past the limit check before any finishes.
    const counts = statusCounts(await Promise.all(Array.from({ length: 12 }, (_, i) => register(i))));
    expect(counts).toEqual({ 409: 5, 429: 7 });
  });
});
