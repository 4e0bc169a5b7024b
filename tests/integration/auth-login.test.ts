import { argon2Sync, randomBytes, randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import type { AppEnv } from '../../src/server/app-env.ts';
import { requirePermission, requireUser } from '../../src/server/middleware/auth.ts';
import { authenticate } from '../../src/server/modules/auth/authenticate.ts';
import { onError } from '../../src/server/http/on-error.ts';
import { setAuthLogSink } from '../../src/server/http/auth-log.ts';
import { hashPassword } from '../../src/server/modules/auth/password-hash.ts';
import { sha256Hex } from '../../src/server/modules/auth/tokens.ts';
import type { User } from '../../src/shared/types.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

const PASSWORD = 'a long test password';
const ADMIN_PASSWORD = 'correct horse battery staple';

async function addUser(server: TestServer, name: string, password: string | null = PASSWORD): Promise<string> {
  const now = new Date().toISOString();
  const id = randomUUID();
  await server.db
    .insertInto('users')
    .values({
      id,
      first_name: name,
      last_name: 'Tester',
      email: `${name}@example.com`,
      username: name,
      username_key: name,
      password_hash: password ? await hashPassword(password) : null,
      email_verified: true,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

function client(server: TestServer) {
  const post = (path: string, body: unknown, token?: string) =>
    fetch(`${server.url}/api/auth${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
  const me = (token?: string, init: RequestInit = {}) =>
    fetch(`${server.url}/api/auth/me`, {
      ...init,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(init.headers as Record<string, string>) },
    });
  const login = async (username: string, password: string) => {
    const res = await post('/login', { username, password });
    expect(res.status).toBe(200);
    return ((await res.json()) as { token: string }).token;
  };
  return { post, me, login };
}

describe('password login, sessions and logout', () => {
  let server: TestServer;
  let api: ReturnType<typeof client>;
  const logs: string[] = [];
  beforeAll(async () => {
    setAuthLogSink((line) => logs.push(line));
    server = await startTestServer();
    api = client(server);
    await addUser(server, 'carol');
    await addUser(server, 'googler', null);
  });
  afterAll(async () => {
    setAuthLogSink(null);
    await server.stop(true);
  });

  it('signs in by username or by email, in any case, with a fresh opaque token each time', async () => {
    const byName = await api.login('Carol', PASSWORD);
    const byEmail = await api.login('CAROL@example.com', PASSWORD);
    expect(byName).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(byEmail).not.toBe(byName);
    for (const token of [byName, byEmail])
      expect(((await (await api.me(token)).json()) as User).username).toBe('carol');
  });

  it('stores only the SHA-256 of the token, with a 30-day expiry for customers', async () => {
    const token = await api.login('carol', PASSWORD);
    const rows = await server.db.selectFrom('sessions').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(token);
    const row = rows.find((r) => r.token_hash === sha256Hex(token));
    expect(row).toBeDefined();
    assert(row);
    expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(30 * 24 * 3600 * 1000);
    expect(row.pending_until).toBeNull();
  });

  it('answers one 401 message for a wrong password, an unknown user and a password-less account', async () => {
    const answers = [];
    for (const body of [
      { username: 'carol', password: 'wrong password here' },
      { username: 'nobody', password: PASSWORD },
      { username: 'nobody@example.com', password: PASSWORD },
      { username: 'googler', password: PASSWORD },
    ]) {
      const res = await api.post('/login', body);
      expect(res.status).toBe(401);
      expect(res.headers.get('cache-control')).toBe('no-store');
      answers.push(await res.json());
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]).toEqual({ message: 'Invalid username or password' });
  });

  it('answers 400 with a sentence and the field apart when the username or password is missing', async () => {
    const noName = await api.post('/login', { password: PASSWORD });
    expect(noName.status).toBe(400);
    expect(await noName.json()).toEqual({ message: 'Username or email is required', field: 'username' });
    const noPassword = await api.post('/login', { username: 'carol' });
    expect(await noPassword.json()).toEqual({ message: 'Password is required', field: 'password' });
    const notAnObject = await api.post('/login', 'carol');
    expect(await notAnObject.json()).toEqual({ message: 'Please check the form and try again', field: 'body' });
  });

  it('revokes the token on logout', async () => {
    const token = await api.login('carol', PASSWORD);
    expect((await api.me(token)).status).toBe(200);
    const out = await api.post('/logout', {}, token);
    expect(out.status).toBe(200);
    expect(out.headers.get('cache-control')).toBe('no-store');
    expect((await api.me(token)).status).toBe(401);
    expect((await api.post('/logout', {}, token)).status).toBe(401);
    expect(
      await server.db.selectFrom('sessions').select('id').where('token_hash', '=', sha256Hex(token)).executeTakeFirst(),
    ).toBeUndefined();
  });

  it('takes the token only from the Authorization header', async () => {
    const token = await api.login('carol', PASSWORD);
    expect((await fetch(`${server.url}/api/auth/me?token=${token}`)).status).toBe(401);
    expect((await api.me(undefined, { headers: { cookie: `token=${token}` } })).status).toBe(401);
    expect((await api.me(undefined, { headers: { authorization: token } })).status).toBe(401);
    expect((await api.me(undefined, { headers: { authorization: `Bearer ${token}x` } })).status).toBe(401);
    const none = await api.me();
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual({ message: 'Please sign in' });
  });

  it('lets the first admin sign in with ADMIN_PASSWORD on a 12-hour session', async () => {
    const token = await api.login('admin@example.com', ADMIN_PASSWORD);
    expect(((await (await api.me(token)).json()) as User).role).toBe('admin');
    const row = await server.db
      .selectFrom('sessions')
      .selectAll()
      .where('token_hash', '=', sha256Hex(token))
      .executeTakeFirstOrThrow();
    expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(12 * 3600 * 1000);
    expect(await api.login('admin', ADMIN_PASSWORD)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('rehashes a password stored with older parameters on sign-in', async () => {
    const id = await addUser(server, 'legacy');
    const salt = randomBytes(16);
    const tag = argon2Sync('argon2id', {
      message: PASSWORD,
      nonce: salt,
      memory: 19456,
      passes: 3,
      parallelism: 1,
      tagLength: 32,
    });
    const b64 = (b: Buffer) => b.toString('base64').replace(/=+$/, '');
    const old = `$argon2id$v=19$m=19456,t=3,p=1$${b64(salt)}$${b64(tag)}`;
    await server.db.updateTable('users').set({ password_hash: old }).where('id', '=', id).execute();
    await api.login('legacy', PASSWORD);
    const row = await server.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('refuses a disabled account with the same 401 and ends its sessions', async () => {
    const id = await addUser(server, 'dora');
    const token = await api.login('dora', PASSWORD);
    await server.db.updateTable('users').set({ disabled: true }).where('id', '=', id).execute();
    expect((await api.me(token)).status).toBe(401);
    const res = await api.post('/login', { username: 'dora', password: PASSWORD });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'Invalid username or password' });
  });

  it('guards routes: requireUser 401, requirePermission 401 without a token and 403 for a customer', async () => {
    const app = new Hono<AppEnv>();
    app.onError(onError);
    app.use(async (c, next) => {
      c.set('db', server.db);
      c.set('env', server.env);
      await next();
    });
    app.use(authenticate(server.env, server.deps.keys.sessionBinding));
    app.get('/mine', requireUser, (c) => c.json({ id: c.get('user')?._id }));
    app.get('/admin', requirePermission('everything'), (c) => c.json({ ok: true }));
    const customer = await api.login('carol', PASSWORD);
    const admin = await api.login('admin', ADMIN_PASSWORD);
    const call = (path: string, token?: string) =>
      app.request(path, token ? { headers: { authorization: `Bearer ${token}` } } : {});
    expect((await call('/mine')).status).toBe(401);
    expect((await call('/mine', customer)).status).toBe(200);
    expect((await call('/admin')).status).toBe(401);
    const forbidden = await call('/admin', customer);
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toEqual({ message: 'Admin access required' });
    expect((await call('/admin', admin)).status).toBe(200);
  });

  it('logs sign-ins as JSON lines without passwords or tokens', () => {
    const events = logs.map((l) => (JSON.parse(l) as { event: string }).event);
    expect(events).toContain('login.success');
    expect(events).toContain('login.failure');
    expect(events).toContain('access.denied');
    const text = logs.join('\n');
    expect(text).not.toContain(PASSWORD);
    expect(text).not.toContain(ADMIN_PASSWORD);
    expect(text).not.toMatch(/[A-Za-z0-9_-]{43}/);
    for (const line of logs) expect(JSON.parse(line)).toHaveProperty('time');
  });
});

describe('session lifetimes', () => {
  let server: TestServer;
  let api: ReturnType<typeof client>;
  beforeAll(async () => {
    setAuthLogSink(() => undefined);
    server = await startTestServer({ env: { SESSION_TTL_SECONDS: '2', ADMIN_SESSION_TTL_SECONDS: '2' } });
    api = client(server);
    await addUser(server, 'erin');
  });
  afterAll(async () => {
    setAuthLogSink(null);
    await server.stop(true);
  });
  const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

  it('slides a customer session while it is used and ends it when it is not', async () => {
    const token = await api.login('erin', PASSWORD);
    await wait(700);
    expect((await api.me(token)).status).toBe(200);
    await wait(1000);
    expect((await api.me(token)).status).toBe(200);
    await wait(700);
    // 2.4 s after sign-in, past the first expiry: renewed on use.
    expect((await api.me(token)).status).toBe(200);
    await wait(2100);
    expect((await api.me(token)).status).toBe(401);
  });

  it('never extends an admin session', async () => {
    const token = await api.login('admin', ADMIN_PASSWORD);
    await wait(1200);
    expect((await api.me(token)).status).toBe(200);
    await wait(1000);
    expect((await api.me(token)).status).toBe(401);
  });
});
