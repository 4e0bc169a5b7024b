import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAuthLogSink } from '../../src/server/http/auth-log.ts';
import type { User } from '../../src/shared/types.ts';
import { cookieFetch } from '../helpers/cookie-fetch.ts';
import { codeFrom, mailFiles, waitForMail } from '../helpers/outbox.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

describe('register, request a code, verify the email', () => {
  let server: TestServer;
  const logs: string[] = [];
  beforeAll(async () => {
    setAuthLogSink((line) => logs.push(line));
    server = await startTestServer();
  });
  afterAll(async () => {
    setAuthLogSink(null);
    await server.stop(true);
  });

  const browserFetch = cookieFetch();
  // The browser that registered an unverified account may correct it by registering again: a taken email or username
  // is another visitor's business.
  const otherBrowser = cookieFetch();
  const post = (path: string, body: unknown, browser = browserFetch) =>
    browser(`${server.url}/api/auth${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const person = (over: Record<string, unknown> = {}) => ({
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: 'ada@example.com',
    username: 'ada',
    password: 'analytical engine notes',
    ...over,
  });

  it('creates the account with 201 and no token', async () => {
    const res = await post('/register', person());
    expect(res.status).toBe(201);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = (await res.json()) as { message?: unknown };
    expect(body).not.toHaveProperty('token');
    expect(typeof body.message).toBe('string');
    const row = await server.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'ada@example.com')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ role: 'customer', username: 'ada', username_key: 'ada' });
    expect(Boolean(row.email_verified)).toBe(false);
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('answers 409 for a taken email (any case) or username (any case)', async () => {
    const email = await post('/register', person({ email: 'ADA@example.com', username: 'ada2' }), otherBrowser);
    expect(email.status).toBe(409);
    expect(await email.json()).toEqual({ message: 'An account with this email already exists', field: 'email' });
    const username = await post('/register', person({ email: 'ada2@example.com', username: 'ADA' }), otherBrowser);
    expect(username.status).toBe(409);
    expect(await username.json()).toEqual({ message: 'This username is already taken', field: 'username' });
  });

  it('makes a customer even when the body asks for admin', async () => {
    const res = await post(
      '/register',
      person({ email: 'mallory@example.com', username: 'mallory', role: 'admin', isAdmin: true }),
    );
    expect(res.status).toBe(201);
    const row = await server.db
      .selectFrom('users')
      .select('role')
      .where('email', '=', 'mallory@example.com')
      .executeTakeFirstOrThrow();
    expect(row.role).toBe('customer');
  });

  it.each([
    ['a short password', { password: 'short pass' }, 'password', 'Password must be at least 12 characters'],
    ['a common password', { password: 'qwerty123456' }, 'password', 'Password is too common; choose another'],
    ['a weak password', { password: 'aaaaaaaaaaaaaaaa' }, 'password', 'Password is too easy to guess'],
    [
      'a password with the username',
      { username: 'grace', password: 'grace-is-my-password' },
      'password',
      'Password must not contain your name, email or the site name',
    ],
    ['an overlong password', { password: 'x'.repeat(129) }, 'password', 'Password must be at most 128 characters'],
    ['a bad email', { email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
    [
      'an email with a line break',
      { email: 'a@example.com\r\nBcc: x@example.com' },
      'email',
      'Email must not contain control characters',
    ],
    ['a missing first name', { first_name: '' }, 'first_name', 'First name is required'],
    ['a first name that is not text', { first_name: 42 }, 'first_name', 'First name is required'],
    [
      'a username with spaces',
      { username: 'ada lovelace' },
      'username',
      'Username may contain only letters, digits, dots, hyphens and underscores',
    ],
    ['a reserved username', { username: 'Administrator' }, 'username', 'This username is reserved; choose another'],
  ])('answers 400 with a plain sentence, the field named apart, for %s', async (_label, over, field, message) => {
    const res = await post('/register', person({ email: 'new@example.com', username: 'newbie', ...over }));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message, field });
  });

  it('answers 400 for a body that is not JSON', async () => {
    const res = await fetch(`${server.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{',
    });
    expect(res.status).toBe(400);
  });

  it('refuses password sign-in until the email is verified', async () => {
    const res = await post('/login', { username: 'ada', password: 'analytical engine notes' });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { message: string }).message).toMatch(/verify/i);
  });

  it('mails a six-digit code that verify-otp turns into a session token for /me', async () => {
    const before = mailFiles(server.dataDir);
    const requested = await post('/request-otp', { email: 'ada@example.com' });
    expect(requested.status).toBe(200);
    const mail = await waitForMail(server.dataDir, { to: 'ada@example.com', after: before });
    expect(mail.subject).toMatch(/^Brand: confirm your email address$/);
    expect(mail.text).toMatch(/confirm your email address/i);
    expect(mail.html).toContain('<strong');
    const code = codeFrom(mail);
    expect(code).toMatch(/^\d{6}$/);

    const verified = await post('/verify-otp', { email: 'ada@example.com', otp: code });
    expect(verified.status).toBe(200);
    const { token } = (await verified.json()) as { token: string };
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const me = await fetch(`${server.url}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
    expect(me.headers.get('cache-control')).toBe('no-store');
    const user = (await me.json()) as User;
    // The spec's User fields plus the additive must_change_password flag; never a hash or a secret.
    expect(Object.keys(user).sort()).toEqual([
      '_id',
      'email',
      'first_name',
      'last_name',
      'must_change_password',
      'profile_image',
      'role',
      'username',
    ]);
    expect(user.must_change_password).toBe(false);
    expect(user).toMatchObject({
      email: 'ada@example.com',
      username: 'ada',
      role: 'customer',
      first_name: 'Ada',
      profile_image: '',
    });

    const row = await server.db
      .selectFrom('users')
      .select('email_verified')
      .where('email', '=', 'ada@example.com')
      .executeTakeFirstOrThrow();
    expect(Boolean(row.email_verified)).toBe(true);
    expect((await post('/login', { username: 'ada', password: 'analytical engine notes' })).status).toBe(200);
  });

  it('writes outbox mail, the key and the database with mode 0600 and escapes the company name in HTML', async () => {
    await server.db
      .insertInto('company_settings')
      .values({ id: 1, public_id: 'c1', name: 'Tom & Jerry <Co>' })
      .execute();
    const before = mailFiles(server.dataDir);
    await post('/register', person({ email: 'esc@example.com', username: 'escaper' }));
    await post('/request-otp', { email: 'escaper' });
    const mail = await waitForMail(server.dataDir, { to: 'esc@example.com', after: before });
    expect(mail.html).toContain('Tom &amp; Jerry &lt;Co&gt;');
    expect(mail.html).not.toContain('<Co>');
    expect(mail.text).toContain('Tom & Jerry <Co>');
    const { existsSync, statSync } = await import('node:fs');
    const { join } = await import('node:path');
    expect(statSync(join(server.dataDir, 'outbox', mail.file)).mode & 0o777).toBe(0o600);
    // With AUTH_SECRET (always on the PostgreSQL run, where instances share it) no key file is made.
    if (server.env.AUTH_SECRET) expect(existsSync(join(server.dataDir, 'secret.key'))).toBe(false);
    else expect(statSync(join(server.dataDir, 'secret.key')).mode & 0o777).toBe(0o600);
    // The SQLite database and its write-ahead files, which hold the same secrets, are the server's alone too.
    if (!server.env.DATABASE_URL) expect(existsSync(join(server.dataDir, 'site.db'))).toBe(true);
    for (const file of ['site.db', 'site.db-wal', 'site.db-shm'].filter((f) => existsSync(join(server.dataDir, f))))
      expect(statSync(join(server.dataDir, file)).mode & 0o777, file).toBe(0o600);
  });

  it('logs registrations and rejections without passwords', () => {
    const text = logs.join('\n');
    expect(logs.some((l) => l.includes('"register"'))).toBe(true);
    expect(logs.some((l) => l.includes('"validation.rejected"'))).toBe(true);
    expect(text).not.toContain('analytical engine notes');
    expect(text).not.toContain('qwerty123456');
  });
});
