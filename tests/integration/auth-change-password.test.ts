import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/server/modules/auth/password-hash.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

describe('the first admin with a generated password', () => {
  let server: TestServer;
  let generated: string;
  const call = async (path: string, init: { token?: string; body?: unknown } = {}) => {
    const res = await fetch(`${server.url}${path}`, {
      method: init.body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
    return { status: res.status, body: await res.json() };
  };
  const login = async (password: string) =>
    (await call('/api/auth/login', { body: { username: 'admin@example.com', password } })).body.token as string;

  beforeAll(async () => {
    server = await startTestServer({ seed: 'demo', env: { ADMIN_PASSWORD: '' } });
    const line = server.logs.find((l) => l.includes('generated password'))!;
    generated = /generated password (\S+)/.exec(line)![1]!;
  });
  afterAll(async () => {
    await server.stop(true);
  });

  it('signs in with it but must change it before acting as admin', async () => {
    const token = await login(generated);
    expect((await call('/api/auth/me', { token })).body).toMatchObject({ role: 'admin', must_change_password: true });
    expect((await call('/api/photos', { token })).body.results).toHaveLength(22);
  });

  it('refuses a wrong current password, a weak or unchanged new one, and changes nothing', async () => {
    const token = await login(generated);
    const wrong = await call('/api/auth/change-password', {
      token,
      body: { currentPassword: 'not it at all', newPassword: 'a fresh admin passphrase' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ message: 'The current password is not correct', field: 'currentPassword' });
    const weak = await call('/api/auth/change-password', {
      token,
      body: { currentPassword: generated, newPassword: 'short' },
    });
    expect(weak.body).toEqual({ message: 'Password must be at least 12 characters', field: 'newPassword' });
    const same = await call('/api/auth/change-password', {
      token,
      body: { currentPassword: generated, newPassword: generated },
    });
    expect(same.status).toBe(400);
    expect(
      (await call('/api/auth/change-password', { body: { currentPassword: generated, newPassword: 'x' } })).status,
    ).toBe(401);
    expect((await call('/api/auth/me', { token })).body.must_change_password).toBe(true);
  });

  it('after the change: the flag is gone, drafts show, other sessions end, the new password signs in', async () => {
    const other = await login(generated);
    const token = await login(generated);
    const changed = await call('/api/auth/change-password', {
      token,
      body: { currentPassword: generated, newPassword: 'lighthouse keeper winter log' },
    });
    expect(changed).toEqual({ status: 200, body: { message: 'Password changed' } });
    expect((await call('/api/auth/me', { token })).body.must_change_password).toBe(false);
    expect((await call('/api/photos', { token })).body.results).toHaveLength(24);
    expect((await call('/api/auth/me', { token: other })).status).toBe(401);
    expect((await call('/api/auth/login', { body: { username: 'admin', password: generated } })).status).toBe(401);
    expect(await login('lighthouse keeper winter log')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});

describe('attempt limits on the current password', () => {
  let server: TestServer;
  const PASSWORD = 'a long test password';
  beforeAll(async () => {
    server = await startTestServer();
    const now = new Date().toISOString();
    for (const name of ['max', 'ann']) {
      await server.db
        .insertInto('users')
        .values({
          id: randomUUID(),
          first_name: name,
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
  });
  afterAll(async () => {
    await server.stop(true);
  });
  const post = (path: string, body: unknown, token?: string) =>
    fetch(`${server.url}/api/auth${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });

  it('after 10 wrong current passwords answers 429 with Retry-After, even to the right one, until the wait is over', async () => {
    const token = ((await (await post('/login', { username: 'max', password: PASSWORD })).json()) as { token: string })
      .token;
    const change = (currentPassword: string) =>
      post('/change-password', { currentPassword, newPassword: 'a quiet harbour at dawn' }, token);
    for (let i = 0; i < 10; i++) expect((await change('not the password at all')).status).toBe(400);
    const limited = await change('not the password at all');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await limited.json()).toEqual({ message: 'Too many attempts. Please try again later' });
    const refused = await change(PASSWORD);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // The same account limit covers password logins.
    expect((await post('/login', { username: 'max', password: PASSWORD })).status).toBe(429);

    // No permanent lock: once the wait has passed, the right current password works. Refused polls cost nothing.
    const deadline = Date.now() + 10_000;
    let answer = await change(PASSWORD);
    while (answer.status === 429 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      answer = await change(PASSWORD);
    }
    expect({ status: answer.status, body: await answer.json() }).toEqual({
      status: 200,
      body: { message: 'Password changed' },
    });
  });

  it('holds a parallel burst of wrong current passwords to the same limit', async () => {
    const token = ((await (await post('/login', { username: 'ann', password: PASSWORD })).json()) as { token: string })
      .token;
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        post(
          '/change-password',
          { currentPassword: 'not the password at all', newPassword: 'evening tide over the pier' },
          token,
        ),
      ),
    );
    const counts: Record<number, number> = {};
    for (const res of answers) counts[res.status] = (counts[res.status] ?? 0) + 1;
    expect(counts).toEqual({ 400: 10, 429: 30 });
  });
});
