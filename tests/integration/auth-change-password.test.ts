import { randomUUID } from 'node:crypto';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/server/modules/auth/password-hash.ts';
import type { User } from '../../src/shared/types.ts';
import { fetchFrom, jsonClient } from '../helpers/json-client.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

describe('the first admin with a generated password', () => {
  let server: TestServer;
  let generated: string;
  const call = jsonClient((path, init) => fetchFrom(server.url)(path, init));
  const me = (token: string) => call<User>('GET', '/api/auth/me', { token });
  const photos = (token: string) => call<{ results: unknown[] }>('GET', '/api/photos', { token });
  const login = async (password: string) =>
    (await call<{ token: string }>('POST', '/api/auth/login', { body: { username: 'admin@example.com', password } }))
      .body.token;

  beforeAll(async () => {
    server = await startTestServer({ seed: 'demo', env: { ADMIN_PASSWORD: '' } });
    const line = server.logs.find((l) => l.includes('generated password')) ?? '';
    const password = /generated password (\S+)/.exec(line)?.[1];
    assert(password, 'the generated password is logged');
    generated = password;
  });
  afterAll(async () => {
    await server.stop(true);
  });

  it('signs in with it but must change it before acting as admin', async () => {
    const token = await login(generated);
    expect((await me(token)).body).toMatchObject({ role: 'admin', must_change_password: true });
    expect((await photos(token)).body.results).toHaveLength(22);
  });

  it('refuses a wrong current password, a weak or unchanged new one, and changes nothing', async () => {
    const token = await login(generated);
    const wrong = await call('POST', '/api/auth/change-password', {
      token,
      body: { currentPassword: 'not it at all', newPassword: 'a fresh admin passphrase' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ message: 'The current password is not correct', field: 'currentPassword' });
    const weak = await call('POST', '/api/auth/change-password', {
      token,
      body: { currentPassword: generated, newPassword: 'short' },
    });
    expect(weak.body).toEqual({ message: 'Password must be at least 12 characters', field: 'newPassword' });
    const same = await call('POST', '/api/auth/change-password', {
      token,
      body: { currentPassword: generated, newPassword: generated },
    });
    expect(same.status).toBe(400);
    expect(
      (await call('POST', '/api/auth/change-password', { body: { currentPassword: generated, newPassword: 'x' } }))
        .status,
    ).toBe(401);
    expect((await me(token)).body.must_change_password).toBe(true);
  });

  it('after the change: the flag is gone, drafts show, other sessions end, the new password signs in', async () => {
    const other = await login(generated);
    const token = await login(generated);
    const changed = await call('POST', '/api/auth/change-password', {
      token,
      body: { currentPassword: generated, newPassword: 'lighthouse keeper winter log' },
    });
    expect({ status: changed.status, body: changed.body }).toEqual({
      status: 200,
      body: { message: 'Password changed' },
    });
    expect((await me(token)).body.must_change_password).toBe(false);
    expect((await photos(token)).body.results).toHaveLength(24);
    expect((await me(other)).status).toBe(401);
    expect((await call('POST', '/api/auth/login', { body: { username: 'admin', password: generated } })).status).toBe(
      401,
    );
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
    expect({ status: answer.status, body: (await answer.json()) as unknown }).toEqual({
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
