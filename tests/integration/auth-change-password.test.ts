import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  const login = async (password: string) => (await call('/api/auth/login', { body: { username: 'admin@example.com', password } })).body.token as string;

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
    const wrong = await call('/api/auth/change-password', { token, body: { currentPassword: 'not it at all', newPassword: 'a fresh admin passphrase' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toMatch(/^currentPassword: /);
    const weak = await call('/api/auth/change-password', { token, body: { currentPassword: generated, newPassword: 'short' } });
    expect(weak.body.message).toMatch(/^newPassword: /);
    const same = await call('/api/auth/change-password', { token, body: { currentPassword: generated, newPassword: generated } });
    expect(same.status).toBe(400);
    expect((await call('/api/auth/change-password', { body: { currentPassword: generated, newPassword: 'x' } })).status).toBe(401);
    expect((await call('/api/auth/me', { token })).body.must_change_password).toBe(true);
  });

  it('after the change: the flag is gone, drafts show, other sessions end, the new password signs in', async () => {
    const other = await login(generated);
    const token = await login(generated);
    const changed = await call('/api/auth/change-password', { token, body: { currentPassword: generated, newPassword: 'lighthouse keeper winter log' } });
    expect(changed).toEqual({ status: 200, body: { message: 'Password changed' } });
    expect((await call('/api/auth/me', { token })).body.must_change_password).toBe(false);
    expect((await call('/api/photos', { token })).body.results).toHaveLength(24);
    expect((await call('/api/auth/me', { token: other })).status).toBe(401);
    expect((await call('/api/auth/login', { body: { username: 'admin', password: generated } })).status).toBe(401);
    expect(await login('lighthouse keeper winter log')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});
