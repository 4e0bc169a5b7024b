import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LOGIN_FAILURES_PER_ADDRESS } from '../../src/server/modules/auth/auth-limits.ts';
import { setAuthLogSink } from '../../src/server/http/auth-log.ts';
import { hashPassword } from '../../src/server/modules/auth/password-hash.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

const PASSWORD = 'a long test password';

describe('attempt limits on the account endpoints', () => {
  let server: TestServer;
  const logs: string[] = [];
  // A fresh server per test: the limits live in the server's memory.
  async function start(env: Record<string, string> = {}) {
    server = await startTestServer({ env });
    const now = new Date().toISOString();
    await server.db
      .insertInto('users')
      .values({
        id: randomUUID(),
        first_name: 'Max',
        last_name: 'Tester',
        email: 'max@example.com',
        username: 'max',
        username_key: 'max',
        password_hash: await hashPassword(PASSWORD),
        email_verified: true,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
  beforeEach(async () => {
    setAuthLogSink((line) => logs.push(line));
    await start();
  });
  afterEach(async () => {
    setAuthLogSink(null);
    await server.stop(true);
  });

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${server.url}/api/auth${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });

  function expectLimited(res: Response) {
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(res.headers.get('cache-control')).toBe('no-store');
  }

  it('caps failed logins per IP across accounts, ignoring X-Forwarded-For', async () => {
    expect(LOGIN_FAILURES_PER_ADDRESS).toBeLessThan(30);
    for (let i = 0; i < LOGIN_FAILURES_PER_ADDRESS; i++)
      expect((await post('/login', { username: `nobody${i}`, password: PASSWORD })).status).toBe(401);
    const limited = await post('/login', { username: 'max', password: PASSWORD });
    expectLimited(limited);
    expect(await limited.json()).toEqual({ message: 'Too many attempts. Please try again later' });
    expectLimited(await post('/login', { username: 'max', password: PASSWORD }, { 'x-forwarded-for': '203.0.113.9' }));
    expect(logs.some((l) => l.includes('"rate_limited"'))).toBe(true);
  });

  it('backs off one account after 10 failures in a row, the same way for a known and an unknown account', async () => {
    // Only the account limits at work: 20 failures would otherwise reach the per-address limit.
    await server.stop(true);
    await start({ RATE_LIMITS: 'off' });
    for (const username of ['max', 'ghost']) {
      for (let i = 0; i < 10; i++)
        expect((await post('/login', { username, password: 'wrong password here' })).status).toBe(401);
      const limited = await post('/login', { username, password: PASSWORD });
      expectLimited(limited);
      expect(limited.headers.get('retry-after')).toBe('1');
    }
    // No permanent lock: after the wait the right password works.
    await new Promise((r) => setTimeout(r, 1100));
    expect((await post('/login', { username: 'MAX@example.com', password: PASSWORD })).status).toBe(200);
  });

  it('sends one browser at most 3 codes per account in 15 minutes, with the same answer for an unknown account', async () => {
    // The browser is its otp_browser cookie (auth-otp-lockout.test.ts has the per-account mail limit).
    const cookie = `otp_browser=${'b'.repeat(43)}`;
    for (const email of ['max@example.com', 'ghost@example.com']) {
      for (let i = 0; i < 3; i++) expect((await post('/request-otp', { email }, { cookie })).status).toBe(200);
      expectLimited(await post('/request-otp', { email }, { cookie }));
    }
    // The limit follows the account, not the spelling of its identifier.
    expectLimited(await post('/request-otp', { email: 'MAX' }, { cookie }));
  });

  it('limits registrations per IP', async () => {
    const register = (i: number) =>
      post('/register', {
        first_name: 'N',
        last_name: 'N',
        email: `n${i}@example.com`,
        username: `newuser${i}`,
        password: 'a long fresh password',
      });
    for (let i = 0; i < 20; i++) expect((await register(i)).status).toBe(201);
    expectLimited(await register(20));
  });

  it('limits reset attempts per IP', async () => {
    for (let i = 0; i < 10; i++)
      expect(
        (await post('/reset-password', { token: 'x'.repeat(43), newPassword: 'a long fresh password' })).status,
      ).toBe(400);
    expectLimited(await post('/reset-password', { token: 'x'.repeat(43), newPassword: 'a long fresh password' }));
  });
});
